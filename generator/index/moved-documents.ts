/**
 * The kept documents that did not keep their numbers (gone, rendered again, or moved by a page
 * that came or went before them), as ranges: a page's documents are together, so an edit makes
 * a range or two where the documents number 40,000. Whether a kept list holds one of them is
 * then a binary search per range, where looking at each pair would read all six million pairs
 * of a site of 10,000 pages.
 */

/** Beyond this many ranges, each list's pairs are looked at one by one. */
const MOST_RANGES = 32;

export class MovedDocuments {
  /** [from, to) of each range, in order. */
  readonly #ranges: number[] = [];

  /** @param numbers each kept document's number now (−1: gone) */
  constructor(private readonly numbers: Int32Array) {
    for (let doc = 0; doc < numbers.length; doc += 1) {
      if (numbers[doc] === doc) continue;
      const ranges = this.#ranges;
      if (ranges.length > 0 && ranges[ranges.length - 1] === doc) ranges[ranges.length - 1] = doc + 1;
      else ranges.push(doc, doc + 1);
    }
  }

  /**
   * The first kept document from `document` on that did not keep its number (Infinity: none),
   * or −1 when there are too many ranges to tell cheaply: a merge can then copy a kept list's
   * run of unmoved documents by one binary search instead of looking at each pair.
   */
  nextMoved(document: number): number {
    const ranges = this.#ranges;
    if (ranges.length > MOST_RANGES * 2) return -1;
    for (let at = 0; at < ranges.length; at += 2) {
      if ((ranges[at + 1] as number) > document) return Math.max(ranges[at] as number, document);
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Whether the kept list [start, end) of `pairs` (documents in order) holds a document that did not keep its number. */
  inList(pairs: Int32Array, start: number, end: number): boolean {
    const ranges = this.#ranges;
    // A list all before the first range or all after the last (most rare words' lists) holds none: two reads, no search.
    if (end <= start || ranges.length === 0) return false;
    if (
      (pairs[end - 2] as number) < (ranges[0] as number) ||
      (pairs[start] as number) >= (ranges[ranges.length - 1] as number)
    )
      return false;
    if (ranges.length > MOST_RANGES * 2) {
      for (let at = start; at < end; at += 2) {
        const document = pairs[at] as number;
        if (this.numbers[document] !== document) return true;
      }
      return false;
    }
    for (let at = 0; at < ranges.length; at += 2) {
      const first = firstFrom(pairs, start, end, ranges[at] as number);
      if (first < end && (pairs[first] as number) < (ranges[at + 1] as number)) return true;
    }
    return false;
  }
}

/** Where the first pair of [start, end) whose document is `document` or later is (`end`: none). */
export function firstFrom(pairs: Int32Array, start: number, end: number, document: number): number {
  let low = 0;
  let high = (end - start) / 2;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((pairs[start + middle * 2] as number) < document) low = middle + 1;
    else high = middle;
  }
  return start + low * 2;
}
