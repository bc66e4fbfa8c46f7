/**
 * The page cache's pages as its files hold them (cache-file.ts): what each page read, and its
 * search postings' pairs, in one array of ints for all pages, its documents' ends in another,
 * each page naming where its own are. A structured copy reads every typed array back as a
 * buffer of its own: at 10,000 pages that was 30,000 small buffers, read back in a third of a
 * second and as much again in garbage collection. Two large arrays are read back whole, and
 * each page's arrays are views of them.
 */
import type { PagePostings } from '../model/search.ts';

/** Where a page's own part of one of the file's arrays is. */
type Span = [at: number, length: number];

/** A page's postings in a cache file: its documents, and where its pairs (in `ints`) and ends (in `ends`) are. */
interface StoredPostings {
  documents: PagePostings['documents'];
  pairs: Span;
  ends: Span;
  /** Its pairs and ends were left out (packArrays' `pairsKept`). */
  pairsKept?: true;
}

/** What the arrays are in a page. */
export interface WithArrays {
  reads: Int32Array<ArrayBuffer>;
  postings?: PagePostings;
}

/** A page as a cache file holds it: where its reads are in `ints`, and its postings' spans. */
export type StoredPage<Page extends WithArrays> = Omit<Page, 'reads' | 'postings'> & {
  reads: Span;
  postings?: StoredPostings;
};

/** Pages with their arrays packed: what a cache file holds. */
interface PackedPages<Page extends WithArrays> {
  pages: Array<[file: string, page: StoredPage<Page>]>;
  ints: Int32Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/**
 * The pages, each one's reads and postings moved into the two arrays. With `pairsKept` (a base,
 * which the kept index is written with: pipeline/kept-index.ts) the postings' pairs and ends are
 * left out: 50 MB of a 72 MB file at 10,000 pages, stored there already. A page whose pairs were
 * left out when it was read stays so.
 */
export function packArrays<Page extends WithArrays>(
  pages: ReadonlyArray<[string, Page]>,
  { pairsKept = false } = {},
): PackedPages<Page> {
  const leftOut = (postings: PagePostings) => pairsKept || postings.pairsKept === true;
  let intCount = 0;
  let endCount = 0;
  for (const [, page] of pages) {
    intCount += page.reads.length;
    if (page.postings && !leftOut(page.postings)) {
      intCount += page.postings.pairs.length;
      endCount += page.postings.ends.length;
    }
  }
  const ints = new Int32Array(intCount);
  const ends = new Uint32Array(endCount);
  let intsAt = 0;
  let endsAt = 0;
  const putInts = (array: Int32Array): Span => {
    ints.set(array, intsAt);
    intsAt += array.length;
    return [intsAt - array.length, array.length];
  };
  const packed = pages.map(([file, page]): [string, StoredPage<Page>] => {
    const { reads, postings, ...rest } = page;
    const stored = { ...rest, reads: putInts(reads) } as StoredPage<Page>;
    if (postings && leftOut(postings)) {
      stored.postings = { documents: postings.documents, pairs: [0, 0], ends: [0, 0], pairsKept: true };
    } else if (postings) {
      ends.set(postings.ends, endsAt);
      endsAt += postings.ends.length;
      const endSpan: Span = [endsAt - postings.ends.length, postings.ends.length];
      stored.postings = { documents: postings.documents, pairs: putInts(postings.pairs), ends: endSpan };
    }
    return [file, stored];
  });
  return { pages: packed, ints, ends };
}

/**
 * A page with its arrays as views of the file's two; undefined when its spans name more than they
 * hold (a file not whole: it is rendered again). The entries stored as columns are made so
 * directly (page-columns.ts).
 */
export function unpackPage<Page extends WithArrays>(
  page: StoredPage<Page>,
  { ints, ends }: { ints: Int32Array<ArrayBuffer>; ends: Uint32Array<ArrayBuffer> },
): Page | undefined {
  const reads = viewOf(ints, page?.reads);
  if (!reads) return undefined;
  const stored = page.postings;
  if (!stored) return { ...page, reads } as unknown as Page;
  const postings = postingsOf(
    stored.documents,
    stored.pairsKept === true,
    viewOf(ints, stored.pairs),
    viewOf(ends, stored.ends),
  );
  return postings ? ({ ...page, reads, postings } as unknown as Page) : undefined;
}

/** A page's postings: its documents, and its pairs and ends (none when they were left out: `pairsKept`). */
export function postingsOf(
  documents: unknown,
  pairsKept: boolean,
  pairs: Int32Array<ArrayBuffer> | undefined,
  ends: Uint32Array<ArrayBuffer> | undefined,
): PagePostings | undefined {
  if (!Array.isArray(documents)) return undefined;
  if (pairsKept) return { documents, pairs: NO_PAIRS, ends: NO_ENDS, pairsKept: true };
  return pairs && ends ? { documents, pairs, ends } : undefined;
}

const NO_PAIRS = new Int32Array(0);
const NO_ENDS = new Uint32Array(0);

function viewOf<Array extends Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(
  array: Array,
  span: Span | undefined,
): Array | undefined {
  return globalThis.Array.isArray(span) ? viewAt(array, span[0], span[1]) : undefined;
}

/** The `length` numbers of `array` from `at`, as a view; undefined when they are not all inside it. */
export function viewAt<Array extends Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(
  array: Array,
  at: unknown,
  length: unknown,
): Array | undefined {
  const inside = Number.isInteger(at) && Number.isInteger(length) && (at as number) >= 0 && (length as number) >= 0;
  return inside && (at as number) + (length as number) <= array.length
    ? (array.subarray(at as number, (at as number) + (length as number)) as Array)
    : undefined;
}
