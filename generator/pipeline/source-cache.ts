/**
 * What the load and validate stages made of each content file, kept between builds beside the
 * page cache (`sources.bin`). A file whose stamp (modification time, size, inode: stampOf) is as
 * it was is not read, parsed, checked or validated again: its parsed front matter, what
 * checkText found in it and its validated page come from here. Its text and Markdown body are
 * read from the file only when something asks for them (a page rendered again), and checked
 * against the hash of the text the earlier build read: a file changed since (mid-build) is a
 * problem that says "build again", never a page made of two versions of it.
 *
 * The file holds no text (at 10,000 pages, 8 MB where the texts are 44), and its files as columns
 * (pipeline/kept-table.ts): what every build reads of them decodes in a few milliseconds, and a
 * page's front matter and the places of its values only when asked for. A build that changed a few files writes
 * only those, into `sources.delta.bin` (every file changed or gone since sources.bin was
 * written, named by that file's generation); once they are many, sources.bin is written again.
 * A delta of another generation (a build beside this one wrote sources.bin) is not read: the
 * files it held are read, as their stamps no longer match sources.bin's. A validated page is
 * kept only for the site code and default template that validated it. Like the page cache,
 * anything that does not read as expected is no cache: every file is read.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { SiteDefinition } from '../contract/index.ts';
import type { PageCache } from '../load/load-content.ts';
import type { LoadedSite } from '../model/site.ts';
import type { PageSource, YamlSource } from '../model/source.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { buildStamp } from './cache-folder.ts';
import type { ReadAhead } from './read-ahead.ts';
import { readSourcesAhead, SOURCES_FILE } from './kept-sources-file.ts';
import { KeptValidated, restoreRows } from './restore-rows.ts';
import { keptRowOf } from './kept-source.ts';
import { checkedTable, type KeptTable } from './kept-table.ts';
import { tableOf } from './kept-rows.ts';
import { generatorCode } from './generator-code.ts';
import { siteCodeOf } from './page-keys.ts';
import { readSealed, writeSealed } from '../sealed-file.ts';
import { noteCacheFault } from '../noted-cache-fault.ts';

const DELTA_FILE = 'sources.delta.bin';
const FORMAT = 5;
/** Files changed since sources.bin past which it is written again (a share of its files, or a few): a delta is read whole by every build. */
const DELTA_SHARE = 1 / 16;
const DELTA_FEW = 8;

interface SourcesFile {
  format: number;
  generator: string;
  /** The site's code and default template that validated the kept pages. */
  validatedBy: string;
  /** This writing's mark: the delta written after it names it. */
  generation: string;
  table: KeptTable;
}

/** The files changed or gone since sources.bin of `base` was written. */
interface DeltaFile {
  format: number;
  generator: string;
  base: string;
  table: KeptTable;
  removed: string[];
}

/** What a build hands prepare(): the files kept, as the dev session keeps them in memory. */
interface KeptSources {
  parsed: PageCache;
  validated: ValidatedPages;
}

class SourceCache {
  /** How many files were read back, and for what they were validated: a build that changed neither need not save. */
  #restored = 0;
  #validatedBy: string | undefined;
  /** What was read of sources.bin itself: its generation, its files' paths and table (a delta holds the others). */
  #base: { generation: string; table: KeptTable } | undefined;
  /** The tables the files were read back from (sources.bin's, the delta's). */
  readonly #tables = new Set<KeptTable>();

  constructor(
    readonly dir: string,
    private readonly generator: string,
  ) {}

  /** The kept files, for the site whose code (as a key) and default template are `validatedBy`. */
  restore(site: SiteDefinition, validatedBy: string, bytes?: Buffer): KeptSources {
    const parsed: PageCache = new Map();
    const read = this.#read(bytes);
    if (!read) return { parsed, validated: new WeakMap() };
    const validated = new KeptValidated(site, read.validatedBy === validatedBy);
    const delta = this.#readDelta(read.generation);
    const forget = () => this.#forget();
    const restoring = { forget, parsed };
    try {
      const replaced = new Set(delta ? [...delta.table.paths, ...delta.removed] : []);
      restoreRows(read.table, restoring, (absolute) => !replaced.has(absolute));
      if (delta) restoreRows(delta.table, restoring, () => true);
    } catch {
      // Not what a build wrote: every file is read.
      return { parsed: new Map(), validated: new WeakMap() };
    }
    for (const table of delta ? [read.table, delta.table] : [read.table]) this.#tables.add(table);
    this.#restored = parsed.size;
    this.#validatedBy = read.validatedBy;
    this.#base = { generation: read.generation, table: read.table };
    return { parsed, validated };
  }

