/**
 * The page cache: each page of the last builds with what it was rendered from (its keys, what
 * it read, its clock's interval), its record, warnings and search postings, and its HTML. A
 * build renders again only the pages whose inputs changed (incremental-renderer.ts). On disk
 * (`.clubsite/cache/`) it is one file of everything but the HTML, written whole and renamed
 * into place, and one file per page's HTML, linked from the output (no copy is written). A
 * cache of another format or other generator code, or one that cannot be read, is not
 * believed: the build is cold, and says why in one line.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ErrorDetails } from '../errors.ts';
import { type PagePostings, WordNumbering } from '../index/page-postings.ts';
import type { PageRecord } from '../model/rendered.ts';
import type { ReadValue } from '../render/reads.ts';
import { ReadTable } from './read-table.ts';

/** Raised whenever what the cache holds changes meaning: an older cache is then not read. */
export const CACHE_FORMAT = 2;
const PAGES_FILE = 'pages.bin';
const HTML_FOLDER = 'html';
/** HTML files no entry names are removed once this old: a build running beside this one may be about to name them. */
const ORPHAN_AGE_MS = 10 * 60_000;

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

/** The file a page's HTML is kept in, named by the page's file in the output and the build that kept it. */
export function keptHtml(keep: { folder: string; stamp: string }, file: string): string {
  return path.join(keep.folder, `${Buffer.from(file).toString('base64url').slice(-48)}-${keep.stamp}.html`);
}

export interface PageCache {
  /** Whether it holds pages, as far as can be told without reading it. */
  readonly found: boolean;
  /** Why it starts empty, for the build's summary; undefined when it was read. */
  readonly notice?: string;
  /** Where pages rendered now keep their HTML: a folder, and this build's stamp (none: in memory). */
  readonly keepHtml?: { folder: string; stamp: string };
  /** The word table the postings of its pages are numbered in (a build adds its new words). */
  readonly numbering: WordNumbering;
  /** The table of reads its pages' reads are numbered in (a build adds its new ones). */
  readonly reads: ReadTable;
  /** How many pages it holds. */
  readonly size: number;
  get(file: string): CachedPage | undefined;
  /** The file a kept page's HTML is in, when it is still there, whole. */
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

interface CacheFile {
  format: number;
  generator: string;
  words: string[];
  /** The table of reads: each pair's path and answer. */
  readPaths: string[];
  readValues: ReadValue[];
  pages: Array<[file: string, page: CachedPage]>;
}

/**
 * The cache in a folder (`.clubsite/cache`, `--cache-dir`, CLUBSITE_CACHE_DIR). It is read when
 * first asked, once the site's and the browser's code are bundled: esbuild's process starts
 * faster from a small heap than from one holding every page's record.
 */
export class FolderPageCache implements PageCache {
  readonly #keepHtml: { folder: string; stamp: string };
  #read: { notice?: string; numbering: WordNumbering; reads: ReadTable; pages: Map<string, CachedPage> } | undefined;

  constructor(
    private readonly dir: string,
    private readonly generator: string,
  ) {
    this.#keepHtml = {
      folder: path.join(dir, HTML_FOLDER),
      stamp: `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
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
    return this.#contents.numbering;
  }

  get reads(): ReadTable {
    return this.#contents.reads;
  }

  get size(): number {
    return this.#contents.pages.size;
  }

  get #contents() {
    if (!this.#read) {
      const read = readCacheFile(path.join(this.dir, PAGES_FILE), this.generator);
      const reads = new ReadTable(read.file?.readPaths, read.file?.readValues);
      // A page whose reads name pairs the table does not have is not believed (its entry is not whole).
      const pages = new Map<string, CachedPage>();
      for (const [file, page] of read.file?.pages ?? []) {
        const whole = page?.reads instanceof Int32Array && page.reads.every((id) => id >= 0 && id < reads.size);
        if (whole) pages.set(file, page);
      }
      const numbering = new WordNumbering(read.file?.words ?? []);
      this.#read = { ...(read.notice ? { notice: read.notice } : {}), numbering, reads, pages };
    }
    return this.#read;
  }

  /** Made when the render first asks: the pages' HTML is kept as they are written, before the cache is saved. */
  get keepHtml(): { folder: string; stamp: string } {
    mkdirSync(this.#keepHtml.folder, { recursive: true });
    return this.#keepHtml;
  }

  get(file: string): CachedPage | undefined {
    return this.#contents.pages.get(file);
  }

  htmlOf(page: CachedPage): string | undefined {
    if (page.htmlFile === undefined) return undefined;
    const file = path.join(this.dir, HTML_FOLDER, page.htmlFile);
    // A file cut short (a disk that filled up, a hand that edited it) is not the page.
    return statSync(file, { throwIfNoEntry: false })?.size === page.record.bytes ? file : undefined;
  }

  save(pages: ReadonlyMap<string, CachedPage>): void {
    mkdirSync(path.join(this.dir, HTML_FOLDER), { recursive: true });
    // Only the reads the kept pages made: a table does not grow with pages long gone.
    const kept = [...pages];
    const { table, lists } = this.reads.compacted(kept.map(([, page]) => page.reads));
    const stored = kept.map(([file, page], at): [string, CachedPage] => {
      const { html: _, ...entry } = page;
      return [file, { ...entry, reads: lists[at] ?? new Int32Array() }];
    });
    const contents: CacheFile = {
      format: CACHE_FORMAT,
      generator: this.generator,
      words: this.numbering.words,
      readPaths: table.paths,
      readValues: table.values,
      pages: stored,
    };
    const target = path.join(this.dir, PAGES_FILE);
    const temporary = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, v8.serialize(contents));
    renameSync(temporary, target);
    this.#removeOrphans(new Set(stored.flatMap(([, page]) => (page.htmlFile ? [page.htmlFile] : []))));
  }

  /** HTML files no page names any more (and old enough not to be a running build's). */
  #removeOrphans(named: ReadonlySet<string>): void {
    const folder = path.join(this.dir, HTML_FOLDER);
    const old = Date.now() - ORPHAN_AGE_MS;
    for (const name of readdirSync(folder)) {
      if (named.has(name)) continue;
      const file = path.join(folder, name);
      const stats = statSync(file, { throwIfNoEntry: false });
      if (stats && stats.mtimeMs < old) rmSync(file, { force: true });
    }
  }
}

/** The cache's file, or why it is not believed. */
function readCacheFile(file: string, generator: string): { file?: CacheFile; notice?: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { notice: 'no page cache yet: every page is rendered' };
  }
  let contents: Partial<CacheFile>;
  try {
    contents = v8.deserialize(bytes) as Partial<CacheFile>;
  } catch {
    return { notice: 'the page cache cannot be read (a build stopped while writing it?): every page is rendered' };
  }
  if (contents?.format !== CACHE_FORMAT)
    return { notice: 'the page cache is from another version of clubsite: every page is rendered' };
  if (contents.generator !== generator)
    return { notice: 'the page cache was made by other clubsite code: every page is rendered' };
  const arrays = [contents.words, contents.readPaths, contents.readValues, contents.pages];
  if (!arrays.every(Array.isArray) || contents.readPaths?.length !== contents.readValues?.length)
    return { notice: 'the page cache is not whole: every page is rendered' };
  return { file: contents as CacheFile };
}
