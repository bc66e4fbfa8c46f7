/**
 * The page cache: each page of the last builds with what it was rendered from (its keys, what
 * it read, its clock's interval), its record, warnings and search postings, and its HTML. A
 * build renders again only the pages whose inputs changed (incremental-renderer.ts). On disk
 * (`.clubsite/cache/`) it is a file of everything but the HTML with a journal of the builds
 * since (cache-file.ts), and one file per page's HTML, linked from the output (no copy is written). A
 * cache of another format or other generator code, or one that cannot be read, is not
 * believed: the build is cold, and says why in one line.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ErrorDetails } from '../errors.ts';
import { type PagePostings, WordNumbering } from '../index/page-postings.ts';
import type { PageRecord } from '../model/rendered.ts';
import { CACHE_FORMAT, newGeneration, PAGES_FILE, writeBase, writeDelta } from './cache-file.ts';
import { buildStamp, removeOrphans } from './cache-folder.ts';
import { type CacheContents, readContents } from './cache-contents.ts';
import { ReadAhead } from './read-ahead.ts';
import { ReadTable } from './read-table.ts';
import { sha256 } from '../sealed-file.ts';
import { noteCacheFault } from '../noted-cache-fault.ts';

export { CACHE_FORMAT };

const HTML_FOLDER = 'html';

export interface CachedPage {
  own: string;
  shared: string;
  /** The search index it shows (the second pass's pages). */
  index: string;
  /** What it read, as the numbers of pairs in the cache's table (read-table.ts). */
  reads: Int32Array<ArrayBuffer>;
  clock: { from: number; until: number };
  record: PageRecord;
  warnings: ErrorDetails[];
  /** Its search postings, numbered in the cache's word table (the first pass's pages). */
  postings?: PagePostings;
  /** Its HTML, held in memory (a dev session's cache). */
  html?: string;
  /** Or the name of the file the cache keeps it in. */
  htmlFile?: string;
}

/** The file a page's HTML is kept in, named by its SHA-256 (the HTML's). */
export function keptHtml(keep: { folder: string }, hash: string): string {
  return path.join(keep.folder, `${hash}.html`);
}

const HTML_NAME = /^([0-9a-f]{64})\.html$/;

/** A kept page's HTML when its bytes are still what its name says; a copy that is not is removed (the cache's own file). */
export function verifiedHtml(folder: string, name: string): string | undefined {
  const hash = HTML_NAME.exec(name)?.[1];
  if (hash === undefined) return undefined;
  const file = `${folder}${path.sep}${name}`;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (sha256(bytes) === hash) return bytes.toString('utf8');
  rmSync(file, { force: true });
  return undefined;
}

export interface PageCache {
  /** Whether it holds pages, as far as can be told without reading it. */
  readonly found: boolean;
  /** Why it starts empty, for the build's summary; undefined when it was read. */
  readonly notice?: string;
  /** Where pages rendered now keep their HTML: a folder (none: in memory). */
  readonly keepHtml?: { folder: string; stamp: string };
  /** The word table the postings of its pages are numbered in (a build adds its new words). */
  readonly numbering: WordNumbering;
  /** The table of reads its pages' reads are numbered in (a build adds its new ones). */
  readonly reads: ReadTable;
  /** How many pages it holds. */
  readonly size: number;
  /**
   * Its base's random name (cache-file.ts), as read, or as this build wrote it: what is kept
   * with a base names it (pipeline/kept-index.ts). None in memory.
   */
  readonly generation?: string;
  /** Whether the page is as that base holds it (not a journal's, nor rendered since). */
  inBase?(page: CachedPage): boolean;
  get(file: string): CachedPage | undefined;
  /** Resolves once what htmlOf asks is known (the base, read on threads). */
  looked?(): Promise<void>;
  /** A kept page's HTML, when its file is still there and its bytes are what its name says. */
  htmlOf(page: CachedPage): string | undefined;
  /** Replaces the cache with the pages of a build that succeeded. */
  save(pages: ReadonlyMap<string, CachedPage>): void;
}

/** A dev session's cache: in memory, HTML and all. */
export class MemoryPageCache implements PageCache {
  #pages: ReadonlyMap<string, CachedPage> = new Map<string, CachedPage>();

  get found(): boolean {
    return this.#pages.size > 0;
  }

  readonly numbering = new WordNumbering();
  readonly reads = new ReadTable();

  get size(): number {
    return this.#pages.size;
  }

  get(file: string): CachedPage | undefined {
    return this.#pages.get(file);
  }

  htmlOf(): undefined {
    return undefined;
  }

  /** Takes the build's map as it is (the renderer that made it adds nothing once it has succeeded): no copy of 10,000 entries a save. */
  save(pages: ReadonlyMap<string, CachedPage>): void {
    this.#pages = pages;
  }
}

/**
 * The cache in a folder (`.clubsite/cache`, `--cache-dir`, CLUBSITE_CACHE_DIR). It is read when
 * first asked, once the site's and the browser's code are bundled: esbuild's process starts
 * faster from a small heap than from one holding every page's record.
 */
export class FolderPageCache implements PageCache {
  readonly #keepHtml: { folder: string; stamp: string };
  #read: CacheContents<CachedPage> | undefined;
  /** What lookAhead begins: the base's bytes, read on threads. */
  #ahead: { base: ReadAhead } | undefined;
  /** The base this build wrote, and its pages. */
  #wrote: { generation: string; entries: ReadonlySet<CachedPage> } | undefined;

