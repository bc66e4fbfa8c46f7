import { describe, expect, it } from 'vitest';
import { commonWords } from '../../generator/index/common-words.ts';

/** What the split picked before: a stable sort of the words in name order by frequency, the first `count`. */
function sorted(byName: number[], counts: Int32Array, count: number): Uint8Array {
  const isCommon = new Uint8Array(counts.length);
  const byFrequency = byName.slice().sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0));
  for (const id of byFrequency.slice(0, count)) isCommon[id] = 1;
  return isCommon;
}

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('commonWords', () => {
  it('picks the most frequent words, ties to the first in name order, as a stable sort would', () => {
    const next = random(7);
    for (let round = 0; round < 200; round += 1) {
      const length = Math.floor(next() * 60);
      const counts = Int32Array.from({ length }, () => Math.floor(next() * next() * 12));
      const byName = Array.from({ length }, (_, id) => id).sort(() => next() - 0.5);
      const count = Math.floor(next() * 70);
      expect(commonWords(byName, counts, count)).toEqual(sorted(byName, counts, count));
    }
  });
});
