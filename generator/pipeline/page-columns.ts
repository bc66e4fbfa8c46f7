/**
 * The page cache's entries in its files (cache-file.ts) as columns: one array per field, an
 * entry's fields at the same row of each. A structured copy of 10,000 entries, each an object
 * of objects (its clock, its record, its search documents), took a tenth of a second to read
 * back, most of it making objects property by property and writing each entry's keys again
 * (and its Content-Security-Policy, the same for nearly every page). Columns of strings and
 * numbers read back in a fraction of that, and the entries are made from them in plain code.
 *
 * Only an entry of the shape a build keeps (page-cache.ts: the same fields, in that order, of
 * the same kinds) goes into the columns, so that it reads back as the very same entry; any
 * other is kept whole beside them (`others`), as a structured copy reads it back.
 */
import { postingsOf, type StoredPage, unpackPage, viewAt, type WithArrays } from './packed-arrays.ts';
import { isPlainEntry, type PlainEntry } from './plain-entry.ts';

/** A cache file's two arrays (packed-arrays.ts), which its entries' arrays are views of. */
type Arrays = { ints: Int32Array<ArrayBuffer>; ends: Uint32Array<ArrayBuffer> };

/** What each row's flags say. */
const FLAG = { sameClock: 1, noindex: 2, postings: 4, pairsKept: 8, other: 16 } as const;

/** Numbers per row in `spans`: the reads' span, and the postings' pairs' and ends' (packed-arrays.ts). */
const SPAN_COUNT = 6;

interface PageColumns {
  files: string[];
  own: string[];
  htmlFiles: string[];
  /** Strings most pages share (the shared key, the index key, the security policy), each once. */
  strings: string[];
  sharedOf: Uint32Array;
  indexOf: Uint32Array;
  policyOf: Uint32Array;
  /** Lists most pages share (islands, assets), each once. */
  lists: string[][];
  islandsOf: Uint32Array;
  assetsOf: Uint32Array;
  flags: Uint8Array;
  /** Per row: the clock's from and until, then the record's. */
  clocks: Float64Array;
  spans: Float64Array;
  bytes: Float64Array;
  routes: string[];
  sources: string[];
  recordFiles: string[];
  titles: string[];
  /** A record's lastmod, or null when it has none. */
  lastmods: Array<string | null>;
  documentCounts: Uint32Array;
  documentTitles: string[];
  documentUrls: string[];
  documentContents: string[];
  /** The rows with warnings. */
  warnings: Array<[row: number, warnings: unknown[]]>;
  /** Entries of another shape, whole. */
  others: Array<[row: number, entry: unknown]>;
}

/** The entries as columns. */
export function toColumns(pages: ReadonlyArray<readonly [string, unknown]>): PageColumns {
  const count = pages.length;
  const columns: PageColumns = {
    ...{ files: [], own: [], htmlFiles: [], strings: [], lists: [], routes: [], sources: [], recordFiles: [] },
    ...{ titles: [], lastmods: [], documentTitles: [], documentUrls: [], documentContents: [] },
    ...{ warnings: [], others: [] },
    ...{ sharedOf: new Uint32Array(count), indexOf: new Uint32Array(count), policyOf: new Uint32Array(count) },
    ...{ islandsOf: new Uint32Array(count), assetsOf: new Uint32Array(count), flags: new Uint8Array(count) },
    ...{ clocks: new Float64Array(count * 4), spans: new Float64Array(count * SPAN_COUNT) },
    ...{ bytes: new Float64Array(count), documentCounts: new Uint32Array(count) },
  };
  const strings = new Map<string, number>();
  const stringId = (value: string) => idOf(strings, columns.strings, value, value);
  const lists = new Map<string, number>();
  const listId = (list: string[]) => idOf(lists, columns.lists, JSON.stringify(list), list);
  for (const [row, [file, entry]] of pages.entries()) {
    columns.files.push(file);
    if (!isPlainEntry(entry)) {
      columns.flags[row] = FLAG.other;
      columns.others.push([row, entry]);
      for (const column of [columns.own, columns.htmlFiles, columns.routes, columns.sources, columns.recordFiles])
        column.push('');
      columns.titles.push('');
      columns.lastmods.push(null);
      continue;
    }
    const { record, postings } = entry;
    columns.own.push(entry.own);
    columns.htmlFiles.push(entry.htmlFile);
    columns.sharedOf[row] = stringId(entry.shared);
    columns.indexOf[row] = stringId(entry.index);
    columns.policyOf[row] = stringId(record.securityPolicy);
    columns.islandsOf[row] = listId(record.islands);
    columns.assetsOf[row] = listId(record.assets);
    columns.clocks.set([entry.clock.from, entry.clock.until, record.clock.from, record.clock.until], row * 4);
    columns.spans.set(
      [...entry.reads, ...(postings?.pairs ?? [0, 0]), ...(postings?.ends ?? [0, 0])],
      row * SPAN_COUNT,
    );
    columns.bytes[row] = record.bytes;
    columns.routes.push(record.route);
    columns.sources.push(record.source);
    columns.recordFiles.push(record.file);
    columns.titles.push(record.title);
    columns.lastmods.push(record.lastmod ?? null);
    columns.flags[row] = flagsOf(entry);
    if (entry.warnings.length > 0) columns.warnings.push([row, entry.warnings]);
    for (const document of postings?.documents ?? []) {
      columns.documentTitles.push(document.title);
      columns.documentUrls.push(document.url);
      columns.documentContents.push(document.content);
    }
    columns.documentCounts[row] = postings?.documents.length ?? 0;
  }
  return columns;
}

