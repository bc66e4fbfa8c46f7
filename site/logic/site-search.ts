/**
 * The site search over the split index the build writes (generator/index/split-index.ts): Fuse.js
 * matches the query against the site's words, then only the postings of the words it matched
 * and the documents of the hits shown are fetched. The ranking is the one Fuse.js gives over
 * whole documents (title and text, threshold 0.3), computed from the words.
 */
import Fuse from 'fuse.js/basic';
import { partFile, postingsOf, rareParts, withinParts } from './search-postings.ts';
import { oneEditApart, timesIn } from './search-words.ts';

/** The manifest the build writes: the site's words and the names of the other parts. */
export interface SearchManifest {
  v: 1;
  /** The parts' folder, named by a hash of all of them. */
  build: string;
  /** The common words, numbered from 0. */
  words: string[];
  /** The other words by prefix, part r-<n>: [first word, number of the first word]. */
  rare: Array<[first: string, from: number]>;
  /** Postings part w-<n>: the number of its first word. */
  postings: number[];
  /** Document parts d-<n>, `per` documents each. */
  docs: { per: number; parts: number };
  count: number;
  snippet: number;
}

export interface SearchHit {
  id: string;
  title: string;
  url: string;
  /** The first SNIPPET_LENGTH characters of the page's text, then «…». */
  snippet: string;
  /** Fuse.js score: 0 is a perfect match; lower is better. */
  score: number;
}

export interface SearchResult {
  /** How many documents match. */
  total: number;
  /** The best `limit` of them, best first. */
  hits: SearchHit[];
}

/** Fetches a part of the index by its path (as the manifest names it). */
export type LoadPart = (file: string) => Promise<unknown>;
export type Search = (query: string, limit: number) => Promise<SearchResult>;

/** How far a match may be from the query: 0 exact, 1 anything. */
export const THRESHOLD = 0.3;
export const SNIPPET_LENGTH = 120;
/** Postings parts one word of a query may fetch at most (see withinParts). */
export const MAX_PARTS = 16;

/** A query as the visitor meant it: spaces around it dropped, letters like «å» in one form. */
export function normaliseQuery(query: string | null | undefined): string {
  return (query ?? '').normalize('NFC').trim();
}

/** The first SNIPPET_LENGTH characters (whole characters, never half an emoji), then «…». */
export function snippetOf(content: string): string {
  return `${Array.from(content).slice(0, SNIPPET_LENGTH).join('').trimEnd()}…`;
}

/** The words of a text as the index holds them: letters and digits, lower case. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Where a matched word is in one document. */
interface Found {
  title: number;
  text: number;
  /** The matched words of the document with how often each occurs. */
  words: Array<[word: string, times: number, inTitle: boolean]>;
}

/**
 * A search over the split index. A query blank after trimming finds nothing. Fuse.js decides
 * which words match each word of the query (fuzzy, within THRESHOLD), and a document matches
 * when it holds a match for every word of the query. Its score is Fuse.js's for the document:
 * each field's best word score, combined as Fuse combines keys (field-length norm off: a long
 * page about swimming courses must not lose to a short one that mentions a course once).
 * Before the score, a hit whose title names what was searched for comes first («Hval –
 * Svømmeopplæring», also for the typo «Hvak»); after it, how often a page holds the query or
 * the query with one letter less («hval» for «hvall»); then the document order.
 */