  /** Keeps the files of a build that succeeded, unless they are the ones read back. */
  save({ parsed, validated }: KeptSources, validatedBy: string): void {
    const entries = [...parsed].filter(([, entry]) => entry.stamp !== undefined);
    const restored = (source: PageSource | YamlSource) => this.#tables.has(keptRowOf(source)?.files.table as KeptTable);
    const same = entries.length === this.#restored && entries.every(([, entry]) => restored(entry.parsed));
    if (same && this.#validatedBy === validatedBy) return;
    try {
      const base = this.#validatedBy === validatedBy ? this.#base : undefined;
      const changed = base
        ? entries.filter(([, entry]) => keptRowOf(entry.parsed)?.files.table !== base.table)
        : entries;
      if (base && changed.length <= Math.max(DELTA_FEW, base.table.paths.length * DELTA_SHARE)) {
        const present = new Set(entries.map(([absolute]) => absolute));
        const removed = base.table.paths.filter((absolute) => !present.has(absolute));
        const table = tableOf(changed, validated);
        const delta: DeltaFile = { ...this.#mark(), base: base.generation, table, removed };
        writeSealed(path.join(this.dir, DELTA_FILE), v8.serialize(delta));
        return;
      }
      const contents: SourcesFile = {
        ...this.#mark(),
        validatedBy,
        generation: buildStamp(),
        table: tableOf(entries, validated),
      };
      writeSealed(path.join(this.dir, SOURCES_FILE), v8.serialize(contents));
      // A delta names the generation it follows: the one there now is no longer read.
      rmSync(path.join(this.dir, DELTA_FILE), { force: true });
    } catch (error) {
      // The next build reads the files this one could not keep: the cache only saves time (told: cache-fault.ts).
      noteCacheFault(error);
    }
  }

  #mark = () => ({ format: FORMAT, generator: this.generator });

  #forget(): void {
    rmSync(path.join(this.dir, SOURCES_FILE), { force: true });
    rmSync(path.join(this.dir, DELTA_FILE), { force: true });
  }

  /** The delta written after sources.bin of `generation`; undefined when there is none, or none that fits. */
  #readDelta(generation: string): { table: KeptTable; removed: string[] } | undefined {
    try {
      const delta = v8.deserialize(readSealed(path.join(this.dir, DELTA_FILE))) as Partial<DeltaFile>;
      const fits = delta?.format === FORMAT && delta.generator === this.generator && delta.base === generation;
      const table = fits ? checkedTable(delta.table) : undefined;
      if (!table || !Array.isArray(delta.removed)) return undefined;
      return { table, removed: delta.removed };
    } catch {
      return undefined;
    }
  }

  /** sources.bin as it is believed (`bytes`: what was read of it already), else undefined. */
  #read(bytes?: Buffer): SourcesFile | undefined {
    try {
      const read = readSealed(path.join(this.dir, SOURCES_FILE), bytes);
      const contents = v8.deserialize(read) as Partial<SourcesFile>;
      const fits =
        contents?.format === FORMAT &&
        contents.generator === this.generator &&
        typeof contents.generation === 'string' &&
        typeof contents.validatedBy === 'string';
      const table = fits ? checkedTable(contents.table) : undefined;
      return table ? ({ ...contents, table } as SourcesFile) : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A build's kept sources: what it hands prepare(), and `keep`, which saves them once the build has succeeded. */
interface BuildSources {
  reuse: Partial<KeptSources>;
  keep: () => void;
}

/** A build without a cache folder (`--no-cache`) keeps nothing. */
export const NOTHING_KEPT: BuildSources = { reuse: {}, keep: () => undefined };

/**
 * The files kept in `cacheDir`: sources.bin is read on the file system's threads from now, or
 * from when the caller began its read (`sourcesRead`), while the site's code is bundled and
 * run (8 MB at 10,000 pages), and restored for the site once it is known.
 */
export function keptSources(
  run: { root: string; defaultTemplate: string; options: { sourcesRead?: ReadAhead } },
  cacheDir: string,
): { restore(site: LoadedSite): Promise<BuildSources> } {
  const cache = new SourceCache(path.resolve(run.root, cacheDir), generatorCode());
  const begun = run.options.sourcesRead;
  const file = begun?.file === path.join(cache.dir, SOURCES_FILE) ? begun : readSourcesAhead(cache.dir);
  return {
    async restore(site) {
      const validatedBy = `${siteCodeOf(site.bundle.code)}\n${run.defaultTemplate}`;
      await file.arrived();
      const reuse = cache.restore(site.site, validatedBy, file.take());
      return { reuse, keep: () => cache.save(reuse, validatedBy) };
    },
  };
}
