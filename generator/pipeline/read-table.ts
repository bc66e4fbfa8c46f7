/**
 * The reads of a page cache's pages (render/reads.ts), each pair of a path and its answer once:
 * most pages read the same frame (the menu, the settings, the footer's data), so a page keeps
 * only the numbers of its pairs, and a build answers each pair once, not once per page that
 * read it. At 10,000 pages that is some 900,000 reads in about 20,000 pairs.
 */
import type { ReadValue } from '../render/reads.ts';

export class ReadTable {
  readonly paths: string[];
  readonly values: ReadValue[];
  /**
   * Each path's first pair by the path alone, and any other pair of the path (another answer, read
   * since) by the path and its answer: made when first asked for (a build renders a few pages, and
   * 20,000 keys of path and answer made at each build's start cost more than they serve).
   */
  #ids: { first: Map<string, number>; others: Map<string, number> } | undefined;

  constructor(paths: readonly string[] = [], values: readonly ReadValue[] = []) {
    this.paths = paths.slice();
    this.values = paths.map((_, at) => values[at]);
  }

  get size(): number {
    return this.paths.length;
  }

  /** A page's reads as the numbers of their pairs, in the order they were read. */
  idsOf(reads: Iterable<readonly [string, ReadValue]>): Int32Array<ArrayBuffer> {
    const ids: number[] = [];
    for (const [path, value] of reads) ids.push(this.#idOf(path, value) ?? this.#add(path, value));
    return Int32Array.from(ids);
  }

  /** The pairs `lists` name, and nothing else, numbered afresh, with the lists renumbered to them. */
  compacted(lists: readonly Int32Array[]): { table: ReadTable; lists: Int32Array<ArrayBuffer>[] } {
    const table = new ReadTable();
    const map = new Int32Array(this.size).fill(-1);
    const renumbered = lists.map((list) => {
      const out = new Int32Array(list.length);
      for (let at = 0; at < list.length; at += 1) {
        const old = list[at] ?? 0;
        let id = map[old] ?? -1;
        if (id === -1) {
          id = table.#add(this.paths[old] ?? '', this.values[old]);
          map[old] = id;
        }
        out[at] = id;
      }
      return out;
    });
    return { table, lists: renumbered };
  }

  #idOf(path: string, value: ReadValue): number | undefined {
    const ids = this.#known();
    const first = ids.first.get(path);
    if (first === undefined) return undefined;
    return sameAnswer(this.values[first], value) ? first : ids.others.get(keyOf(path, value));
  }

  #add(path: string, value: ReadValue): number {
    const ids = this.#known();
    const id = this.paths.length;
    this.paths.push(path);
    this.values.push(value);
    this.#note(ids, id);
    return id;
  }

  #known(): { first: Map<string, number>; others: Map<string, number> } {
    if (this.#ids === undefined) {
      const ids = { first: new Map<string, number>(), others: new Map<string, number>() };
      for (let id = 0; id < this.paths.length; id += 1) this.#note(ids, id);
      this.#ids = ids;
    }
    return this.#ids;
  }

  /** Notes pair `id` as its path's first, or as another of its path (a pair already noted stays the one found). */
  #note(ids: { first: Map<string, number>; others: Map<string, number> }, id: number): void {
    const path = this.paths[id] ?? '';
    const value = this.values[id];
    const first = ids.first.get(path);
    if (first === undefined) ids.first.set(path, id);
    else if (!sameAnswer(this.values[first], value)) {
      const key = keyOf(path, value);
      if (!ids.others.has(key)) ids.others.set(key, id);
    }
  }
}

/** Two answers alike as keyOf tells them: of one kind, and the same as text. */
const sameAnswer = (a: ReadValue, b: ReadValue) => typeof a === typeof b && String(a) === String(b);

/** A pair as one string: the answer's kind keeps 1 and '1', null and 'null' apart. */
const keyOf = (path: string, value: ReadValue) => `${typeof value}\u0000${String(value)}\u0000${path}`;
