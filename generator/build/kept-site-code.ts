/**
 * The site's code as the last build bundled it (`.clubsite/cache/site-code.json`), taken again
 * instead of running esbuild while nothing it was bundled from can have changed, for the same
 * generator code and esbuild: every file esbuild read for it and the project's package.json,
 * tsconfig.json and jsconfig.json, each with the stamp it had (modification time, size, inode),
 * and the names of the files in every folder those lie in, up to the project's (a file added
 * beside an import may be what the import resolves to now: see namesIn). A file written within
 * two seconds of the bundling may change again without a new stamp: such a bundle is not kept.
 * Anything that does not read as kept is no cache: the site is bundled as always.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { KeptCode, SiteBundle } from '../model/site.ts';
import { writeWhole } from './cache-folder.ts';
import { generatorCode } from './generator-code.ts';

const FORMAT = 1;
const FILE = 'site-code.json';
/** Files of the project that change how esbuild resolves an import without being one of its inputs. */
const SETTINGS = ['package.json', 'tsconfig.json', 'jsconfig.json'];
/** A file written this close to the bundling may have changed since without a new stamp. */
const RACY_MS = 2000;

interface Kept {
  format: number;
  /** What made it: the generator's code, esbuild's version, the entry, the project. */
  madeBy: string;
  bundle: SiteBundle;
  inputs: string[];
  /** Each stamped file (the inputs, the settings) and its stamp, '' for none. */
  stamps: Array<[string, string]>;
  /** Each folder the inputs lie in and the names it held. */
  folders: Array<[string, string]>;
}

export class KeptSiteCode implements KeptCode {
  readonly #file: string;

  constructor(
    cacheDir: string,
    private readonly root: string,
  ) {
    this.#file = path.join(cacheDir, FILE);
  }

  find(entry: string): { bundle: SiteBundle; inputs: string[] } | undefined {
    try {
      const kept = JSON.parse(readFileSync(this.#file, 'utf8')) as Kept;
      if (kept.format !== FORMAT || kept.madeBy !== this.#madeBy(entry)) return undefined;
      if (!kept.stamps.every(([file, stamp]) => stampOf(file) === stamp)) return undefined;
      if (!kept.folders.every(([folder, names]) => namesIn(folder) === names)) return undefined;
      return { bundle: kept.bundle, inputs: kept.inputs };
    } catch {
      return undefined;
    }
  }

  keep(entry: string, bundle: SiteBundle, inputs: readonly string[], startedAt: number): void {
    const files = [...new Set([...inputs, ...SETTINGS.map((name) => path.join(this.root, name))])];
    const stamps = files.map((file): [string, string] => [file, stampOf(file)]);
    if (files.some((file) => (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= startedAt - RACY_MS)) return;
    const folders = [...new Set(inputs.flatMap((input) => foldersOf(input, this.root)))].map(
      (folder): [string, string] => [folder, namesIn(folder)],
    );
    const kept: Kept = { format: FORMAT, madeBy: this.#madeBy(entry), bundle, inputs: [...inputs], stamps, folders };
    try {
      // The first build with a cache bundles its site before anything else makes the folder.
      mkdirSync(path.dirname(this.#file), { recursive: true });
      writeWhole(this.#file, JSON.stringify(kept));
    } catch {
      // A cache that cannot be written is only not kept.
    }
  }

  #madeBy(entry: string): string {
    return JSON.stringify([generatorCode(), esbuild.version, this.root, entry]);
  }
}

/** The kept site code of a build with a cache folder. */
export function keptCodeOf(options: { root: string; cacheDir?: string }): KeptSiteCode | undefined {
  if (options.cacheDir === undefined) return undefined;
  const root = path.resolve(options.root);
  return new KeptSiteCode(path.resolve(root, options.cacheDir), root);
}

function stampOf(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.mtimeMs}:${stats.size}:${stats.ino}` : '';
}

/**
 * The names of a folder's files, in order ('' for a folder that cannot be read). Not its folders:
 * a folder beside an import never wins over the file it resolved to, and the one it resolved
 * into is stamped itself; the output folder comes and goes in the project's. Nor names that begin
 * with a dot (an editor's swap files, the build's own folders).
 */
function namesIn(folder: string): string {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.') && !entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .join('/');
  } catch {
    return '';
  }
}

/** The folders `file` lies in, up to `root` (itself included); only its own for a file outside it. */
function foldersOf(file: string, root: string): string[] {
  const folders = [path.dirname(file)];
  let folder = path.dirname(file);
  while (folder !== root && folder.startsWith(`${root}${path.sep}`)) {
    folder = path.dirname(folder);
    folders.push(folder);
  }
  return folders;
}
