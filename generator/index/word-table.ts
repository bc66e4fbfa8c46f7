/**
 * The words of a search index, numbered in the order they are met. A page's words are looked up
 * where they stand in its text (WordSpans gives their start, end and hash), so a word already
 * known costs a few comparisons, not a new string and a Map's hashing of it: a build of 10,000
 * pages looks up about ten million words.
 */
import { isLetterOrDigit, LETTER_OR_DIGIT } from '../../client/shared/search-index-format.ts';

/** FNV-1a's start and step, over UTF-16 units: the hash WordSpans gives and WordTable expects (as a signed 32-bit integer). */
const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/** The hash of a whole word, as WordSpans computes it for a word inside a text. */
export function hashOfWord(word: string): number {
  let hash = OFFSET;
  for (let at = 0; at < word.length; at += 1) hash = Math.imul(hash ^ word.charCodeAt(at), PRIME);
  return hash | 0;
}

export class WordTable {
  readonly #words: string[] = [];
  #hashes = new Int32Array(1024);
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
    return this.#slots[this.#slotOf(word, 0, word.length, hashOfWord(word))] ?? -1;
  }

  /** The number of a word, added if it is new. */
  idOf(word: string): number {
    return this.idOfSpan(word, 0, word.length, hashOfWord(word));
  }

  /** The number of the word `text.slice(start, end)` whose hash is `hash`, added if it is new. */
  idOfSpan(text: string, start: number, end: number, hash: number): number {
    const slot = this.#slotOf(text, start, end, hash);
    const found = this.#slots[slot] ?? -1;
    if (found !== -1) return found;
    const id = this.#words.length;
    this.#words.push(text.slice(start, end));
    if (id === this.#hashes.length) this.#hashes = grown(this.#hashes);
    this.#hashes[id] = hash;
    this.#slots[slot] = id;
    if (this.#words.length * 2 > this.#mask) this.#grow();
    return id;
  }

  /** The slot that holds the word `text.slice(start, end)`, or the empty slot where it goes. */
  #slotOf(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const id = this.#slots[slot] ?? -1;
      if (id === -1) return slot;
      if (this.#hashes[id] !== hash) continue;
      const word = this.#words[id] ?? '';
      if (word.length !== length) continue;
      let at = 0;
      while (at < length && word.charCodeAt(at) === text.charCodeAt(start + at)) at += 1;
      if (at === length) return slot;
    }
  }

  #grow(): void {
    this.#mask = this.#mask * 2 + 1;
    this.#slots = new Int32Array(this.#mask + 1).fill(-1);
    for (let id = 0; id < this.#words.length; id += 1) {
      let slot = (this.#hashes[id] ?? 0) & this.#mask;
      while (this.#slots[slot] !== -1) slot = (slot + 1) & this.#mask;
      this.#slots[slot] = id;
    }
  }
}

/**
 * The words of a text already composed and in lower case, one at a time (next()), each as its
 * start, end and hash: the same words as eachWord in client/search-index-format.ts, the one
 * definition of a word the browser splits queries by, without making a string of each. A
 * cursor, not a callback per word: the build reads about ten million words at 10,000 pages.
 */
export class WordSpans {
  /** The last word found: where it starts and ends in the text, and its hash (hashOfWord). */
  start = 0;
  end = 0;
  hash = 0;
  #text = '';
  #at = 0;

  /** Starts over on `lower`. */
  reset(lower: string): void {
    this.#text = lower;
    this.#at = 0;
  }

  /** Finds the next word (false when there is none left). */
  next(): boolean {
    const text = this.#text;
    const length = text.length;
    let start = -1;
    let hash = OFFSET;
    for (let at = this.#at; at < length; at += 1) {
      const unit = text.charCodeAt(at);
      // A character beyond the first 65,536 (two units) is rare: judged as eachWord judges it.
      const pair = unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
      if (pair ? LETTER_OR_DIGIT.test(text.slice(at, at + 2)) : isLetterOrDigit(unit)) {
        if (start === -1) {
          start = at;
          hash = OFFSET;
        }
        hash = Math.imul(hash ^ unit, PRIME);
        if (pair) {
          at += 1;
          hash = Math.imul(hash ^ text.charCodeAt(at), PRIME);
        }
      } else if (start !== -1) {
        this.#at = pair ? at + 2 : at + 1;
        return this.#found(start, at, hash);
      } else if (pair) at += 1;
    }
    this.#at = length;
    return start !== -1 && this.#found(start, length, hash);
  }

  #found(start: number, end: number, hash: number): true {
    this.start = start;
    this.end = end;
    this.hash = hash | 0;
    return true;
  }
}

/** The words WordSpans finds, as strings (for tests: the same as eachWord's). */
export function spanWords(text: string): string[] {
  const lower = text.normalize('NFC').toLowerCase();
  const words: string[] = [];
  const spans = new WordSpans();
  spans.reset(lower);
  while (spans.next()) words.push(lower.slice(spans.start, spans.end));
  return words;
}

/** A copy of `array` twice as long, the new half filled with `fill`. */
export function grown(array: Int32Array, fill = 0): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  if (fill !== 0) bigger.fill(fill, array.length);
  return bigger;
}