function flagsOf(entry: PlainEntry): number {
  let flags = entry.record.clock === entry.clock ? FLAG.sameClock : 0;
  if (entry.record.noindex) flags |= FLAG.noindex;
  if (entry.postings) flags |= FLAG.postings;
  if (entry.postings?.pairsKept) flags |= FLAG.pairsKept;
  return flags;
}

function idOf<Value>(ids: Map<string, number>, table: Value[], key: string, value: Value): number {
  let id = ids.get(key);
  if (id === undefined) {
    id = table.push(value) - 1;
    ids.set(key, id);
  }
  return id;
}

/** The warnings of the pages that have none (most): one list, never changed (frozen so that nothing can). */
const NO_WARNINGS: unknown[] = Object.freeze([]) as unknown as unknown[];

const TEXT = ['files', 'own', 'htmlFiles', 'routes', 'sources', 'recordFiles', 'titles', 'lastmods'] as const;
const IDS = ['sharedOf', 'indexOf', 'policyOf', 'islandsOf', 'assetsOf'] as const;

/**
 * The entries the columns hold, in order; undefined when they are not whole. A row naming a
 * string or list the tables lack is left out (its page is rendered again). With `arrays`, each
 * entry's arrays are made views of them here (as packed-arrays.ts unpacks them), and a row whose
 * spans name more than they hold is left out too: no entry is made twice, 10,000 a build.
 */
export function fromColumns(value: unknown, arrays?: Arrays): Array<[string, unknown]> | undefined {
  const columns = wholeColumns(value);
  if (!columns) return undefined;
  const { strings, lists, clocks, spans, flags } = columns;
  // The entries that share a list share it (most pages' islands and assets are the same few): it
  // is never changed once made, and frozen so that nothing can.
  for (const list of lists) Object.freeze(list);
  const others = new Map(columns.others);
  const warnings = new Map(columns.warnings);
  const pages: Array<[string, unknown]> = [];
  // Most pages' clocks hold over the same interval (a year, at 10,000 pages): one object for
  // each interval as read, not one per page (nothing changes a clock once made).
  let last: { from: number; until: number } | undefined;
  const clockOf = (from: number, until: number) => {
    if (last?.from !== from || last.until !== until) last = { from, until };
    return last;
  };
  let document = 0;
  for (let row = 0; row < columns.files.length; row += 1) {
    const file = columns.files[row] as string;
    const flag = flags[row] as number;
    const documentCount = columns.documentCounts[row] as number;
    const first = document;
    document += documentCount;
    if (flag & FLAG.other) {
      const other =
        others.has(row) && arrays ? unpackPage(others.get(row) as StoredPage<WithArrays>, arrays) : others.get(row);
      if (others.has(row) && other !== undefined) pages.push([file, other]);
      continue;
    }
    const shared = strings[columns.sharedOf[row] as number];
    const index = strings[columns.indexOf[row] as number];
    const securityPolicy = strings[columns.policyOf[row] as number];
    const islands = lists[columns.islandsOf[row] as number];
    const assets = lists[columns.assetsOf[row] as number];
    if (shared === undefined || index === undefined || securityPolicy === undefined || !islands || !assets) continue;
    const at = row * 4;
    const clock = clockOf(clocks[at] as number, clocks[at + 1] as number);
    const recordClock = flag & FLAG.sameClock ? clock : clockOf(clocks[at + 2] as number, clocks[at + 3] as number);
    const shown = { securityPolicy, islands, assets, clock: recordClock };
    const record = recordAt(columns, row, flag, shown);
    const span = row * SPAN_COUNT;
    const own = columns.own[row];
    const htmlFile = columns.htmlFiles[row];
    const reads = arrays ? viewAt(arrays.ints, spans[span], spans[span + 1]) : [spans[span], spans[span + 1]];
    const kept = warnings.get(row) ?? NO_WARNINGS;
    const postings = flag & FLAG.postings ? postingsAt(columns, row, flag, [first, document], arrays) : undefined;
    if (reads === undefined || (flag & FLAG.postings && postings === undefined)) continue;
    const entry = postings
      ? { own, shared, index, clock, record, warnings: kept, htmlFile, reads, postings }
      : { own, shared, index, clock, record, warnings: kept, htmlFile, reads };
    pages.push([file, entry]);
  }
  return pages;
}

