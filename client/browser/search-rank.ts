/**
 * The ranking of the documents a query finds, from the postings of the words that matched each
 * of its words (client/search-index.ts fetches them). A common word on a big site is in every
 * document, so this works on flat arrays indexed by document number, not on an object per
 * document: the first hits of «hval» among 15,000 documents wait for milliseconds, not a
 * hundred of them.
 */
import { CLOSE, CLOSE_START, EXACT, LOOSE, type MatchKind, matchKind, timesIn } from './search-words.ts';

/** A word of the site that matched a word of the query, with its Fuse.js score. */
export interface MatchedWord {
  item: string;
  score: number;
}

/** Where the words matching one word of the query are, by document number. */
export interface TokenMatches {
  /** 1 where a document holds a match. */
  found: Uint8Array;
  /** The best word score in the title and in the text (Infinity: none). */
  title: Float64Array;
  text: Float64Array;
  /** How well the title names the query word: see nameRank. */
  named: Uint8Array;
  /** The closest kind of match (see matchKind) among the words a document holds. */
  kind: Uint8Array;
  /** For each document, for each form of the query word (see formsOf), how often it holds that form. */
  often: Float64Array;
  forms: number;
}

/**
 * Adds up, for each document, the postings of the matched words of one query word; with
 * `to`, adds them to a copy of what other words of the same query word gave.
 */
export function collectMatches(
  token: string,
  single: boolean,
  words: MatchedWord[],
  lists: number[][],
  count: number,
  to?: TokenMatches,
): TokenMatches {
  const forms = formsOf(token);
  const found = to ? to.found.slice() : new Uint8Array(count);
  const title = to ? to.title.slice() : new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const text = to ? to.text.slice() : new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  const named = to ? to.named.slice() : new Uint8Array(count).fill(2);
  const kinds = to ? to.kind.slice() : new Uint8Array(count).fill(LOOSE);
  const often = to ? to.often.slice() : new Float64Array(count * forms.length);
  words.forEach(({ item, score }, at) => {
    const list = lists[at] ?? [];
    const kind = matchKind(item, token);
    const naming = nameRank(kind, single);
    const counts = forms.map((form) => timesIn(item, form));
    const counted = counts.some((times) => times > 0);
    let doc = 0;
    for (let pair = 0; pair < list.length; pair += 2) {
      doc += list[pair] ?? 0;
      const code = list[pair + 1] ?? 0;
      found[doc] = 1;
      if (kind < (kinds[doc] ?? LOOSE)) kinds[doc] = kind;
      if (code & 2) {
        if (score < (title[doc] ?? 0)) title[doc] = score;
        if (naming < (named[doc] ?? 0)) named[doc] = naming;
      }
      if (code & 1 && score < (text[doc] ?? 0)) text[doc] = score;
      if (counted)
        for (let form = 0; form < forms.length; form += 1)
          often[doc * forms.length + form] =
            (often[doc * forms.length + form] ?? 0) + (code >> 2) * (counts[form] ?? 0);
    }
  });
  return { found, title, text, named, kind: kinds, often, forms: forms.length };
}

/** The documents a query found: how many, and the best of them in order. */
export interface Ranking {
  total: number;
  /** The best `limit` documents, best first, with their Fuse.js scores. */
  best(limit: number): Array<{ doc: number; score: number }>;
}

/**
 * The documents that match every word of the query, those of the kinds of match shown (see
 * shownKind), ranked: by kind and title (see rankTier), then Fuse.js's score (each field's
 * best word score, keys weighing the same, field-length norm off), then the site's own pages
 * before those `later` marks (its posts: SearchOptions.later), then how often the document
 * holds the query, then document order. Only the hits asked for are sorted: those
 * whose tier and score can be among them.
 */
