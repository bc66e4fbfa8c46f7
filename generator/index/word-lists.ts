/**
 * The index's postings as the split into parts reads them (split-index.ts): for each word, its
 * pairs of a document's number and its code, in document order. A build appending pages makes
 * them as PairLists (a chain of blocks per word, grown a pair at a time); a build that kept the
 * last build's index (merge-postings.ts) makes them whole at once, as FlatLists: every list in
 * one array, a word's pairs a view of it.
 */
import type { WordLists } from '../model/search.ts';

export type { WordLists };

export class FlatLists implements WordLists {
  /**
   * @param starts where each word's pairs start in `pairs` (in ints), and after the last word, where they end
   */
  constructor(
    readonly wordList: readonly string[],
    readonly starts: Int32Array,
    readonly pairs: Int32Array,
  ) {}

  words(): readonly string[] {
    return this.wordList;
  }

  countOf(id: number): number {
    return ((this.starts[id + 1] ?? 0) - (this.starts[id] ?? 0)) / 2;
  }

  typedPairsOf(id: number): Int32Array {
    return this.pairs.subarray(this.starts[id] ?? 0, this.starts[id + 1] ?? 0);
  }

  /** Lists made a pair at a time (PairLists), as one array: a copy. */
  static of(lists: WordLists): FlatLists {
    if (lists instanceof FlatLists) return lists;
    const words = lists.words();
    const starts = new Int32Array(words.length + 1);
    for (let id = 0; id < words.length; id += 1) starts[id + 1] = (starts[id] ?? 0) + lists.countOf(id) * 2;
    const pairs = new Int32Array(starts[words.length] ?? 0);
    for (let id = 0; id < words.length; id += 1) pairs.set(lists.typedPairsOf(id), starts[id]);
    return new FlatLists([...words], starts, pairs);
  }
}