/** A row's search postings: its documents (from `first` to `end` in their columns), and its spans (or, with `arrays`, views). */
function postingsAt(
  columns: PageColumns,
  row: number,
  flag: number,
  [first, end]: [number, number],
  arrays: Arrays | undefined,
): object | undefined {
  const { documentTitles, documentUrls, documentContents, spans } = columns;
  const documents = [];
  for (let at = first; at < end; at += 1)
    documents.push({ title: documentTitles[at], url: documentUrls[at], content: documentContents[at] });
  const span = row * SPAN_COUNT;
  const kept = (flag & FLAG.pairsKept) !== 0;
  if (arrays) {
    const pairs = kept ? undefined : viewAt(arrays.ints, spans[span + 2], spans[span + 3]);
    return postingsOf(documents, kept, pairs, kept ? undefined : viewAt(arrays.ends, spans[span + 4], spans[span + 5]));
  }
  const pairs = [spans[span + 2], spans[span + 3]];
  const ends = [spans[span + 4], spans[span + 5]];
  return kept ? { documents, pairs, ends, pairsKept: true } : { documents, pairs, ends };
}

/** A row's record, its fields in the order recordOf (page-stream.ts) makes them. */
function recordAt(
  columns: PageColumns,
  row: number,
  flag: number,
  shown: { securityPolicy: string; islands: string[]; assets: string[]; clock: { from: number; until: number } },
): PlainEntry['record'] {
  const { securityPolicy, islands, assets, clock } = shown;
  const route = columns.routes[row] as string;
  const source = columns.sources[row] as string;
  const file = columns.recordFiles[row] as string;
  const title = columns.titles[row] as string;
  const noindex = (flag & FLAG.noindex) !== 0;
  const bytes = columns.bytes[row] as number;
  const lastmod = columns.lastmods[row];
  if (lastmod === null || lastmod === undefined)
    return { route, source, file, title, noindex, securityPolicy, islands, assets, bytes, clock };
  return { route, source, file, title, noindex, lastmod, securityPolicy, islands, assets, bytes, clock };
}

/** `value` as columns, if every column is there, of its kind, as long as the rows (and the documents) say. */
function wholeColumns(value: unknown): PageColumns | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const columns = value as PageColumns;
  if (!Array.isArray(columns.files)) return undefined;
  const rows = columns.files.length;
  const sized = (array: unknown, kind: typeof Uint32Array | typeof Float64Array | typeof Uint8Array, per = 1) =>
    array instanceof kind && array.length === rows * per;
  const whole =
    TEXT.every((name) => Array.isArray(columns[name]) && columns[name].length === rows) &&
    IDS.every((name) => sized(columns[name], Uint32Array)) &&
    sized(columns.flags, Uint8Array) &&
    sized(columns.clocks, Float64Array, 4) &&
    sized(columns.spans, Float64Array, SPAN_COUNT) &&
    sized(columns.bytes, Float64Array) &&
    sized(columns.documentCounts, Uint32Array) &&
    [columns.strings, columns.lists, columns.warnings, columns.others].every(Array.isArray) &&
    columns.lists.every(Array.isArray) &&
    columns.warnings.every((row) => Array.isArray(row) && Array.isArray(row[1]));
  if (!whole) return undefined;
  const documents = columns.documentCounts.reduce((sum, count) => sum + count, 0);
  const documentColumns = [columns.documentTitles, columns.documentUrls, columns.documentContents];
  return documentColumns.every((column) => Array.isArray(column) && column.length === documents) ? columns : undefined;
}
