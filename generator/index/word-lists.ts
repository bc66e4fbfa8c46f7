/**
 * The index's postings as the split into parts reads them (split-index.ts): for each word, its
 * pairs of a document's number and its code, in document order. A build appending pages makes
 * them as PairLists (a chain of blocks per word, grown a pair at a time); a build that kept the
 * last build's index (merge-postings.ts) makes them whole at once, as FlatLists: every list in
 * one array, a word's pairs a view of it.
 */
import type { WordLists } from '../model/search.ts';
import { nameOrder } from './name-order.ts';

export type { WordLists };

/**
 * Every word's count of pairs, by number: at once where the lists can tell them (MergedLists),
 * else a loop (not Int32Array.from with a function: a fifth of the time at 40,000 words).
 */
export function countsOf(lists: WordLists): Int32Array {
  if (lists.counts) return lists.counts();
  const counts = new Int32Array(lists.words().length);
  for (let id = 0; id < counts.length; id += 1) counts[id] = lists.countOf(id);
  return counts;
}

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

  /**
   * Lists made a pair at a time (PairLists) or merged (MergedLists), as one array (a copy), the
   * words in name order: kept so, the next build's split orders its words by merging in only
   * the words new to it (name-order.ts).
   */
  static of(lists: WordLists): FlatLists {
    if (lists instanceof FlatLists) return lists;
    const words = lists.words();
    const order = nameOrder(words, lists.inOrder);
    const starts = new Int32Array(words.length + 1);
    order.forEach((id, at) => {
      starts[at + 1] = (starts[at] ?? 0) + lists.countOf(id) * 2;
    });
    const pairs = new Int32Array(starts[words.length] ?? 0);
    order.forEach((id, at) => {
      pairs.set(lists.typedPairsOf(id), starts[at]);
    });
    return new FlatLists(
      order.map((id) => words[id] as string),
      starts,
      pairs,
    );
  }
}
