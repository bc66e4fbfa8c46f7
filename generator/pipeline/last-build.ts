/**
 * The last build, as make would keep it: what the output folder was built from, so a build
 * whose inputs are all as they were then, at a time before the output next changes by itself,
 * leaves the folder as it is and says so, in the time it takes to look at the files (the
 * nightly run on a night nothing is due, a second `clubsite build` out of habit).
 *
 * Inputs are the content folder (every file and folder in it), the files the site's code and
 * the client bundles were made of, the project's configuration and installed packages, the
 * generator's own code, the build's options and the commit the sources are at. A file counts
 * as unchanged when its size, modification and change times and inode are: the change time
 * cannot be set back by hand. As git does for its index, a build whose inputs were written
 * within two seconds of its start (perhaps during it, or in the same tick of a coarse
 * clock) is not recorded, so a file saved while a build read it is never taken as built.
 * The output folder must be the one that build swapped in (same inode and modification time):
 * a folder restored or replaced is built again. Files edited inside it by hand are not looked
 * at; `--no-cache` builds whatever the record says.
 */
import type { Language } from '../messages/say.ts';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentWalk, type Looked } from '../load/content-walk.ts';
import { generatorCode } from './generator-code.ts';
import { sourceCommit } from './source-commit.ts';
import { readSealed, writeSealed } from '../sealed-file.ts';

const RECORD_FILE = 'last-build.json';
const FORMAT = 2;
/** A file written this close to a build's start may have been read before its last write. */
const RACY_MS = 2000;

/** What a build was asked to make, besides its files: a change to any of these builds again. */
export interface BuildAsked {
  root: string;
  /** Relative to the root, as the configuration names it. */
  contentDir: string;
  siteEntry: string;
  defaultTemplate: string;
  outDir: string;
  base: string;
  origin?: string;
}

/** The summary's figures, as the build printed them. */
export interface RecordedFigures {
  pages: number;
  html: number;
  js: number;
  css: number;
  searchIndexBytes: number;
  searchIndexParts: number;
  searchIndexGzip: number | undefined;
  searchDocuments: number;
}

interface LastBuild {
  format: typeof FORMAT;
  /** The options, the generator's code, Node's version and the sources' commit, hashed. */
  asked: string;
  /** The input files looked at besides the content folder (absolute). */
  files: string[];
  /** Every input's path, size, times and inode, hashed. */
  stamps: string;
  out: { ino: number; mtimeMs: number };
  /** The build's clock, and when its output next changes by itself (null: never). */
  builtAt: number;
  until: number | null;
  timeZone: string;
  figures: RecordedFigures;
  /** The next change's reason, as the summary told it. */
  reason: string | null;
  /** The build's warnings, as printed (they are told again). */
  warnings: string;
  /** The site's language, for the summary told again. */
  language?: Language;
}

/** Files of the project every build depends on, whether or not its code names them. */
const PROJECT_FILES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json'];

function askedKey(asked: BuildAsked, configFile: string | undefined): string {
  const { root, contentDir, siteEntry, defaultTemplate, outDir, base, origin } = asked;
  const text = JSON.stringify([
    generatorCode(),
    process.version,
    process.env.CLUBSITE_IMAGE_CACHE ?? null,
    sourceCommit(root) ?? null,
    [root, contentDir, siteEntry, defaultTemplate, outDir, base, origin ?? null, configFile ?? null],
  ]);
  return createHash('sha256').update(text).digest('base64url');
}

/** Each input's stamp, hashed, and the latest time one of them was written. */
function stampsOf(
  files: readonly string[],
  content: { stamps: string; newest: number },
): { stamps: string; newest: number } {
  const others = new Stamps();
  for (const file of files) others.stamp(file);
  const stamps = createHash('sha256').update(content.stamps).update(others.hash.digest('base64url'));
  return { stamps: stamps.digest('base64url'), newest: Math.max(content.newest, others.newest) };
}

/** The content folder's stamps, from its one look per build (load takes its files' stamps from the same look). */
function contentStamps(walk: ContentWalk): { stamps: string; newest: number } {
  let hashed = contentHashes.get(walk);
  if (!hashed) {
    const stamps = new Stamps();
    for (const [file, stats] of walk.stats()) stamps.add(file, stats);
    hashed = { stamps: stamps.hash.digest('base64url'), newest: stamps.newest };
    contentHashes.set(walk, hashed);
  }
  return hashed;
}

/** The latest time a file or folder of the look was written (as contentStamps finds it, without hashing). */
function newestOf(walk: ContentWalk): number {
  let newest = 0;
  for (const stats of walk.stats().values()) if (stats) newest = Math.max(newest, stats.mtimeMs, stats.ctimeMs);
  return newest;
}

/** Each look's stamps, hashed once: the check before a build and the record after it hash the same look. */
const contentHashes = new WeakMap<ContentWalk, { stamps: string; newest: number }>();

/** Files' paths, sizes, times and inodes, hashed, and the latest time one of them was written. */
class Stamps {
  readonly hash = createHash('sha256');
  newest = 0;

  stamp(file: string): void {
    this.add(file, lstatSync(file, { throwIfNoEntry: false }));
  }

