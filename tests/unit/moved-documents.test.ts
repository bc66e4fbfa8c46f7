// Whether a kept list holds a document that did not keep its number (index/moved-documents.ts),
// told by ranges and binary searches: the same answer as looking at every pair.
import { expect, test } from 'vitest';
import { MovedDocuments } from '../../generator/index/moved-documents.ts';
import { random } from '../support/kept-index.ts';

test.each([
  ['a page rendered again', 1],
  ['a few pages gone or rendered again', 6],
  ['more ranges than are searched', 80],
])('%s: as looking at each pair says', (_name, changes) => {
  const draw = random(changes);
  const numbers = Int32Array.from({ length: 2000 }, (_, doc) => doc);
  for (let change = 0; change < changes; change += 1) {
    const from = Math.floor(draw() * 1990);
    for (let doc = from; doc < from + 1 + Math.floor(draw() * 6); doc += 1) numbers[doc] = -1;
  }
  // A page added before the last 100 documents moves them.
  if (changes === 6) for (let doc = 1900; doc < 2000; doc += 1) numbers[doc] = doc + 2;
  const moved = new MovedDocuments(numbers);
  // Lists of every density, each document once and in order, with any code.
  const lists: number[][] = Array.from({ length: 300 }, (_, list) => {
    const pairs: number[] = [];
    for (let doc = 0; doc < 2000; doc += 1) if (draw() < (list % 10) / 40) pairs.push(doc, list);
    return pairs;
  });
  const all = Int32Array.from(lists.flat());
  let start = 0;
  for (const list of lists) {
    const end = start + list.length;
    const looked = list.some((doc, at) => at % 2 === 0 && numbers[doc] !== doc);
    expect(moved.inList(all, start, end)).toBe(looked);
    start = end;
  }
});
