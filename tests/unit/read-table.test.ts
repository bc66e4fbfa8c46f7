import { describe, expect, test } from 'vitest';
import { ReadTable } from '../../generator/pipeline/read-table.ts';

// A page cache's table of reads (generator/pipeline/read-table.ts): each pair of a path and its answer once.
describe('the table of reads', () => {
  test('a pair read again is the same number; another answer of a path is a pair of its own', () => {
    const table = new ReadTable(['d\u001fmenu', 'r\u001f/kurs'], ['object', true]);
    expect([...table.idsOf([['r\u001f/kurs', true]])]).toEqual([1]);
    expect([...table.idsOf([['r\u001f/kurs', false]])]).toEqual([2]);
    expect([
      ...table.idsOf([
        ['r\u001f/kurs', false],
        ['d\u001fmenu', 'object'],
      ]),
    ]).toEqual([2, 0]);
    expect(table.size).toBe(3);
  });

  test("an answer's kind keeps apart what reads alike: 1 and '1', null and 'null', undefined and 'undefined'", () => {
    const table = new ReadTable(['d\u001fa', 'd\u001fb', 'd\u001fc'], [1, null, undefined]);
    expect([
      ...table.idsOf([
        ['d\u001fa', '1'],
        ['d\u001fb', 'null'],
        ['d\u001fc', 'undefined'],
      ]),
    ]).toEqual([3, 4, 5]);
    expect([
      ...table.idsOf([
        ['d\u001fa', 1],
        ['d\u001fb', null],
        ['d\u001fc', undefined],
      ]),
    ]).toEqual([0, 1, 2]);
    expect([...table.idsOf([['d\u001fa', '1']])]).toEqual([3]);
  });

  test('a table made of a journal after its base finds the pairs of both', () => {
    const table = new ReadTable(['d\u001fa', 'd\u001fa', 'p\u001f0'], ['x', 'y', 'side']);
    expect([
      ...table.idsOf([
        ['d\u001fa', 'y'],
        ['d\u001fa', 'x'],
        ['p\u001f0', 'side'],
      ]),
    ]).toEqual([1, 0, 2]);
    expect(table.size).toBe(3);
  });

  test('compacted, it holds the pairs the lists name, numbered afresh, and finds them', () => {
    const table = new ReadTable(['d\u001fa', 'd\u001fb', 'd\u001fc'], [1, 2, 3]);
    const { table: compact, lists } = table.compacted([Int32Array.from([2, 0]), Int32Array.from([2])]);
    expect(compact.paths).toEqual(['d\u001fc', 'd\u001fa']);
    expect(lists.map((list) => [...list])).toEqual([[0, 1], [0]]);
    expect([
      ...compact.idsOf([
        ['d\u001fa', 1],
        ['d\u001fb', 2],
      ]),
    ]).toEqual([1, 2]);
  });
});
