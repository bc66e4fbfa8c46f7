/**
 * The split search index's format, in one place for both halves of the tool: the build writes
 * it (generator/index/split-index.ts) and the browser reads it (client/search-index.ts).
 *
 * - the manifest (`assets/search-<hash>.json`): the site's common words, sorted, which the
 *   browser matches the query against with Fuse.js, and the names of the other parts;
 * - rare words (`search/<build>/r-<n>.json`): on a big site, the words beyond the most common
 *   few thousand, split by prefix, each with its postings: one fetch finds a rare word and
 *   where it is;
 * - postings (`search/<build>/w-<n>.json`): for a run of consecutive common words, the
 *   documents that hold each word, where, and how often, and each word's head: the title, URL
 *   and start of the few documents a query for it lists first, so the first hits need no
 *   second round of fetches;
 * - documents (`search/<build>/d-<n>.json`): title, URL and the start of the text of a few
 *   documents, fetched only for the hits shown.
 */

export interface SearchManifest {
  /** Format version: a change of format is a change of version (and of every name). */
  v: 3;
  /** The parts' folder: `search/<build>/`, relative to the manifest. */
  build: string;
  /** The site's most common words, lower case, sorted: word 0, 1, … The rest are in `rare` parts, numbered after them. */
  words: string[];
  /** Parts of the other words (`r-<n>.json`), sorted, split by prefix: [first word, number of the first word]. */
  rare: Array<[first: string, from: number]>;
  /** Postings parts of the common words (`w-<n>.json`): the number of each part's first word. */
  postings: number[];
  /** Document parts (`d-<n>.json`): `per` documents each, in document order. */
  docs: { per: number; parts: number };
  /** How many documents there are. */
  count: number;
  /**
   * Runs of documents by their URL's folder (`/a/` for `/a/b/#c`): [the run's first document,
   * its folder], in document order, so a search can rank some folders' documents after others
   * (generator/index/document-folders.ts). Absent in an index written before it: no folders.
   */
  folders?: Array<[from: number, folder: string]>;
}

/**
 * A word's postings: a flat list of pairs, the document's number (as a step from the previous
 * one, small numbers that gzip packs well) and `times × 4 + 2 (in the title) + 1 (in the text)`.
 */
export type Postings = number[];

/** A postings part: the postings of each word from word number `from` on, and their heads. */
export interface PostingsPart {
  from: number;
  lists: Postings[];
  /** For each word, the numbers of its head's documents (see headOf in generator/index/search-heads.ts). */
  heads: number[][];
  /** The heads' documents, each once: [number, title, url, start]. */
  docs: Array<[number: number, ...DocumentsPart[number]]>;
}

/** A part of the rare words: the words, sorted, and the postings of each. */
export interface RareWordsPart {
  words: string[];
  lists: Postings[];
}

/** A document part: [title, url, the first characters of the text (the site's search.snippet)]. */
export type DocumentsPart = Array<[title: string, url: string, start: string]>;

/** A part's file, relative to the manifest: postings (w), rare words (r) or documents (d), by number. */
export function partFile(manifest: Pick<SearchManifest, 'build'>, kind: 'w' | 'r' | 'd', number: number): string {
  return `search/${manifest.build}/${kind}-${number}.json`;
}

/** The words of a text as the index holds them: letters and digits, lower case. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  eachWord(text, (word) => words.push(word));
  return words;
}

/**
 * Hands each word of a text to `visit`, in order: the runs of letters and digits (Unicode's
 * \p{L} and \p{N}) of the text composed (NFC) and in lower case. The same words as splitting
 * on /[^\p{L}\p{N}]+/u, about twice as fast: the build reads every page's text this way.
 */
export function eachWord(text: string, visit: (word: string) => void): void {
  const lower = text.normalize('NFC').toLowerCase();
  const length = lower.length;
  let start = -1;
  for (let at = 0; at < length; at += 1) {
    const unit = lower.charCodeAt(at);
    // A character beyond the first 65,536 is two units (a surrogate pair), judged together.
    const pair = unit >= 0xd800 && unit < 0xdc00 && (lower.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
    const inWord = pair ? LETTER_OR_DIGIT.test(lower.slice(at, at + 2)) : isLetterOrDigit(unit);
    if (inWord && start === -1) start = at;
    else if (!inWord && start !== -1) {
      visit(lower.slice(start, at));
      start = -1;
    }
    if (pair) at += 1;
  }
  if (start !== -1) visit(lower.slice(start));
}

/** One character (one or two UTF-16 units) that belongs to a word. */
export const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Per UTF-16 unit: 0 not yet known, 1 a letter or digit, 2 neither. Filled as units are met. */
const unitKinds = new Uint8Array(0x10000);

/** Whether a UTF-16 unit (not half of a surrogate pair) is a letter or digit. */
export function isLetterOrDigit(unit: number): boolean {
  let kind = unitKinds[unit];
  if (kind === 0) {
    kind = LETTER_OR_DIGIT.test(String.fromCharCode(unit)) ? 1 : 2;
    unitKinds[unit] = kind;
  }
  return kind === 1;
}
