/**
 * The search index's postings, built one document at a time in document order: which
 * documents hold each word, how often and where. Counting a document's words is the costly
 * part, so it is done where the page was rendered (a render worker, see render-pool.ts), and
 * what crosses to the main thread is one string of words and one list of numbers per document.
 */

import { eachWord, wordsOf } from '../../client/shared/search-index-format.ts';
import type { CountedDocument, PackedPostings } from '../model/search.ts';
import { PairLists } from './pair-lists.ts';
import { grown, WordSpans, WordTable } from './word-table.ts';

export { wordsOf };
export type { CountedDocument, PackedPostings };

/** A document as the search sees it: its title and the text a visitor reads. */
export interface IndexDocument {
  title: string;
  url: string;
  content: string;
}

const TITLE = 2;
const TEXT = 1;

/** A document's distinct words, each with its code: `times × 4 + 2 (in the title) + 1 (in the text)`. */
function countWords(document: Pick<IndexDocument, 'title' | 'content'>): Map<string, number> {
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

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The text as a string of its own. In V8 a slice shares the memory of the string it was cut
 * from: the index keeps the start of every document, and as slices they would keep every
 * page's whole text alive (about 50 MB more at 10,000 pages). Prefixed, the slice is first
 * made a string of its own, and the copy is cut from that.
 */
const copied = (text: string) => ` ${text}`.slice(1);

/** The first `count` characters of a text (whole characters: an emoji is not cut in half). */
export function firstCharacters(text: string, count: number): string {
  if (text.length <= count) return text;
  // Most text has no character outside the Basic Multilingual Plane: its characters are its units.
  const units = text.slice(0, count);
  if (!SURROGATE.test(units)) return copied(units);
  // `count` characters are at most twice as many UTF-16 units.
  return Array.from(text.slice(0, count * 2))
    .slice(0, count)
    .join('');
}

/** Counts a document's words; `snippet` characters of its text are kept. */
export function countDocument(document: IndexDocument, snippet: number): CountedDocument {
  const seen = countWords(document);
  return {
    title: document.title,
    url: document.url,
    start: firstCharacters(document.content, snippet),
    words: [...seen.keys()].join(' '),
    codes: [...seen.values()],
  };
}

/** Postings by word: for each, pairs of a document's number and its code, in document order. */
export class Postings {
  readonly lists = new PairLists();
  /** The documents added, with their words left out. */
  readonly documents: Array<{ title: string; url: string; content: string }> = [];
  /** For each thread whose batches are appended: its word numbers → this index's. */
  readonly #threadWords = new Map<number, { ids: Int32Array; words: string[] }>();

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

  /** Appends a batch counted by `from` (a render worker's number, or this thread's): its documents come after those already added. */
  append(packed: PackedPostings, from: number): void {
    const offset = this.documents.length;
    for (const document of packed.documents) this.documents.push(document);
    let known = this.#threadWords.get(from);
    if (!known) {
      known = { ids: new Int32Array(1024).fill(-1), words: [] };
      this.#threadWords.set(from, known);
    }
    if (packed.words !== '') {
      for (const word of packed.words.split(' ')) {
        if (known.words.length === known.ids.length) known.ids = grown(known.ids, -1);
        known.words.push(word);
      }
    }
    const { ends, pairs, documents } = packed;
    const { ids, words } = known;
    let at = 0;
    for (let document = 0; document < documents.length; document += 1) {
      const end = ends[document] ?? at;
      for (; at < end; at += 2) {
        // A word enters the index when a document first holds it (in document order, whichever
        // thread counted it): words a numbering knows but no document holds never do.
        const number = pairs[at] ?? 0;
        let id = ids[number] ?? -1;
        if (id < 0) {
          id = this.lists.idOf(words[number] ?? '');
          ids[number] = id;
        }
        this.lists.push(id, offset + document, pairs[at + 1] ?? 0);
      }
    }
  }
}

/**
 * The index as a thread that renders pages counts it (a render worker, or the main thread
 * rendering alone): the words of the documents it renders, packed a batch at a time (take())
 * for Postings.append. Its words keep their numbers across batches, so each is looked up in
 * the index once per thread, not once per batch, and a word already met in a document is
 * found by its number, not searched for in the index's lists.
 */
export class BatchPostings {
  readonly #table = new WordTable();
  readonly #spans = new WordSpans();
  /** Words the main thread knows (sent in earlier batches). */
  #sent = 0;
  /** Documents counted, all batches together: numbers that never repeat. */
  #counted = 0;
  /** For each word: the last document it was counted in, and where its pair is in #pairs. */
  #lastDocument = new Int32Array(1024).fill(-1);
  #pairAt = new Int32Array(1024);
  #pairs = new Int32Array(1 << 16);
  #used = 0;
  #ends: number[] = [];
  #documents: PackedPostings['documents'] = [];

  /** Counts a document's words into the batch; `snippet` characters of its text are kept. */
  addDocument(document: IndexDocument, snippet: number): void {
    const number = this.#counted;
    this.#counted += 1;
    this.#documents.push({
      title: document.title,
      url: document.url,
      content: firstCharacters(document.content, snippet),
    });
    this.#count(document.title, number, TITLE);
    this.#count(document.content, number, TEXT);
    this.#ends.push(this.#used);
  }

  /** Counts the words of a document's title or text (`where`: TITLE or TEXT) into its pairs. */
  #count(text: string, number: number, where: number): void {
    const lower = text.normalize('NFC').toLowerCase();
    const spans = this.#spans;
    spans.reset(lower);
    while (spans.next()) {
      const id = this.#table.idOfSpan(lower, spans.start, spans.end, spans.hash);
      if (id === this.#lastDocument.length) {
        this.#lastDocument = grown(this.#lastDocument, -1);
        this.#pairAt = grown(this.#pairAt);
      }
      if (this.#lastDocument[id] === number) {
        const at = (this.#pairAt[id] ?? 0) + 1;
        this.#pairs[at] = ((this.#pairs[at] ?? 0) + 4) | where;
        continue;
      }
      if (this.#used + 2 > this.#pairs.length) this.#pairs = grown(this.#pairs);
      this.#lastDocument[id] = number;
      this.#pairAt[id] = this.#used;
      this.#pairs[this.#used] = id;
      this.#pairs[this.#used + 1] = 4 + where;
      this.#used += 2;
    }
  }

  /** The batch counted since the last take(), packed for the main thread (Postings.append). */
  take(): PackedPostings {
    const words = this.#table.words.slice(this.#sent).join(' ');
    this.#sent = this.#table.size;
    const packed = {
      documents: this.#documents,
      words,
      ends: Uint32Array.from(this.#ends),
      pairs: this.#pairs.slice(0, this.#used),
    };
    this.#documents = [];
    this.#ends = [];
    this.#used = 0;
    return packed;
  }
}
