/**
 * What the load and validate stages made of each content file, kept between builds beside the
 * page cache (`sources.bin`). A file whose stamp (modification time, size, inode: stampOf) is as
 * it was is not read, parsed, checked or validated again: its parsed front matter, what
 * checkText found in it and its validated page come from here. Its text and Markdown body are
 * read from the file only when something asks for them (a page rendered again), and checked
 * against the hash of the text the earlier build read: a file changed since (mid-build) is a
 * problem that says "build again", never a page made of two versions of it.
 *
 * The file holds no text (at 10,000 pages, a few megabytes where the texts are 44): reading it
 * back costs a tenth of reading and parsing the files. A build that changed a few files writes
 * only those, into `sources.delta.bin` (every file changed or gone since sources.bin was
 * written, named by that file's generation); once they are many, sources.bin is written again.
 * A delta of another generation (a build beside this one wrote sources.bin) is not read: the
 * files it held are read, as their stamps no longer match sources.bin's. A validated page is
 * kept only for the site code and default template that validated it. Like the page cache,
 * anything that does not read as expected is no cache: every file is read.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { SiteDefinition } from '../contract/index.ts';
import { ContentError, type ErrorDetails } from '../errors.ts';
import type { PageCache } from '../load/load-content.ts';

type PageCacheEntry = PageCache extends Map<string, infer Entry> ? Entry : never;
import { textHashOf } from '../load/text-hash.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { LoadedSite } from '../model/site.ts';
import type { PageSource, YamlSource } from '../model/source.ts';
import { type Findings, findingsOf, knowFindings } from '../validate/check-text.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { buildStamp, writeWhole } from './cache-folder.ts';
import { ReadAhead } from './read-ahead.ts';
import { keptBodyLength, nodesJson, nodesOnDemand, readOnDemand } from './kept-source.ts';
import { generatorCode } from './generator-code.ts';
import { siteCodeOf } from './page-keys.ts';

const SOURCES_FILE = 'sources.bin';
const DELTA_FILE = 'sources.delta.bin';
const FORMAT = 3;
/** Files changed since sources.bin past which it is written again (a share of its files, or a few): a delta is read whole by every build. */
const DELTA_SHARE = 1 / 16;
const DELTA_FEW = 8;

/** A file as kept: a page's parsed source without its text and body, and what was made of it. */
interface KeptFile {
  stamp: string;
  /** Without the places of its YAML values (`nodes`): they are `nodes` here. */
  parsed: PageSource | YamlSource;
  /** The places of the values of the YAML file or of the page's front matter, as JSON text (keptYaml). */
  nodes: string;
  /** A page file's text's hash (none for a YAML data file). */
  hash?: string;
  bodyLength?: number;
  /** What checkText found in the page, when it found something; `clean` when it looked and found nothing. */
  findings?: { errors: ErrorDetails[]; warnings: ErrorDetails[] };
  clean?: true;
  page?: ValidatedPage;
}

interface SourcesFile {
  format: number;
  generator: string;
  /** The site's code and default template that validated the kept pages. */
  validatedBy: string;
  /** This writing's mark: the delta written after it names it. */
  generation: string;
  files: Array<[absolute: string, kept: KeptFile]>;
}

/** The files changed or gone since sources.bin of `base` was written. */
interface DeltaFile {
  format: number;
  generator: string;
  base: string;
  files: Array<[absolute: string, kept: KeptFile]>;
  removed: string[];
}

/** What a build hands prepare(): the files kept, as the dev session keeps them in memory. */
export interface KeptSources {
  parsed: PageCache;
  validated: ValidatedPages;
}

export class SourceCache {
  /** The parsed files as read back, and for what they were validated: a build that changed neither need not save. */
  #restored = new Set<PageSource | YamlSource>();
  #validatedBy: string | undefined;
  /** What was read of sources.bin itself: its generation, its files' paths and parsed files (a delta holds the others). */
  #base: { generation: string; files: string[]; parsed: Set<PageSource | YamlSource> } | undefined;

  constructor(
    readonly dir: string,
    private readonly generator: string,
  ) {}

