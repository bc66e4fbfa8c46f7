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
export interface PackedPages<Page extends WithArrays> {
  pages: Array<[file: string, page: StoredPage<Page>]>;
  ints: Int32Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/**
 * The pages, each one's reads and postings moved into the two arrays. With `pairsKept` (a base,
 * which the kept index is written with: build/kept-index.ts) the postings' pairs and ends are
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
 * The pages with their arrays as views of the file's two. A page whose spans name more than
 * the arrays hold (a file not whole) is left out: it is rendered again.
 */
export function unpackArrays<Page extends WithArrays>(file: Partial<PackedPages<Page>>): Array<[string, Page]> {
  const { pages, ints, ends } = file;
  if (!Array.isArray(pages) || !(ints instanceof Int32Array) || !(ends instanceof Uint32Array)) return [];
  return pages.flatMap(([name, page]): Array<[string, Page]> => {
    const reads = viewOf(ints, page?.reads);
    if (!reads) return [];
    const stored = page.postings;
    if (!stored) return [[name, { ...page, reads } as unknown as Page]];
    if (stored.pairsKept === true && Array.isArray(stored.documents)) {
      const postings: PagePostings = { documents: stored.documents, pairs: NO_PAIRS, ends: NO_ENDS, pairsKept: true };
      return [[name, { ...page, reads, postings } as unknown as Page]];
    }
    const pairs = viewOf(ints, stored.pairs);
    const documentEnds = viewOf(ends, stored.ends);
    if (!pairs || !documentEnds || !Array.isArray(stored.documents)) return [];
    const postings: PagePostings = { documents: stored.documents, pairs, ends: documentEnds };
    return [[name, { ...page, reads, postings } as unknown as Page]];
  });
}

const NO_PAIRS = new Int32Array(0);
const NO_ENDS = new Uint32Array(0);

function viewOf<Array extends Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(
  array: Array,
  span: Span | undefined,
): Array | undefined {
  if (!globalThis.Array.isArray(span)) return undefined;
  const [at, length] = span;
  const inside = Number.isInteger(at) && Number.isInteger(length) && at >= 0 && length >= 0;
  return inside && at + length <= array.length ? (array.subarray(at, at + length) as Array) : undefined;
}
