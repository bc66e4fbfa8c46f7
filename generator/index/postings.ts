/**
 * The search index's postings, built one document at a time in document order: which
 * documents hold each word, how often and where. Counting a document's words is the costly
 * part, so it is done where the page was rendered (a render worker, see render-pool.ts), and
 * what crosses to the main thread is one string of words and one list of numbers per document.
 */

import { eachWord, wordsOf } from '../../client/search-index-format.ts';
import { PairLists } from './pair-lists.ts';

export { wordsOf };

/** A document as the index keeps it: its words counted, and only the start of its text. */
export interface CountedDocument {
  title: string;
  url: string;
  /** The first characters of its text (the snippet a hit shows). */
  start: string;
  /** Its distinct words, separated by spaces (a word holds letters and digits only). */
  words: string;
  /** For each word, in the same order: `times × 4 + 2 (in the title) + 1 (in the text)`. */
  codes: number[];
}

/** A document as the search sees it: its title and the text a visitor reads. */
export interface IndexDocument {
  title: string;
  url: string;
  content: string;
}

const TITLE = 2;
const TEXT = 1;

/** A document's distinct words, each with its code: `times × 4 + 2 (in the title) + 1 (in the text)`. */
export function countWords(document: Pick<IndexDocument, 'title' | 'content'>): Map<string, number> {
  const seen = new Map<string, number>();
  let where = TITLE;
  const count = (word: string) => {
    const code = seen.get(word);
    seen.set(word, code === undefined ? 4 + where : (code + 4) | where);
  };
  eachWord(document.title, count);
  where = TEXT;
  eachWord(document.content, count);
  return seen;
}

/** The first `snippet` characters of a text (whole characters: an emoji is not cut in half). */
function startOf(text: string, snippet: number): string {
  return Array.from(text.slice(0, snippet * 2))
    .slice(0, snippet)
    .join('');
}

/** Counts a document's words; `snippet` characters of its text are kept. */
export function countDocument(document: IndexDocument, snippet: number): CountedDocument {
  const seen = countWords(document);
  return {
    title: document.title,
    url: document.url,
    start: startOf(document.content, snippet),
    words: [...seen.keys()].join(' '),
    codes: [...seen.values()],
  };
}

/**
 * A run of consecutive documents' postings, packed to cross between threads: a render worker
 * indexes the pages of its batch, and the main thread appends the batches in page order.
 */
export interface PackedPostings {
  /** The run's documents, in order: title, URL and the start of the text. */
  documents: Array<{ title: string; url: string; content: string }>;
  /** The run's distinct words, separated by spaces. */
  words: string;
  /** Where each word's pairs end in `pairs`. */
  ends: Uint32Array<ArrayBuffer>;
  /** Pairs of a document's number within the run and its code, word after word. */
  pairs: Int32Array<ArrayBuffer>;
}

/** Postings by word: for each, pairs of a document's number and its code, in document order. */
export class Postings {
  readonly lists = new PairLists();
  /** The documents added, with their words left out. */
  readonly documents: Array<{ title: string; url: string; content: string }> = [];

  /** Adds the next document (numbered in the order added). */
  add(document: CountedDocument): void {
    const number = this.documents.length;
    this.documents.push({ title: document.title, url: document.url, content: document.start });
    if (document.words === '') return;
    const words = document.words.split(' ');
    for (let at = 0; at < words.length; at += 1) {
      this.lists.push(this.lists.idOf(words[at] as string), number, document.codes[at] ?? 0);
    }
  }

  /**
   * Counts a document's words and adds it, as `add(countDocument(document, snippet))` does, in
   * one look-up a word: a word already met in this document is the last pair of its list.
   */
  addDocument(document: IndexDocument, snippet: number): void {
    const lists = this.lists;
    const number = this.documents.length;
    this.documents.push({ title: document.title, url: document.url, content: startOf(document.content, snippet) });
    let where = TITLE;
    const count = (word: string) => {
      const id = lists.idOf(word);
      if (lists.lastFirst(id) === number) lists.setLastSecond(id, (lists.lastSecond(id) + 4) | where);
      else lists.push(id, number, 4 + where);
    };
    eachWord(document.title, count);
    where = TEXT;
    eachWord(document.content, count);
  }

  /** The postings packed for another thread (their documents numbered from 0). */
  pack(): PackedPostings {
    let total = 0;
    for (const word of this.lists.words()) total += this.lists.count(word) * 2;
    const ends = new Uint32Array(this.lists.size);
    const pairs = new Int32Array(total);
    let at = 0;
    let index = 0;
    for (const word of this.lists.words()) {
      const list = this.lists.pairs(word);
      pairs.set(list, at);
      at += list.length;
      ends[index] = at;
      index += 1;
    }
    return { documents: this.documents, words: [...this.lists.words()].join(' '), ends, pairs };
  }

  /** Appends packed postings: their documents come after those already added. */
  append(packed: PackedPostings): void {
    const offset = this.documents.length;
    for (const document of packed.documents) this.documents.push(document);
    if (packed.words === '') return;
    const { ends, pairs } = packed;
    let from = 0;
    packed.words.split(' ').forEach((word, at) => {
      const id = this.lists.idOf(word);
      const end = ends[at] ?? from;
      for (let pair = from; pair < end; pair += 2)
        this.lists.push(id, (pairs[pair] ?? 0) + offset, pairs[pair + 1] ?? 0);
      from = end;
    });
  }
}
