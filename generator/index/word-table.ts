/**
 * The words of a search index, numbered in the order they are met. A page's words are looked up
 * where they stand in its text (eachWordSpan gives their start, end and hash), so a word already
 * known costs a few comparisons, not a new string and a Map's hashing of it: a build of 10,000
 * pages looks up about ten million words.
 */
import { isLetterOrDigit, LETTER_OR_DIGIT } from '../../client/search-index-format.ts';

/** FNV-1a's start and step, over UTF-16 units: the hash eachWordSpan gives and WordTable expects. */
const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/** The hash of a whole word, as eachWordSpan computes it for a word inside a text. */
export function hashOfWord(word: string): number {
  let hash = OFFSET;
  for (let at = 0; at < word.length; at += 1) hash = Math.imul(hash ^ word.charCodeAt(at), PRIME);
  return hash >>> 0;
}

export class WordTable {
  readonly #words: string[] = [];
  readonly #hashes: number[] = [];
  /** Open addressing: a slot holds a word's number, or −1. */
  #slots = new Int32Array(1 << 12).fill(-1);
  #mask = (1 << 12) - 1;

  /** How many words there are. */
  get size(): number {
    return this.#words.length;
  }

  /** The words, by number. */
  get words(): readonly string[] {
    return this.#words;
  }

  /** The number of a word, or −1 for a word not in the table. */
  find(word: string): number {
    return this.#probe(word, 0, word.length, hashOfWord(word)).id;
  }

  /** The number of a word, added if it is new. */
  idOf(word: string): number {
    return this.idOfSpan(word, 0, word.length, hashOfWord(word));
  }

  /** The number of the word `text.slice(start, end)` whose hash is `hash`, added if it is new. */
  idOfSpan(text: string, start: number, end: number, hash: number): number {
    const found = this.#probe(text, start, end, hash);
    if (found.id !== -1) return found.id;
    const id = this.#words.length;
    this.#words.push(text.slice(start, end));
    this.#hashes.push(hash);
    this.#slots[found.slot] = id;
    if (this.#words.length * 2 > this.#mask) this.#grow();
    return id;
  }

  #probe(text: string, start: number, end: number, hash: number): { id: number; slot: number } {
    const length = end - start;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const id = this.#slots[slot] ?? -1;
      if (id === -1) return { id, slot };
      if (this.#hashes[id] !== hash) continue;
      const word = this.#words[id] ?? '';
      if (word.length !== length) continue;
      let at = 0;
      while (at < length && word.charCodeAt(at) === text.charCodeAt(start + at)) at += 1;
      if (at === length) return { id, slot };
    }
  }

  #grow(): void {
    this.#mask = this.#mask * 2 + 1;
    this.#slots = new Int32Array(this.#mask + 1).fill(-1);
    this.#hashes.forEach((hash, id) => {
      let slot = hash & this.#mask;
      while (this.#slots[slot] !== -1) slot = (slot + 1) & this.#mask;
      this.#slots[slot] = id;
    });
  }
}

/**
 * Hands each word of `lower` (a text already composed and in lower case) to `visit` as its
 * start, end and hash: the same words as eachWord in client/search-index-format.ts, the one
 * definition of a word the browser splits queries by, without making a string of each.
 */
export function eachWordSpan(lower: string, visit: (start: number, end: number, hash: number) => void): void {
  const length = lower.length;
  let start = -1;
  let hash = OFFSET;
  for (let at = 0; at < length; at += 1) {
    const unit = lower.charCodeAt(at);
    if (unit >= 0xd800 && unit < 0xdc00 && (lower.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      // A character beyond the first 65,536 (two units) is rare: judged as eachWord judges it.
      if (LETTER_OR_DIGIT.test(lower.slice(at, at + 2))) {
        if (start === -1) {
          start = at;
          hash = OFFSET;
        }
        hash = Math.imul(Math.imul(hash ^ unit, PRIME) ^ lower.charCodeAt(at + 1), PRIME);
      } else if (start !== -1) {
        visit(start, at, hash >>> 0);
        start = -1;
      }
      at += 1;
      continue;
    }
    if (isLetterOrDigit(unit)) {
      if (start === -1) {
        start = at;
        hash = OFFSET;
      }
      hash = Math.imul(hash ^ unit, PRIME);
    } else if (start !== -1) {
      visit(start, at, hash >>> 0);
      start = -1;
    }
  }
  if (start !== -1) visit(start, length, hash >>> 0);
}

/** The words eachWordSpan finds, as strings (for tests: the same as eachWord's). */
export function spanWords(text: string): string[] {
  const lower = text.normalize('NFC').toLowerCase();
  const words: string[] = [];
  eachWordSpan(lower, (start, end) => words.push(lower.slice(start, end)));
  return words;
}
