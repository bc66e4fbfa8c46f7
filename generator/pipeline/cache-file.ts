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
 *
 * Both are a structured copy (node:v8) of plain data, sealed (sealed-file.ts): the hand-made
 * layouts before this one (columns of entries, arrays packed into two and read back as views
 * of the file: page-columns.ts, packed-arrays.ts, framed-file.ts, plain-entry.ts, 576 lines)
 * were removed in issue 43, the bench's difference at 1,000 pages being inside the targets.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ReadValue } from '../render/reads.ts';
import { readSealed, unsealed, writeSealed } from '../sealed-file.ts';

/** Raised whenever what the cache holds changes meaning: an older cache is then not read. */
export const CACHE_FORMAT = 7;
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
  pages: Array<[file: string, page: Page]>;
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
  let contents: Partial<BaseFile<Page>>;
  try {
    contents = v8.deserialize(body);
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
    const contents: Partial<DeltaFile<Page>> = v8.deserialize(readSealed(path.join(dir, DELTA_FILE)));
    const stamped = contents?.format === CACHE_FORMAT && contents.generator === generator && contents.base === base;
    return stamped && wholeTables(contents) && Array.isArray(contents.removed)
      ? (contents as DeltaFile<Page>)
      : undefined;
  } catch {
    return undefined;
  }
}

function wholeTables(contents: Partial<PageTables<unknown>>): boolean {
  const arrays = [contents?.words, contents?.readPaths, contents?.readValues, contents?.pages];
  return arrays.every(Array.isArray) && contents.readPaths?.length === contents.readValues?.length;
}

/** Writes a base, then removes the journal of the base before (a reader between the two finds a journal of another base). */
export function writeBase<Page>(dir: string, contents: BaseFile<Page>): void {
  writeSealed(path.join(dir, PAGES_FILE), v8.serialize(contents));
  rmSync(path.join(dir, DELTA_FILE), { force: true });
}

export function writeDelta<Page>(dir: string, contents: DeltaFile<Page>): void {
  writeSealed(path.join(dir, DELTA_FILE), v8.serialize(contents));
}
