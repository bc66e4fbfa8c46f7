import { describe, expect, test } from 'vitest';
import { PairLists } from '../../generator/index/pair-lists.ts';

describe('postings kept in typed blocks', () => {
  test('each word gives back its pairs in the order pushed, across blocks and 4 MB chunks', () => {
    const lists = new PairLists();
    const expected = new Map<string, number[]>();
    // 3,000 words, the first few very common: several chunks of blocks, chains of growing blocks.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let step = 0; step < 700_000; step += 1) {
      const word = `w${Math.floor(3000 * random() ** 4)}`;
      const pair = [step, Math.floor(random() * 5000)] as const;
      lists.push(lists.idOf(word), pair[0], pair[1]);
      const list = expected.get(word) ?? [];
      list.push(...pair);
      expected.set(word, list);
    }
    expect(lists.size).toBe(expected.size);
    expect([...lists.words()]).toEqual([...expected.keys()]);
    for (const [word, pairs] of expected) {
      expect(lists.count(word)).toBe(pairs.length / 2);
      expect(lists.pairs(word).join()).toBe(pairs.join());
    }
    expect(lists.pairs('ukjent')).toEqual([]);
    expect(lists.count('ukjent')).toBe(0);
  });
});