export function rankDocuments(perToken: TokenMatches[], count: number, later?: Uint8Array): Ranking {
  const found: number[] = [];
  const scores = new Float64Array(count);
  const titles = new Uint8Array(count);
  const often = new Float64Array(count);
  const kinds = new Uint8Array(count);
  const counted = [0, 0, 0, 0];
  const single = perToken.length === 1 ? perToken[0] : undefined;
  for (let doc = 0; doc < count; doc += 1) {
    let all = true;
    for (let at = 0; at < perToken.length && all; at += 1) all = perToken[at]?.found[doc] === 1;
    if (!all) continue;
    let score = 1;
    let allNamed = true;
    let least = Number.POSITIVE_INFINITY;
    let kind = EXACT;
    for (let at = 0; at < perToken.length; at += 1) {
      const matches = perToken[at] as TokenMatches;
      score *= fieldScore(matches.title[doc] as number) * fieldScore(matches.text[doc] as number);
      if (matches.named[doc] !== 0) allNamed = false;
      kind = Math.max(kind, matches.kind[doc] as number);
      let most = 0;
      const from = doc * matches.forms;
      for (let form = 0; form < matches.forms; form += 1) most = Math.max(most, matches.often[from + form] as number);
      least = Math.min(least, most);
    }
    scores[doc] = score;
    kinds[doc] = kind;
    counted[kind] = (counted[kind] ?? 0) + 1;
    // A title names a query of several words only when it holds each; one word may be one letter off.
    titles[doc] = rankTier(kind as MatchKind, allNamed ? 0 : single ? (single.named[doc] as number) : 2);
    often[doc] = least;
    found.push(doc);
  }
  const shown = shownKind(counted[EXACT] ?? 0, (counted[CLOSE] ?? 0) + (counted[CLOSE_START] ?? 0));
  const docs = found.filter((doc) => (kinds[doc] ?? LOOSE) <= shown);
  const key = (array: Float64Array | Uint8Array, doc: number) => array[doc] ?? 0;
  const after = later ?? new Uint8Array(count);
  const before = (a: number, b: number) =>
    key(titles, a) - key(titles, b) ||
    key(scores, a) - key(scores, b) ||
    key(after, a) - key(after, b) ||
    key(often, b) - key(often, a) ||
    a - b;
  // Tier and score in one number (a score is at most 1), sorted natively: the limit-th of
  // them bounds the documents that can be among the best `limit`.
  const coarse = Float64Array.from(docs, (doc) => key(titles, doc) * 2 + key(scores, doc));
  const sorted = Float64Array.from(coarse).sort();
  return {
    total: docs.length,
    best(limit) {
      if (limit <= 0 || docs.length === 0) return [];
      const bound = sorted[Math.min(limit, docs.length) - 1] ?? 0;
      return docs
        .filter((_, at) => (coarse[at] ?? 0) <= bound)
        .sort(before)
        .slice(0, limit)
        .map((doc) => ({ doc, score: key(scores, doc) }));
    },
  };
}

/** A field's share of Fuse.js's score: keys weigh the same (½ each); a perfect match counts as ε. */
export function fieldScore(score: number): number {
  if (score === Number.POSITIVE_INFINITY) return 1;
  return Math.sqrt(score === 0 ? Number.EPSILON : score);
}

/**
 * Hits that fill the first places a visitor reads (a phone's first screen of the list): past
 * that many exact hits, typos of the query only make the list longer.
 */
export const ENOUGH_EXACT = 5;

/**
 * The loosest kind of match (see matchKind) a query's hits show. Loose matches only when no
 * document holds the query's words or a typo of them: a query with nothing closer still gets
 * SPEC.md's fuzzy hits, but «hval» no longer lists Dugnad through «hva», nor «pris» every page
 * through «Kristiansand». Close matches, after the exact ones, while those are fewer than
 * ENOUGH_EXACT: a word found as typed may still be a typo of the word meant, or a form of it
 * («trene» for the pages about «trening»), and a short list has room for them.
 */
export function shownKind(exact: number, close: number): MatchKind {
  if (exact >= ENOUGH_EXACT) return EXACT;
  return exact + close > 0 ? CLOSE_START : LOOSE;
}

/**
 * A document's place before its score: the kind of match (see matchKind), then how its title
 * names the query (see nameRank). A title one letter off counts only for a page that does not
 * hold the word itself: it puts «Hval – Svømmeopplæring» first for «hvak».
 */
export function rankTier(kind: MatchKind, title: number): number {
  return kind * 3 + (kind === EXACT && title === 1 ? 2 : title);
}

/**
 * Whether a matched word can change more than a document's field scores: it holds the query
 * word or a typo of it (so its documents are hits of a kind that may hide the loose ones, and
 * a title it is in names the query), or a form of the query word whose count ranks (see
 * formsOf). The first hits can be known from these words' postings alone while the others'
 * are still on their way (client/search-first.ts).
 */
export function settlesRank(word: string, token: string): boolean {
  return matchKind(word, token) !== LOOSE || formsOf(token).some((form) => word.includes(form));
}

/**
 * How well a word of a title names a query word, from its kind of match: 0 it holds it, 1 it
 * is the word with a typo («hval» for «hvak»), 2 not at all. The second only counts for a
 * query of one word.
 */
function nameRank(kind: MatchKind, single: boolean): number {
  if (kind === EXACT) return 0;
  return single && kind === CLOSE ? 1 : 2;
}

/**
 * The forms of a query word whose count in a document ranks it: the word, and from five
 * letters on the word with one letter left out, so a typo with a letter too many («hvall»)
 * counts the word that was meant («hval»). Shorter forms are too common to tell pages apart.
 */
function formsOf(wanted: string): string[] {
  const forms = new Set([wanted]);
  if (wanted.length > 4)
    for (let at = 0; at < wanted.length; at += 1) forms.add(wanted.slice(0, at) + wanted.slice(at + 1));
  return [...forms];
}
