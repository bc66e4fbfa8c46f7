/**
 * The lists a merge with a kept index made (merge-postings.ts): a word whose list is the kept
 * one, every document at the number it had, is a view of the kept pairs (no copy of the six
 * million pairs a site of 10,000 pages holds); a word whose list changed is a view of the pairs
 * written now. Each word and document also says whether it is as the kept index has it, so
 * the split can tell which parts are made of kept lists alone (split-index.ts).
 */
import type { WordLists } from '../model/search.ts';

export class MergedLists implements WordLists {
  /**
   * @param kept the kept index's pairs; `fresh`: the pairs written now
   * @param starts where each word's pairs start, in `kept` when `sameList` is 1, else in `fresh`; `ends`: where they end
   */
  constructor(
    readonly wordList: readonly string[],
    private readonly kept: Int32Array,
    private readonly fresh: Int32Array,
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    /** 1 for a word whose list is the kept index's, pair for pair. */
    readonly sameList: Uint8Array,
    /** Each word's number in the kept index (−1: a word it did not have). */
    readonly keptIds: Int32Array,
    /** How many words from the first are the kept index's, which keeps them in name order. */
    readonly inOrder: number,
  ) {}

  words(): readonly string[] {
    return this.wordList;
  }

  /** Every word's count of pairs, by number: a loop over two arrays, not 40,000 calls. */
  counts(): Int32Array {
    const counts = new Int32Array(this.wordList.length);
    const { starts, ends } = this;
    for (let id = 0; id < counts.length; id += 1) counts[id] = ((ends[id] as number) - (starts[id] as number)) / 2;
    return counts;
  }

  countOf(id: number): number {
    return ((this.ends[id] ?? 0) - (this.starts[id] ?? 0)) / 2;
  }

  typedPairsOf(id: number): Int32Array {
    return (this.sameList[id] === 1 ? this.kept : this.fresh).subarray(this.starts[id] ?? 0, this.ends[id] ?? 0);
  }
}
