/**
 * Whether a page cache entry, as its file stores it (packed-arrays.ts: its arrays as spans), is
 * of the shape a build keeps (page-cache.ts, incremental-renderer.ts `#keep`, page-stream.ts
 * `recordOf`): the same fields, in that order, of the same kinds. Only such an entry is kept as
 * columns (page-columns.ts), which make it again field by field; any other is kept whole, so
 * that whatever it holds reads back as it was.
 */
import type { PageRecord } from '../model/rendered.ts';

type Span = [number, number];
type Clock = { from: number; until: number };
interface Document {
  title: string;
  url: string;
  content: string;
}

export interface PlainEntry {
  own: string;
  shared: string;
  index: string;
  clock: Clock;
  /** A page's record as the build keeps it: without what it read, its count of documents and its warnings. */
  record: Omit<PageRecord, 'reads' | 'documentCount' | 'warnings'>;
  warnings: unknown[];
  htmlFile: string;
  reads: Span;
  postings?: { documents: Document[]; pairs: Span; ends: Span; pairsKept?: true };
}

const ENTRY = 'own,shared,index,clock,record,warnings,htmlFile,reads';
const RECORD = ['route,source,file,title,noindex', 'securityPolicy,islands,assets,bytes,clock'];
const RECORD_KEYS = [RECORD.join(), [...RECORD.slice(0, 1), 'lastmod', ...RECORD.slice(1)].join()];
const POSTINGS_KEYS = ['documents,pairs,ends', 'documents,pairs,ends,pairsKept'];

const keysOf = (value: object) => Object.keys(value).join();
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export function isPlainEntry(entry: unknown): entry is PlainEntry {
  if (!isObject(entry)) return false;
  const keys = keysOf(entry);
  if (keys !== ENTRY && keys !== `${ENTRY},postings`) return false;
  const { own, shared, index, clock, record, warnings, htmlFile, reads, postings } = entry;
  const strings = [own, shared, index, htmlFile].every((value) => typeof value === 'string');
  return (
    strings &&
    isClock(clock) &&
    isRecord(record) &&
    Array.isArray(warnings) &&
    isSpan(reads) &&
    (postings === undefined ? !keys.endsWith('postings') : isPostings(postings))
  );
}

function isRecord(record: unknown): boolean {
  if (!isObject(record) || !RECORD_KEYS.includes(keysOf(record))) return false;
  const { route, source, file, title, noindex, lastmod, securityPolicy, islands, assets, bytes, clock } = record;
  return (
    [route, source, file, title, securityPolicy].every((value) => typeof value === 'string') &&
    typeof noindex === 'boolean' &&
    (lastmod === undefined ? !('lastmod' in record) : typeof lastmod === 'string') &&
    isStrings(islands) &&
    isStrings(assets) &&
    typeof bytes === 'number' &&
    isClock(clock)
  );
}

function isPostings(postings: unknown): boolean {
  if (!isObject(postings) || !POSTINGS_KEYS.includes(keysOf(postings))) return false;
  const { documents, pairs, ends, pairsKept } = postings;
  const kept = pairsKept === undefined ? !('pairsKept' in postings) : pairsKept === true;
  if (!kept || !isSpan(pairs) || !isSpan(ends) || !Array.isArray(documents)) return false;
  for (let at = 0; at < documents.length; at += 1) if (!isDocument(documents[at])) return false;
  return true;
}

function isDocument(document: unknown): boolean {
  if (!isObject(document) || keysOf(document) !== 'title,url,content') return false;
  return [document.title, document.url, document.content].every((value) => typeof value === 'string');
}

const isClock = (clock: unknown): clock is Clock =>
  isObject(clock) &&
  keysOf(clock) === 'from,until' &&
  typeof clock.from === 'number' &&
  typeof clock.until === 'number';

/** A plain array of strings, without holes or other properties. */
function isStrings(list: unknown): list is string[] {
  if (!Array.isArray(list) || Object.getPrototypeOf(list) !== Array.prototype) return false;
  for (let at = 0; at < list.length; at += 1) if (typeof list[at] !== 'string') return false;
  return Object.keys(list).length === list.length;
}

function isSpan(span: unknown): span is Span {
  return Array.isArray(span) && span.length === 2 && span.every((n) => typeof n === 'number');
}