  /** The kept files, for the site whose code (as a key) and default template are `validatedBy`. */
  restore(site: SiteDefinition, validatedBy: string, bytes?: Buffer): KeptSources {
    const parsed: PageCache = new Map();
    const validated: ValidatedPages = new WeakMap();
    const read = this.#read(bytes);
    if (!read) return { parsed, validated };
    const forget = () => this.#forget();
    const delta = this.#readDelta(read.generation);
    const base = { generation: read.generation, files: [] as string[], parsed: new Set<PageSource | YamlSource>() };
    try {
      base.files = read.files.map(([absolute]) => absolute);
      for (const [absolute, kept] of withDelta(read.files, delta)) {
        if (!delta?.changed.has(absolute)) base.parsed.add(kept.parsed);
        nodesOnDemand('frontMatter' in kept.parsed ? kept.parsed.frontMatter : kept.parsed, kept.nodes);
        if (kept.hash !== undefined)
          readOnDemand(
            absolute,
            kept.parsed as PageSource,
            { hash: kept.hash, bodyLength: kept.bodyLength ?? 0 },
            forget,
          );
        if (kept.findings) knowFindings(kept.parsed as PageSource, findingsFrom(kept.findings));
        else if (kept.clean) knowFindings(kept.parsed as PageSource, NO_FINDINGS);
        if (kept.page && read.validatedBy === validatedBy)
          validated.set(kept.parsed as PageSource, { site, page: kept.page });
        parsed.set(absolute, { parsed: kept.parsed, stamp: kept.stamp });
        this.#restored.add(kept.parsed);
      }
    } catch {
      // Not what a build wrote: every file is read.
      this.#restored.clear();
      return { parsed: new Map(), validated: new WeakMap() };
    }
    this.#validatedBy = read.validatedBy;
    this.#base = base;
    return { parsed, validated };
  }

  /** Keeps the files of a build that succeeded, unless they are the ones read back. */
  save({ parsed, validated }: KeptSources, validatedBy: string): void {
    const entries = [...parsed].filter(([, entry]) => entry.stamp !== undefined);
    const same =
      entries.length === this.#restored.size && entries.every(([, entry]) => this.#restored.has(entry.parsed));
    if (same && this.#validatedBy === validatedBy) return;
    const kept = ([absolute, entry]: [string, PageCacheEntry]): [string, KeptFile] => [
      absolute,
      keptFile(entry.parsed, entry.stamp ?? '', validated),
    ];
    try {
      const base = this.#validatedBy === validatedBy ? this.#base : undefined;
      const changed = base ? entries.filter(([, entry]) => !base.parsed.has(entry.parsed)) : entries;
      if (base && changed.length <= Math.max(DELTA_FEW, base.files.length * DELTA_SHARE)) {
        const present = new Set(entries.map(([absolute]) => absolute));
        const removed = base.files.filter((absolute) => !present.has(absolute));
        const delta: DeltaFile = { ...this.#mark(), base: base.generation, files: changed.map(kept), removed };
        writeWhole(path.join(this.dir, DELTA_FILE), v8.serialize(delta));
        return;
      }
      const contents: SourcesFile = {
        ...this.#mark(),
        validatedBy,
        generation: buildStamp(),
        files: entries.map(kept),
      };
      writeWhole(path.join(this.dir, SOURCES_FILE), v8.serialize(contents));
      // A delta names the generation it follows: the one there now is no longer read.
      rmSync(path.join(this.dir, DELTA_FILE), { force: true });
    } catch {
      // The next build reads the files this one could not keep: the cache only saves time.
    }
  }

  #mark = () => ({ format: FORMAT, generator: this.generator });

  #forget(): void {
    rmSync(path.join(this.dir, SOURCES_FILE), { force: true });
    rmSync(path.join(this.dir, DELTA_FILE), { force: true });
  }

  /** The delta written after sources.bin of `generation`, its files by path; undefined when there is none, or none that fits. */
  #readDelta(generation: string): { files: DeltaFile['files']; changed: Set<string>; removed: string[] } | undefined {
    try {
      const delta = v8.deserialize(readFileSync(path.join(this.dir, DELTA_FILE))) as Partial<DeltaFile>;
      const fits = delta?.format === FORMAT && delta.generator === this.generator && delta.base === generation;
      if (!fits || !Array.isArray(delta.files) || !Array.isArray(delta.removed)) return undefined;
      return {
        files: delta.files,
        changed: new Set(delta.files.map(([absolute]) => absolute)),
        removed: delta.removed,
      };
    } catch {
      return undefined;
    }
  }