  constructor(
    private readonly dir: string,
    private readonly generator: string,
  ) {
    this.#keepHtml = {
      folder: path.join(dir, HTML_FOLDER),
      stamp: buildStamp(),
    };
  }

  /** Whether there is a cache to read (whether it can be believed is known once it is read). */
  get found(): boolean {
    return existsSync(path.join(this.dir, PAGES_FILE));
  }

  get notice(): string | undefined {
    return this.#contents.notice;
  }

  get numbering(): WordNumbering {
    return this.#contents.words;
  }

  get reads(): ReadTable {
    return this.#contents.reads;
  }

  get size(): number {
    return this.#contents.pages.size;
  }

  get generation(): string | undefined {
    return (this.#wrote ?? this.#contents.base)?.generation;
  }

  inBase(page: CachedPage): boolean {
    return (this.#wrote ?? this.#contents.base)?.entries.has(page) === true;
  }

  get #contents(): CacheContents<CachedPage> {
    this.#read ??= readContents(this.dir, this.generator, this.#ahead?.base.take());
    return this.#read;
  }

  /** Made when the render first asks: the pages' HTML is kept as they are written, before the cache is saved. None when the folder cannot be made (a full or read-only disk): the build goes on without keeping. */
  get keepHtml(): { folder: string; stamp: string } | undefined {
    try {
      mkdirSync(this.#keepHtml.folder, { recursive: true });
      return this.#keepHtml;
    } catch (error) {
      noteCacheFault(error);
      return undefined;
    }
  }

  get(file: string): CachedPage | undefined {
    this.#pages ??= this.#contents.pages;
    return this.#pages.get(file);
  }

  /** The pages as read (10,000 lookups a build go straight to them). */
  #pages: Map<string, CachedPage> | undefined;

  /** Begins reading the base (70 MB at 10,000 pages) on threads, as the site loads. */
  lookAhead(): void {
    if (this.found && !this.#ahead) this.#ahead = { base: new ReadAhead(path.join(this.dir, PAGES_FILE)) };
  }

  async looked(): Promise<void> {
    await this.#ahead?.base.arrived();
  }

  htmlOf(page: CachedPage): string | undefined {
    return page.htmlFile === undefined ? undefined : verifiedHtml(this.#keepHtml.folder, page.htmlFile);
  }

  save(pages: ReadonlyMap<string, CachedPage>): void {
    mkdirSync(path.join(this.dir, HTML_FOLDER), { recursive: true });
    const { base, words, reads } = this.#contents;
    // Gone through in place: no pair made of each of 10,000 pages to keep a few.
    const changed: Array<[string, CachedPage]> = [];
    const removed: string[] = [];
    if (base) {
      pages.forEach((page, file) => {
        if (!base.entries.has(page)) changed.push([file, page]);
      });
      for (const file of base.files) if (!pages.has(file)) removed.push(file);
    }
    // A journal while it stays small; then a base again, which drops the pages and reads long gone.
    if (!base || changed.length + removed.length > Math.max(JOURNAL_PAGES, pages.size / 8)) {
      this.#saveBase(pages);
      return;
    }
    writeDelta(this.dir, {
      format: CACHE_FORMAT,
      generator: this.generator,
      base: base.generation,
      words: words.words.slice(base.words),
      readPaths: reads.paths.slice(base.reads),
      readValues: reads.values.slice(base.reads),
      pages: changed.map(([file, page]) => [file, stored(page)]),
      removed,
    });
  }

  #saveBase(pages: ReadonlyMap<string, CachedPage>): void {
    // Only the reads the kept pages made: a table does not grow with pages long gone.
    const kept = [...pages];
    const { table, lists } = this.reads.compacted(kept.map(([, page]) => page.reads));
    // Its pages' search pairs are in the kept index written with it (kept-index.ts): not twice.
    const entries = kept.map(([file, page], at): [string, CachedPage] => [
      file,
      { ...stored(page, true), reads: lists[at] ?? new Int32Array() },
    ]);
    this.#wrote = { generation: newGeneration(), entries: new Set(pages.values()) };
    writeBase(this.dir, {
      format: CACHE_FORMAT,
      generator: this.generator,
      generation: this.#wrote.generation,
      words: this.numbering.words,
      readPaths: table.paths,
      readValues: table.values,
      pages: entries,
    });
    // HTML files no page names any more.
    removeOrphans(
      path.join(this.dir, HTML_FOLDER),
      new Set(entries.flatMap(([, page]) => (page.htmlFile ? [page.htmlFile] : []))),
    );
  }
}

/** Pages a journal may hold however small the site: below that, a base is never worth writing again. */
const JOURNAL_PAGES = 64;

/**
 * A page as its cache file keeps it: without its HTML, and with `pairsKept` (a base, which the
 * kept index is written with) its postings' pairs and ends left out, as they are already when
 * it was read so.
 */
function stored({ html: _, ...entry }: CachedPage, pairsKept = false): CachedPage {
  const { postings } = entry;
  if (!postings || postings.pairsKept || !pairsKept) return entry;
  return { ...entry, postings: { documents: postings.documents, pairs: NO_PAIRS, ends: NO_ENDS, pairsKept: true } };
}

const NO_PAIRS = new Int32Array(0);
const NO_ENDS = new Uint32Array(0);
