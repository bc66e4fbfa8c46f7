/**
 * The page cache's files (page-cache.ts): a base, `pages.bin`, with every page, and a journal,
 * `pages.delta.bin`, with what later builds changed since that base: the pages they rendered or
 * dropped, and the words and reads they added to its tables (which only grow between bases, so
 * the numbers a base's pages use stay theirs). A build that rendered a few pages writes the
 * journal, a few kilobytes, not 70 MB of base again (10,000 pages); once the journal holds an
 * eighth of the pages, the next save writes a base again and removes the journal.
 *
 * Each file is written whole and renamed into place. A journal names the base it follows, by
 * the base's random generation: a journal of another base (two builds saving at once, one a
 * base and one a journal) is not read, and its pages are only rendered again.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ReadValue } from '../render/reads.ts';
import { framedPieces, isFramed, readFramed } from './framed-file.ts';
import { fromColumns, toColumns } from './page-columns.ts';
import { readSealed, unsealed, writeSealed } from '../sealed-file.ts';

/** Raised whenever what the cache holds changes meaning: an older cache is then not read. */
export const CACHE_FORMAT = 6;
export const PAGES_FILE = 'pages.bin';
const DELTA_FILE = 'pages.delta.bin';

interface Stamped {
  format: number;
  generator: string;
}

/** What a base and a journal both hold: pages, and rows of the word and read tables. */
interface PageTables<Page> extends Stamped {
  words: string[];
  /** The table of reads: each pair's path and answer. */
  readPaths: string[];
  readValues: ReadValue[];
  /** Its pages, their arrays in `ints` and `ends` (packed-arrays.ts). */
  pages: Array<[file: string, page: Page]>;
  ints: Int32Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/** A base: every page, and its word and read tables. */
export interface BaseFile<Page> extends PageTables<Page> {
  generation: string;
}

/** A journal: what builds since its base changed, the tables' new rows appended to the base's. */
interface DeltaFile<Page> extends PageTables<Page> {
  base: string;
  /** The base's pages no build since has. */
  removed: string[];
}

/** A new base's generation: what its journals name. */
export const newGeneration = () => randomBytes(8).toString('hex');

/** The cache's base (`read`: its bytes, when they were read already), or why it is not believed. */
export function readBase<Page>(
  dir: string,
  generator: string,
  read?: Buffer,
): { file?: BaseFile<Page>; notice?: string } {
  let bytes: Buffer;
  try {
    bytes = read ?? readFileSync(path.join(dir, PAGES_FILE));
  } catch {
    return { notice: 'no page cache yet: every page is rendered' };
  }
  const body = unsealed(bytes);
  if (!body)
    return { notice: 'the page cache is not as it was kept (cut short, changed or another’s): every page is rendered' };
  bytes = body;
  // A cache of a clubsite before this layout (a plain structured copy): another version's.
  if (!isFramed(bytes) && bytes[0] === 0xff)
    return { notice: 'the page cache is from another version of clubsite: every page is rendered' };
  let contents: Partial<BaseFile<Page>>;
  try {
    contents = fromFrame(bytes);
  } catch {
    return { notice: 'the page cache cannot be read (a build stopped while writing it?): every page is rendered' };
  }
  if (contents?.format !== CACHE_FORMAT)
    return { notice: 'the page cache is from another version of clubsite: every page is rendered' };
  if (contents.generator !== generator)
    return { notice: 'the page cache was made by other clubsite code: every page is rendered' };
  if (!wholeTables(contents) || typeof contents.generation !== 'string')
    return { notice: 'the page cache is not whole: every page is rendered' };
  return { file: contents as BaseFile<Page> };
}

/** The journal that follows `base`, if there is a whole one (none else: its pages are rendered again). */
export function readDelta<Page>(dir: string, generator: string, base: string): DeltaFile<Page> | undefined {
  try {
    const contents: Partial<DeltaFile<Page>> = fromFrame(readSealed(path.join(dir, DELTA_FILE)));
    const stamped = contents?.format === CACHE_FORMAT && contents.generator === generator && contents.base === base;
    return stamped && wholeTables(contents) && Array.isArray(contents.removed)
      ? (contents as DeltaFile<Page>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A file's tables, its pages made from their columns (page-columns.ts) with their arrays views of its two, those views of its bytes (framed-file.ts). */
function fromFrame<Tables extends PageTables<unknown>>(bytes: Buffer): Partial<Tables> {
  const { header, arrays } = readFramed(bytes);
  const [ints, ends] = arrays;
  const tables = header as Partial<Tables> & { pages?: unknown };
  const typed = ints instanceof Int32Array && ends instanceof Uint32Array ? { ints, ends } : undefined;
  // Another format's pages are not columns: its format is told, not that it is not whole.
  const pages = tables?.format === CACHE_FORMAT && typed ? fromColumns(tables.pages, typed) : undefined;
  return { ...tables, pages, ints, ends } as Partial<Tables>;
}

/** The bytes of a file, in pieces: its tables, its pages as columns, its two arrays stored as their bytes. */
function toFrame({ ints, ends, pages, ...rest }: PageTables<unknown>): Buffer[] {
  return framedPieces({ ...rest, pages: toColumns(pages) }, [ints, ends]);
}

function wholeTables(contents: Partial<PageTables<unknown>>): boolean {
  const arrays = [contents.words, contents.readPaths, contents.readValues, contents.pages];
  return (
    arrays.every(Array.isArray) &&
    contents.readPaths?.length === contents.readValues?.length &&
    contents.ints instanceof Int32Array &&
    contents.ends instanceof Uint32Array
  );
}

/** Writes a base, then removes the journal of the base before (a reader between the two finds a journal of another base). */
export function writeBase<Page>(dir: string, contents: BaseFile<Page>): void {
  writeSealed(path.join(dir, PAGES_FILE), toFrame(contents));
  rmSync(path.join(dir, DELTA_FILE), { force: true });
}

export function writeDelta<Page>(dir: string, contents: DeltaFile<Page>): void {
  writeSealed(path.join(dir, DELTA_FILE), toFrame(contents));
}