export function createSearch(manifest: SearchManifest, load: LoadPart): Search {
  const fuseOf = (words: string[]) =>
    new Fuse(words, { threshold: THRESHOLD, ignoreLocation: true, ignoreFieldNorm: true, includeScore: true });
  const fuse = fuseOf(manifest.words);
  const rareFuses = new Map<string, Promise<Fuse<string>>>();
  const parts = new Map<string, Promise<unknown>>();
  const part = (file: string) => {
    let loading = parts.get(file);
    if (!loading) {
      loading = load(file).catch((error: unknown) => {
        parts.delete(file);
        throw error;
      });
      parts.set(file, loading);
    }
    return loading;
  };
  const ranked = new Map<string, Promise<Array<{ doc: number; score: number }>>>();

  /**
   * The words that match a word of the query, best first: the common words, and the rare
   * words that start with the query's first letter (a typo later in a rare word is found).
   */
  const wordsMatching = async (token: string) => {
    const matches = fuse.search(token).map(({ refIndex, item, score = 0 }) => ({ refIndex, item, score }));
    for (const [file, from] of rareParts(manifest, token)) {
      let rare = rareFuses.get(file);
      if (!rare) {
        rare = part(file).then((words) => fuseOf(words as string[]));
        rareFuses.set(file, rare);
      }
      for (const { refIndex, item, score = 0 } of (await rare).search(token))
        matches.push({ refIndex: from + refIndex, item, score });
    }
    return matches.sort((a, b) => a.score - b.score || a.refIndex - b.refIndex);
  };

  const matchesOf = async (token: string): Promise<Map<number, Found>> => {
    const words = withinParts(manifest, await wordsMatching(token), MAX_PARTS);
    const byDoc = new Map<number, Found>();
    const lists = await Promise.all(words.map(({ refIndex }) => postingsOf(manifest, refIndex, part)));
    words.forEach(({ item, score }, at) => {
      const list = lists[at] ?? [];
      let doc = 0;
      for (let pair = 0; pair < list.length; pair += 2) {
        doc += list[pair] ?? 0;
        const code = list[pair + 1] ?? 0;
        let found = byDoc.get(doc);
        if (!found) {
          found = { title: Number.POSITIVE_INFINITY, text: Number.POSITIVE_INFINITY, words: [] };
          byDoc.set(doc, found);
        }
        if (code & 2) found.title = Math.min(found.title, score);
        if (code & 1) found.text = Math.min(found.text, score);
        found.words.push([item, code >> 2, (code & 2) !== 0]);
      }
    });
    return byDoc;
  };

  const rank = async (tokens: string[]) => {
    const perToken = await Promise.all(tokens.map(matchesOf));
    const [first, ...rest] = perToken;
    const out: Array<{ doc: number; score: number; title: number; often: number }> = [];
    for (const doc of first?.keys() ?? []) {
      const all = perToken.map((matches) => matches.get(doc));
      if (rest.length > 0 && all.some((found) => found === undefined)) continue;
      const found = all as Found[];
      out.push({
        doc,
        score: found.reduce((product, one) => product * fieldScore(one.title) * fieldScore(one.text), 1),
        title: titleRank(found, tokens),
        often: Math.min(...found.map((one, at) => timesFound(one, tokens[at] ?? ''))),
      });
    }
    return out
      .sort((a, b) => a.title - b.title || a.score - b.score || b.often - a.often || a.doc - b.doc)
      .map(({ doc, score }) => ({ doc, score }));
  };

  return async (query, limit) => {
    const tokens = wordsOf(normaliseQuery(query));
    if (tokens.length === 0) return { total: 0, hits: [] };
    const key = tokens.join(' ');
    let order = ranked.get(key);
    if (!order) {
      order = rank(tokens);
      ranked.clear();
      ranked.set(key, order);
    }
    const all = await order;
    const shown = all.slice(0, limit);
    const hits = await Promise.all(
      shown.map(async ({ doc, score }) => {
        const chunk = (await part(partFile(manifest, 'd', Math.floor(doc / manifest.docs.per)))) as Array<
          [string, string, string]
        >;
        const [title, url, start] = chunk[doc % manifest.docs.per] ?? ['', '', ''];
        return { id: url, title, url, snippet: snippetOf(start), score };
      }),
    );
    // A page named just what was searched for («Treningstider») leads, before pages that also name it.
    const named = (title: string) => wordsOf(normaliseQuery(title)).join(' ') === key;
    const first = hits.filter((hit) => named(hit.title));
    return { total: all.length, hits: [...first, ...hits.filter((hit) => !named(hit.title))] };
  };
}

/** A field's share of Fuse.js's score: keys weigh the same (½ each); a perfect match counts as ε. */
function fieldScore(score: number): number {
  if (score === Number.POSITIVE_INFINITY) return 1;
  return Math.sqrt(score === 0 ? Number.EPSILON : score);
}

/**
 * How well a title names the query: 0 it holds it, 1 a word of it differs in one letter
 * («hval» for «hvak»), 2 not at all. For a four-letter query a word one letter shorter does
 * not count: «hva» is in every other question. Queries under four letters only count when the
 * title holds them; a query of several words counts when the title holds each.
 */
function titleRank(found: Found[], tokens: string[]): number {
  const titleWords = (at: number) => (found[at]?.words ?? []).filter(([, , inTitle]) => inTitle).map(([word]) => word);
  if (tokens.every((token, at) => titleWords(at).some((word) => word.includes(token)))) return 0;
  const [wanted = ''] = tokens;
  if (tokens.length > 1 || wanted.length < 4) return 2;
  // From five letters on, a letter too many or too few counts as well («hvall» for «hval»).
  const close = (word: string) =>
    word.length === wanted.length || (wanted.length >= 5 && Math.abs(word.length - wanted.length) === 1);
  return titleWords(0).some((word) => close(word) && oneEditApart(word, wanted)) ? 1 : 2;
}

/**
 * How often a document holds the query, or a form of it with one letter left out: a typo
 * with a letter too many («hvall») then counts the word that was meant («hval»). Forms
 * shorter than four letters are too common to tell pages apart.
 */
function timesFound(found: Found, wanted: string): number {
  const forms = new Set([wanted]);
  if (wanted.length > 4)
    for (let at = 0; at < wanted.length; at += 1) forms.add(wanted.slice(0, at) + wanted.slice(at + 1));
  let most = 0;
  for (const form of forms) {
    let count = 0;
    for (const [word, times] of found.words) count += times * timesIn(word, form);
    most = Math.max(most, count);
  }
  return most;
}

/** Reads the manifest fetched from the build: anything else is an error, not a crash later. */
export function parseSearchManifest(value: unknown): SearchManifest {
  const data = value as Partial<SearchManifest> | null;
  if (
    data?.v !== 1 ||
    !Array.isArray(data.words) ||
    !Array.isArray(data.rare) ||
    !Array.isArray(data.postings) ||
    !data.docs
  )
    throw new Error('Not a search index');
  return data as SearchManifest;
}
