/**
 * The reads of a page cache's pages (render/reads.ts), each pair of a path and its answer once:
 * most pages read the same frame (the menu, the settings, the footer's data), so a page keeps
 * only the numbers of its pairs, and a build answers each pair once, not once per page that
 * read it. At 10,000 pages that is some 900,000 reads in about 20,000 pairs.
 */
import type { ReadValue } from '../render/reads.ts';

export class ReadTable {
  readonly paths: string[] = [];
  readonly values: ReadValue[] = [];
  readonly #ids = new Map<string, number>();

  constructor(paths: readonly string[] = [], values: readonly ReadValue[] = []) {
    for (const [at, path] of paths.entries()) this.#add(path, values[at]);
  }

  get size(): number {
    return this.paths.length;
  }

  /** A page's reads as the numbers of their pairs, in the order they were read. */
  idsOf(reads: Iterable<readonly [string, ReadValue]>): Int32Array<ArrayBuffer> {
    const ids: number[] = [];
    for (const [path, value] of reads) ids.push(this.#ids.get(keyOf(path, value)) ?? this.#add(path, value));
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

  #add(path: string, value: ReadValue): number {
    const id = this.paths.length;
    this.paths.push(path);
    this.values.push(value);
    this.#ids.set(keyOf(path, value), id);
    return id;
  }
}

/** A pair as one string: the answer's kind keeps 1 and '1', null and 'null' apart. */
const keyOf = (path: string, value: ReadValue) => `${typeof value}\u0000${String(value)}\u0000${path}`;
