/**
 * The index's postings made from a kept index (build/kept-index.ts) and the pages it does not
 * hold, instead of from every page's postings appended again: at 10,000 pages that is six
 * million pairs put back into lists one by one, for the two pages an edit rendered. A page the
 * kept index holds as it is now is a range of its documents: its pairs are kept, numbered
 * again where pages before it came or went. Any other page (rendered now, or changed since the
 * index was kept) brings its pairs, which go into its words' lists in document order. A word
 * no document holds any more is left out: the lists are what appending every page would make.
 */
import type { KeptIndex, KeptIndexData, PagePostings } from '../model/search.ts';
import { FlatLists } from './word-lists.ts';

type Document = PagePostings['documents'][number];

/**
 * The lists of `pages` (the index's pages in order), made from `kept` for each page it holds
 * (KeptIndex.rangeOf) and from its own postings for the others; `words`: the word table those
 * are numbered in.
 */
export function mergedPostings(
  kept: KeptIndexData,
  pages: readonly PagePostings[],
  rangeOf: KeptIndex['rangeOf'],
  words: readonly string[],
): { lists: FlatLists; documents: Document[] } {
  // Each kept document's number now (−1: its page is gone or was rendered again).
  const numbers = new Int32Array(kept.documentCount).fill(-1);
  const documents: Document[] = [];
  const added = new Map<string, number[]>();
  let addedPairs = 0;
  for (const page of pages) {
    const first = documents.length;
    for (const document of page.documents) documents.push(document);
    const range = rangeOf(page);
    if (range) for (let at = 0; at < range.count; at += 1) numbers[range.from + at] = first + at;
    else addedPairs += addPairs(added, page, first, words);
  }
  const pairs = new Int32Array(kept.pairs.length + addedPairs);
  const wordList: string[] = [];
  const starts: number[] = [0];
  let used = 0;
  const write = (document: number, code: number) => {
    pairs[used] = document;
    pairs[used + 1] = code;
    used += 2;
  };
  for (let id = 0; id < kept.words.length; id += 1) {
    const word = kept.words[id] as string;
    const extra = added.get(word) ?? NONE;
    added.delete(word);
    let next = 0;
    for (let at = kept.starts[id] ?? 0; at < (kept.starts[id + 1] ?? 0); at += 2) {
      const document = numbers[kept.pairs[at] ?? 0] ?? -1;
      if (document < 0) continue;
      for (; next < extra.length && (extra[next] ?? 0) < document; next += 2)
        write(extra[next] ?? 0, extra[next + 1] ?? 0);
      write(document, kept.pairs[at + 1] ?? 0);
    }
    for (; next < extra.length; next += 2) write(extra[next] ?? 0, extra[next + 1] ?? 0);
    if (used > (starts[starts.length - 1] ?? 0)) {
      wordList.push(word);
      starts.push(used);
    }
  }
  // Words the kept index did not have.
  for (const [word, extra] of added) {
    for (let next = 0; next < extra.length; next += 2) write(extra[next] ?? 0, extra[next + 1] ?? 0);
    wordList.push(word);
    starts.push(used);
  }
  return { lists: new FlatLists(wordList, Int32Array.from(starts), pairs.subarray(0, used)), documents };
}

const NONE: number[] = [];

/** Adds a rendered page's pairs to its words' lists, its documents numbered from `first`; returns how many. */
function addPairs(added: Map<string, number[]>, page: PagePostings, first: number, words: readonly string[]): number {
  let start = 0;
  for (let document = 0; document < page.documents.length; document += 1) {
    const end = page.ends[document] ?? start;
    for (let at = start; at < end; at += 2) {
      const word = words[page.pairs[at] ?? 0] ?? '';
      let list = added.get(word);
      if (!list) {
        list = [];
        added.set(word, list);
      }
      list.push(first + document, page.pairs[at + 1] ?? 0);
    }
    start = end;
  }
  return page.pairs.length;
}