  add(file: string, stats: Looked | undefined): void {
    if (!stats) {
      this.hash.update(`${file}\0-\n`);
      return;
    }
    this.newest = Math.max(this.newest, stats.mtimeMs, stats.ctimeMs);
    this.hash.update(`${file}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}\n`);
  }
}

/** The caller's look when it is at the content folder asked for (else a look of its own). */
function walkOf(asked: BuildAsked, walk: ContentWalk): ContentWalk {
  const contentDir = path.resolve(asked.root, asked.contentDir);
  return walk.dir === contentDir ? walk : new ContentWalk(contentDir);
}

/** The output folder the build swapped in (through a symlinked --out, the folder it points to). */
function outIdentity(outDir: string): LastBuild['out'] | undefined {
  const stats = statSync(outDir, { throwIfNoEntry: false });
  return stats?.isDirectory() ? { ino: stats.ino, mtimeMs: stats.mtimeMs } : undefined;
}

function readRecord(cacheDir: string): LastBuild | undefined {
  try {
    const record = JSON.parse(readSealed(path.join(cacheDir, RECORD_FILE)).toString('utf8')) as LastBuild;
    return record.format === FORMAT ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The last build, when the output folder is still what it made and nothing it was built from
 * has changed, and `now` is before its output next changes; otherwise undefined.
 */
export function unchangedBuild(
  cacheDir: string,
  asked: BuildAsked,
  configFile: string | undefined,
  nowOf: (timeZone: string) => Date,
  /** The content folder's look, shared with the build that follows (taken here only when the rest is as it was). */
  walk: ContentWalk,
): { record: LastBuild; now: Date } | undefined {
  try {
    return unchanged(cacheDir, asked, configFile, nowOf, walkOf(asked, walk));
  } catch {
    // A file that cannot be looked at, a clock that cannot be read: the build finds out and says so.
    return undefined;
  }
}

function unchanged(
  cacheDir: string,
  asked: BuildAsked,
  configFile: string | undefined,
  nowOf: (timeZone: string) => Date,
  walk: ContentWalk,
): { record: LastBuild; now: Date } | undefined {
  const record = readRecord(cacheDir);
  if (!record) return undefined;
  const now = nowOf(record.timeZone).getTime();
  if (now < record.builtAt || (record.until !== null && now >= record.until)) return undefined;
  const out = outIdentity(asked.outDir);
  if (out?.ino !== record.out.ino || out.mtimeMs !== record.out.mtimeMs) return undefined;
  if (record.asked !== askedKey(asked, configFile)) return undefined;
  // Taken before the content is read, the look is the one the build loads by and records (recordBuild).
  if (stampsOf(record.files, contentStamps(walk)).stamps !== record.stamps) return undefined;
  return { record, now: new Date(now) };
}

interface FinishedBuild {
  /** Date.now() when the build began, before it read anything. */
  startedAt: number;
  now: Date;
  /** When its output next changes by itself (undefined: never). */
  until: number | undefined;
  reason: string | undefined;
  timeZone: string;
  /** The files its code and bundles were made of. */
  codeFiles: readonly string[];
  figures: RecordedFigures;
  warnings: string;
  language: Language;
}

/**
 * Records a build that has just swapped its output in, or removes the record when the build
 * cannot be vouched for (an input written as it began, an output folder that is not there).
 */
export function recordBuild(
  cacheDir: string,
  asked: BuildAsked,
  configFile: string | undefined,
  build: FinishedBuild,
  /** The content folder's look the build loaded by (a build that did not take it looks now). */
  walk: ContentWalk,
): void {
  const file = path.join(cacheDir, RECORD_FILE);
  try {
    const made = recordOf(asked, configFile, build, walkOf(asked, walk));
    if (!made) {
      rmSync(file, { force: true });
      return;
    }
    // Written whole or not at all: two builds may finish at once.
    mkdirSync(cacheDir, { recursive: true });
    writeSealed(file, JSON.stringify(made));
  } catch {
    // Not recorded (a cache folder that cannot be written): the next build builds, as without one.
    rmSync(file, { force: true });
  }
}

/** What to record of the build, or undefined when it cannot be vouched for. */
function recordOf(
  asked: BuildAsked,
  configFile: string | undefined,
  build: FinishedBuild,
  walk: ContentWalk,
): LastBuild | undefined {
  // A look taken after the build began is safe too: whatever was written during it is newer than the start.
  // Just edited (the common case right after a save): not recorded, and nothing needs hashing or another look.
  if (walk.justWritten || newestOf(walk) >= build.startedAt - RACY_MS) return undefined;
  const content = contentStamps(walk);
  const projectFiles = [...PROJECT_FILES, ...(configFile ? [configFile] : [])].map((name) =>
    path.resolve(asked.root, name),
  );
  const files = [...new Set([...projectFiles, ...build.codeFiles.map((name) => path.resolve(asked.root, name))])];
  const { stamps, newest } = stampsOf(files, content);
  const out = outIdentity(asked.outDir);
  if (!out || newest >= build.startedAt - RACY_MS) return undefined;
  return {
    format: FORMAT,
    asked: askedKey(asked, configFile),
    files,
    stamps,
    out,
    builtAt: build.now.getTime(),
    until: build.until ?? null,
    timeZone: build.timeZone,
    figures: build.figures,
    reason: build.reason ?? null,
    warnings: build.warnings,
    language: build.language,
  };
}
