/**
 * Lists of integer pairs, one list per word, kept compact: a site of 10,000 pages has millions
 * of postings, and as JavaScript arrays each pair weighs 16 bytes or more (plus what an array
 * grows by). Here a pair is 8 bytes: each word's list is a chain of blocks in large Int32Array
 * chunks, a block twice the size of the one before (up to a limit), so a rare word takes a few
 * bytes and a common word wastes at most its last block's free half.
 */

import { grown, WordTable } from './word-table.ts';

/** Ints in a chunk: 4 MB each. */
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;
/** A block's header: the next block's address (−1: none), its capacity, and how many ints are used. */
const NEXT = 0;
const CAPACITY = 1;
const USED = 2;
const HEADER = 3;
const FIRST_BLOCK = 2;
const LARGEST_BLOCK = 4096;

export class PairLists {
  /** The words, numbered in the order their lists were started. */
  readonly table = new WordTable();
  readonly #chunks: Int32Array[] = [];
  /** Where the next block goes: an address (chunk × CHUNK + offset). */
  #free = 0;
  /** How many lists are started: one for each word of the table, by its number. */
  #lists = 0;
  #heads = new Int32Array(1024);
  #tails = new Int32Array(1024);
  #counts = new Int32Array(1024);

  /** How many words have a list. */
  get size(): number {
    return this.table.size;
  }

  /** The words, in the order their lists were started. */
  words(): readonly string[] {
    return this.table.words;
  }

  /** The word's number, its list started (empty) if it has none. */
  idOf(word: string): number {
    return this.#listed(this.table.idOf(word));
  }

  /** A word's number, its (empty) list started if the word is new to the table. */
  #listed(id: number): number {
    if (id < this.#lists) return id;
    if (id === this.#heads.length) this.#grow();
    const block = this.#block(FIRST_BLOCK);
    this.#heads[id] = block;
    this.#tails[id] = block;
    this.#lists = id + 1;
    return id;
  }

  /** How many pairs the word's list holds (0 for a word without one). */
  count(word: string): number {
    const id = this.table.find(word);
    return id === -1 ? 0 : (this.#counts[id] ?? 0);
  }

  /** How many pairs the list of word number `id` holds. */
  countOf(id: number): number {
    return this.#counts[id] ?? 0;
  }

  /** Adds a pair at the end of a list. */
  push(id: number, first: number, second: number): void {
    let tail = this.#tails[id] ?? 0;
    let chunk = this.#chunk(tail);
    let at = tail & (CHUNK - 1);
    let used = chunk[at + USED] ?? 0;
    const capacity = chunk[at + CAPACITY] ?? 0;
    if (used === capacity) {
      const next = this.#block(Math.min(capacity * 2, LARGEST_BLOCK));
      chunk[at + NEXT] = next;
      this.#tails[id] = next;
      tail = next;
      chunk = this.#chunk(tail);
      at = tail & (CHUNK - 1);
      used = 0;
    }
    chunk[at + HEADER + used] = first;
    chunk[at + HEADER + used + 1] = second;
    chunk[at + USED] = used + 2;
    this.#counts[id] = (this.#counts[id] ?? 0) + 1;
  }

  /** The word's pairs as one flat list: first, second, first, second, … (empty for a word without one). */
  pairs(word: string): number[] {
    const id = this.table.find(word);
    return id === -1 ? [] : this.pairsOf(id);
  }

  /** The pairs of word number `id`, as one flat list. */
  pairsOf(id: number): number[] {
    // Grown by push, not made at its length: a packed array, which JSON.stringify writes faster than a holey one.
    const out: number[] = [];
    for (let block = this.#heads[id] ?? -1; block !== -1; ) {
      const chunk = this.#chunk(block);
      const at = block & (CHUNK - 1);
      const used = chunk[at + USED] ?? 0;
      for (let index = 0; index < used; index += 1) out.push(chunk[at + HEADER + index] ?? 0);
      block = chunk[at + NEXT] ?? -1;
    }
    return out;
  }

  /** The pairs of word number `id` as one typed array (a copy): to hash, or to rank, without making numbers of them. */
  typedPairsOf(id: number): Int32Array {
    const out = new Int32Array((this.#counts[id] ?? 0) * 2);
    let to = 0;
    for (let block = this.#heads[id] ?? -1; block !== -1; ) {
      const chunk = this.#chunk(block);
      const at = block & (CHUNK - 1);
      const used = chunk[at + USED] ?? 0;
      out.set(chunk.subarray(at + HEADER, at + HEADER + used), to);
      to += used;
      block = chunk[at + NEXT] ?? -1;
    }
    return out;
  }

  #chunk(address: number): Int32Array {
    return this.#chunks[address >>> CHUNK_BITS] as Int32Array;
  }

  /** A new empty block of `capacity` ints; a block never spans two chunks. */
  #block(capacity: number): number {
    const size = HEADER + capacity;
    if (
      this.#chunks.length === 0 ||
      (this.#free & (CHUNK - 1)) + size > CHUNK ||
      this.#free === this.#chunks.length * CHUNK
    ) {
      this.#free = this.#chunks.length * CHUNK;
      this.#chunks.push(new Int32Array(CHUNK));
    }
    const address = this.#free;
    const chunk = this.#chunk(address);
    const at = address & (CHUNK - 1);
    chunk[at + NEXT] = -1;
    chunk[at + CAPACITY] = capacity;
    chunk[at + USED] = 0;
    this.#free += size;
    return address;
  }

  #grow(): void {
    this.#heads = grown(this.#heads);
    this.#tails = grown(this.#tails);
    this.#counts = grown(this.#counts);
  }
}