  /** sources.bin as it is believed (`bytes`: what was read of it already), else undefined. */
  #read(bytes?: Buffer): SourcesFile | undefined {
    try {
      const read = bytes ?? readFileSync(path.join(this.dir, SOURCES_FILE));
      const contents = v8.deserialize(read) as Partial<SourcesFile>;
      const fits =
        contents?.format === FORMAT && contents.generator === this.generator && typeof contents.generation === 'string';
      return fits && Array.isArray(contents.files) ? (contents as SourcesFile) : undefined;
    } catch {
      return undefined;
    }
  }
}

/** sources.bin's files with a delta's over them: changed ones in its place, gone ones left out, new ones after. */
function withDelta(
  files: SourcesFile['files'],
  delta: { files: DeltaFile['files']; removed: string[] } | undefined,
): Iterable<[string, KeptFile]> {
  if (!delta) return files;
  const merged = new Map(files);
  for (const absolute of delta.removed) merged.delete(absolute);
  for (const [absolute, kept] of delta.files) merged.set(absolute, kept);
  return merged;
}

/** A parsed file as kept: a page without its text and body (its validated page pointing at the copy). */
function keptFile(parsed: PageSource | YamlSource, stamp: string, validated: ValidatedPages): KeptFile {
  if (!('text' in parsed)) return { stamp, parsed: keptYaml(parsed), nodes: nodesJson(parsed) };
  const { file, route, bodyLineOffset } = parsed;
  const frontMatter = keptYaml(parsed.frontMatter);
  const copy = { file, route, frontMatter, bodyLineOffset } as PageSource;
  const found = findingsOf(parsed);
  const page = validated.get(parsed)?.page;
  return {
    stamp,
    parsed: copy,
    nodes: nodesJson(parsed.frontMatter),
    hash: textHashOf(parsed),
    bodyLength: keptBodyLength(parsed) ?? parsed.body.length,
    ...(found && found.errors.length + found.warnings.length === 0 ? { clean: true } : {}),
    ...(found && found.errors.length + found.warnings.length > 0
      ? { findings: { errors: found.errors.map(detailsOf), warnings: found.warnings.map(detailsOf) } }
      : {}),
    ...(page ? { page: { ...page, sourcePage: copy, frontMatter } } : {}),
  };
}

/**
 * A YAML source as kept: without the places of its values, which are kept beside it as JSON text
 * (nodesJson), read back at the cost of copying it, and parsed only when a problem in the file
 * is told (most never are).
 */
const keptYaml = (source: YamlSource): YamlSource => ({ file: source.file, data: source.data }) as YamlSource;

const detailsOf = ({ code, file, line, column, field, message, hint }: ContentError): ErrorDetails => ({
  code,
  file,
  ...(line === undefined ? {} : { line }),
  ...(column === undefined ? {} : { column }),
  ...(field === undefined ? {} : { field }),
  message,
  hint,
});

/** What checkText found in most pages: nothing (read only, as every page's findings are). */
const NO_FINDINGS = Object.freeze({ errors: Object.freeze([]), warnings: Object.freeze([]) }) as unknown as Findings;

const findingsFrom = (kept: { errors: ErrorDetails[]; warnings: ErrorDetails[] }) => ({
  errors: kept.errors.map((details) => new ContentError(details)),
  warnings: kept.warnings.map((details) => new ContentError(details)),
});

/** A build's kept sources: what it hands prepare(), and `keep`, which saves them once the build has succeeded. */
export interface BuildSources {
  reuse: Partial<KeptSources>;
  keep: () => void;
}

/** A build without a cache folder (`--no-cache`) keeps nothing. */
export const NOTHING_KEPT: BuildSources = { reuse: {}, keep: () => undefined };

/**
 * The files kept in `cacheDir`: sources.bin is read from now, on a thread, while the site's code
 * is bundled (12 MB at 10,000 pages), and restored for the site once it is known.
 */
export function keptSources(
  run: { root: string; defaultTemplate: string },
  cacheDir: string,
): { restore(site: LoadedSite): Promise<BuildSources> } {
  const cache = new SourceCache(path.resolve(run.root, cacheDir), generatorCode());
  const file = new ReadAhead(path.join(cache.dir, SOURCES_FILE));
  return {
    async restore(site) {
      const validatedBy = `${siteCodeOf(site.bundle.code)}\n${run.defaultTemplate}`;
      await file.arrived();
      const reuse = cache.restore(site.site, validatedBy, file.take());
      return { reuse, keep: () => cache.save(reuse, validatedBy) };
    },
  };
}
