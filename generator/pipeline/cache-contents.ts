/**
 * The page cache's folder as read (page-cache.ts): its base and the journal that follows it
 * (cache-file.ts), their pages read and their tables joined. Pages whose reads name pairs the tables do not hold are left out: they are
 * rendered again.
 */
import { WordNumbering } from '../index/page-postings.ts';
import { type BaseFile, readBase, readDelta } from './cache-file.ts';
import { ReadTable } from './read-table.ts';

/** What is checked of a page as read: its reads name rows of the table. */
interface WithArrays {
  reads: Int32Array<ArrayBuffer>;
}

/** The cache as read: its pages and tables, with what came from its base (what a journal leaves out), or why it was not read. */
export interface CacheContents<CachedPage extends WithArrays> {
  notice?: string;
  words: WordNumbering;
  reads: ReadTable;
  pages: Map<string, CachedPage>;
  base?: { generation: string; words: number; reads: number; entries: Set<CachedPage>; files: string[] };
}

/** The cache in `dir` (`baseBytes`: its base's bytes, when read already). */
export function readContents<CachedPage extends WithArrays>(
  dir: string,
  generator: string,
  baseBytes: Buffer | undefined,
): CacheContents<CachedPage> {
  const read = readBase<CachedPage>(dir, generator, baseBytes);
  if (!read.file) return { notice: read.notice, words: new WordNumbering(), reads: new ReadTable(), pages: new Map() };
  const file: BaseFile<CachedPage> = read.file;
  const delta = readDelta<CachedPage>(dir, generator, file.generation);
  const reads = new ReadTable(
    [...file.readPaths, ...(delta?.readPaths ?? [])],
    [...file.readValues, ...(delta?.readValues ?? [])],
  );
  const base = {
    generation: file.generation,
    words: file.words.length,
    reads: file.readPaths.length,
    entries: new Set<CachedPage>(),
    // Only gone through (the pages a journal removes): a list, not a set of 10,000 names.
    files: [] as string[],
  };
  // A page whose reads name pairs the table does not have is not believed (its entry is not whole).
  const whole = (page: CachedPage) => page?.reads instanceof Int32Array && inTable(page.reads, reads.size);
  const pages = new Map<string, CachedPage>();
  for (const [name, page] of file.pages) {
    if (!whole(page)) continue;
    pages.set(name, page);
    base.entries.add(page);
    base.files.push(name);
  }
  for (const name of delta?.removed ?? []) pages.delete(name);
  for (const [name, page] of delta?.pages ?? []) if (whole(page)) pages.set(name, page);
  return { words: new WordNumbering(delta?.words ? file.words.concat(delta.words) : file.words), reads, pages, base };
}

/** Every id in `ids` names a row of a table of `size` rows (a plain loop: a callback per id cost 10 ms at 10,000 pages). */
function inTable(ids: Int32Array, size: number): boolean {
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] ?? -1;
    if (id < 0 || id >= size) return false;
  }
  return true;
}
