/** A page's search documents as they travel from the thread that rendered it to the index. */

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

/**
 * A batch of documents counted by one thread (index/postings.ts BatchPostings), packed to cross
 * to the main thread, which appends the batches in page order. A thread numbers its words once
 * for all its batches: a batch carries only the words new in it, and each document's words as
 * those numbers.
 */
export interface PackedPostings {
  /** The batch's documents, in order: title, URL and the start of the text. */
  documents: Array<{ title: string; url: string; content: string }>;
  /** The words the thread met first in this batch, separated by spaces: they take its next numbers. */
  words: string;
  /** Where each document's pairs end in `pairs`. */
  ends: Uint32Array<ArrayBuffer>;
  /** Each document's distinct words: pairs of the word's number (the thread's) and its code. */
  pairs: Int32Array<ArrayBuffer>;
}

/** One page's documents: title, URL and start, and each document's words as pairs of (word number, code). */
export interface PagePostings {
  documents: PackedPostings['documents'];
  /** Where each document's pairs end in `pairs`. */
  ends: Uint32Array<ArrayBuffer>;
  pairs: Int32Array<ArrayBuffer>;
  /**
   * Set when the page cache's file left `pairs` and `ends` out (both empty here): they are in the
   * kept index written with it (pipeline/kept-index.ts), and a page is taken as it was only where
   * that index holds its documents.
   */
  pairsKept?: true;
}

/**
 * Pages' postings numbered in a page cache's word table (index/page-postings.ts), as a page
 * cache hands them on: a page taken from the cache brings its postings as they were kept.
 */
export interface NumberedPostings {
  pages: PagePostings[];
  /** The table's words by number: the same array for every batch of a build, grown as pages add words. */
  words: readonly string[];
}

/** The search index a build made, kept for the next (pipeline/kept-index.ts): each word's pairs, with how many documents it numbers. */
export interface KeptIndexData {
  /**
   * New each time the kept index is written (even for the same base: one written again when the
   * last did not read): what a build notes as the same as it holds for this one alone.
   */
  generation: string;
  documentCount: number;
  words: string[];
  /** Where each word's pairs start in `pairs` (in ints), and after the last word, where they end. */
  starts: Int32Array<ArrayBuffer>;
  /** Pairs of a document's number and its code, each word's in document order. */
  pairs: Int32Array<ArrayBuffer>;
}

/** Where a page's documents are in a kept index: `count` of them, from number `from`. */
export interface KeptDocuments {
  from: number;
  count: number;
}

/** The index's postings as the split into parts reads them (index/word-lists.ts). */
export interface WordLists {
  /** The words, by number. */
  words(): readonly string[];
  /** How many pairs the list of word number `id` holds. */
  countOf(id: number): number;
  /** The pairs of word number `id`: a document's number and its code, in document order; read only. */
  typedPairsOf(id: number): Int32Array;
  /** Every word's count of pairs, by number, when the lists can tell them at once. */
  counts?(): Int32Array;
  /** How many words from the first are known to be in name order (a kept index's, as merged), not compared again. */
  readonly inOrder?: number;
}

/**
 * The last build's index, kept (pipeline/kept-index.ts), as a build's index takes it: a page taken
 * from the page cache as it was is a range of its documents, not postings appended again.
 */
export interface KeptIndex {
  /** The kept index, when it goes with the page cache as read. */
  readonly data: KeptIndexData | undefined;
  /** Where a page's documents are in it, when the page brings the postings it was made with. */
  rangeOf(page: PagePostings): KeptDocuments | undefined;
  /** The lists of the index this build made, and its pages' postings in order: kept once the build has succeeded. */
  made(lists: WordLists, pages: readonly PagePostings[]): void;
}
