/**
 * The search index's postings, built one document at a time in document order: which
 * documents hold each word, how often and where. Counting a document's words is the costly
 * part, so it is done where the page was rendered (a render worker, see render-pool.ts), and
 * what crosses to the main thread is one string of words and one list of numbers per document.
 */

import { wordsOf } from '../../client/search-index-format.ts';

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

/** Counts a document's words; `snippet` characters of its text are kept. */
export function countDocument(document: IndexDocument, snippet: number): CountedDocument {
  const seen = new Map<string, number>();
  const add = (text: string, where: number) => {
    for (const word of wordsOf(text)) {
      const code = seen.get(word);
      seen.set(word, code === undefined ? 4 + where : (code + 4) | where);
    }
  };
  add(document.title, TITLE);
  add(document.content, TEXT);
  return {
    title: document.title,
    url: document.url,
    start: Array.from(document.content.slice(0, snippet * 2))
      .slice(0, snippet)
      .join(''),
    words: [...seen.keys()].join(' '),
    codes: [...seen.values()],
  };
}

/** Postings by word: a flat list of pairs, the document's number and its code, in document order. */
export class Postings {
  readonly lists = new Map<string, number[]>();
  /** The documents added, with their words left out. */
  readonly documents: Array<{ title: string; url: string; content: string }> = [];

  /** Adds the next document (numbered in the order added). */
  add(document: CountedDocument): void {
    const number = this.documents.length;
    this.documents.push({ title: document.title, url: document.url, content: document.start });
    if (document.words === '') return;
    const words = document.words.split(' ');
    for (let at = 0; at < words.length; at += 1) {
      const word = words[at] as string;
      let list = this.lists.get(word);
      if (!list) {
        list = [];
        this.lists.set(word, list);
      }
      list.push(number, document.codes[at] ?? 0);
    }
  }
}
