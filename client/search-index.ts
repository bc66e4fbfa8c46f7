/**
 * The search over the split index the build writes (client/search-index-format.ts): Fuse.js
 * matches the query against the site's words, then only the postings of the words it matched
 * and the documents of the hits shown are fetched. The ranking is the one Fuse.js gives over
 * whole documents (title and text), computed from the words.
 */
import Fuse from 'fuse.js/basic';
import type { DocumentsPart, RareWordsPart, SearchManifest } from './search-index-format.ts';
import { partFile, wordsOf } from './search-index-format.ts';
import { type LoadPart, postingsOf, rareParts, withinParts } from './search-postings.ts';
import { collectMatches, type Ranking, rankDocuments, type TokenMatches } from './search-rank.ts';
import { couldMatch } from './search-words.ts';

export type { LoadPart } from './search-postings.ts';
export type { SearchManifest } from './search-index-format.ts';
export { wordsOf } from './search-index-format.ts';

export interface SearchHit {
  id: string;
  title: string;
  url: string;
  /** The start of the page's text (as many characters as the index keeps), then «…». */
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

/**
 * Searches, resolving with the best `limit` hits. With `progress`, the first hits are handed
 * over as soon as their documents are in (the best first, a longer list each time), before
 * the rest of the documents' parts arrive.
 */
export type Search = (
  query: string,
  limit: number,
  progress?: (partial: SearchResult) => void,
) => Promise<SearchResult>;

export interface SearchOptions {
  /** How far a match may be from the query, as Fuse.js's `threshold`: 0 exact, 1 anything. */
  threshold: number;
  /** Postings parts one word of a query may fetch at most (see withinParts); 16 unless given. */
  maxParts?: number;
}

/** A query as the visitor meant it: spaces around it dropped, letters like «å» in one form. */
export function normaliseQuery(query: string | null | undefined): string {
  return (query ?? '').normalize('NFC').trim();
}

/** The first `length` characters (whole characters, never half an emoji), then «…». */
export function snippetOf(content: string, length: number): string {
  return `${Array.from(content).slice(0, length).join('').trimEnd()}…`;
}

/**
 * A search over the split index. A query blank after trimming finds nothing. Fuse.js decides
 * which words match each word of the query (fuzzy, within the threshold), and a document
 * matches when it holds a match for every word of the query. Its score is Fuse.js's for the
 * document: each field's best word score, combined as Fuse combines keys (field-length norm
 * off: a long page about swimming courses must not lose to a short one that mentions a course
 * once). Before the score, a hit whose title names what was searched for comes first («Hval –
 * Svømmeopplæring», also for the typo «Hvak»); after it, how often a page holds the query or
 * the query with one letter less («hval» for «hvall»); then the document order.
 */
export function createSearch(manifest: SearchManifest, load: LoadPart, options: SearchOptions): Search {
  const { threshold, maxParts = 16 } = options;
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
  const ranked = new Map<string, Promise<Ranking>>();

  /** The words of a list (numbered from `from`) that Fuse.js matches with the token. */
  const matching = (words: string[], token: string, from: number) => {
    const could = couldMatch(token, threshold);
    const candidates: string[] = [];
    const numbers: number[] = [];
    words.forEach((word, at) => {
      if (!could(word)) return;
      candidates.push(word);
      numbers.push(from + at);
    });
    const fuse = new Fuse(candidates, { threshold, ignoreLocation: true, ignoreFieldNorm: true, includeScore: true });
    return fuse
      .search(token)
      .map(({ refIndex, item, score = 0 }) => ({ refIndex: numbers[refIndex] ?? 0, item, score }));
  };

  /**
   * Where the words that match a word of the query are: the common words (within `maxParts`
   * postings parts, the best matches first), whose postings are on their way at once, and the
   * rare words that start with the query's first letter (a typo later in a rare word is
   * found), whose postings come with them.
   */
  const matchesOf = async (token: string, single: boolean): Promise<TokenMatches> => {
    // The rare words' parts are asked for first: which ones depends on the first letter only.
    const rareWords = rareParts(manifest, token).map(([file, from]) =>
      part(file).then((words) => matching((words as RareWordsPart).words, token, from)),
    );
    const common = withinParts(manifest, matching(manifest.words, token, 0), maxParts);
    const commonLists = Promise.all(common.map(({ refIndex }) => postingsOf(manifest, refIndex, part)));
    // Awaited below; a failure meanwhile is not «unhandled».
    commonLists.catch(() => undefined);
    const rare = (await Promise.all(rareWords)).flat();
    const rareLists = await Promise.all(rare.map(({ refIndex }) => postingsOf(manifest, refIndex, part)));
    return collectMatches(token, single, [...common, ...rare], [...(await commonLists), ...rareLists], manifest.count);
  };

  const rank = async (tokens: string[]) =>
    rankDocuments(await Promise.all(tokens.map((token) => matchesOf(token, tokens.length === 1))), manifest.count);

  return async (query, limit, progress) => {
    const tokens = wordsOf(normaliseQuery(query));
    if (tokens.length === 0) return { total: 0, hits: [] };
    const key = tokens.join(' ');
    let order = ranked.get(key);
    if (!order) {
      order = rank(tokens);
      ranked.clear();
      ranked.set(key, order);
    }
    const ranking = await order;
    // A page named just what was searched for («Treningstider») leads, before pages that also name it.
    const named = (hit: SearchHit) => wordsOf(normaliseQuery(hit.title)).join(' ') === key;
    const leading = (hits: SearchHit[]) => [...hits.filter(named), ...hits.filter((hit) => !named(hit))];
    const shown = ranking.best(limit);
    const hits: Array<SearchHit | undefined> = shown.map(() => undefined);
    let ready = 0;
    await Promise.all(
      shown.map(async ({ doc, score }, at) => {
        const chunk = (await part(partFile(manifest, 'd', Math.floor(doc / manifest.docs.per)))) as DocumentsPart;
        const [title, url, start] = chunk[doc % manifest.docs.per] ?? ['', '', ''];
        hits[at] = { id: url, title, url, snippet: snippetOf(start, manifest.snippet), score };
        const before = ready;
        while (ready < hits.length && hits[ready] !== undefined) ready += 1;
        if (progress && ready > before && ready < hits.length)
          progress({ total: ranking.total, hits: leading(hits.slice(0, ready) as SearchHit[]) });
      }),
    );
    return { total: ranking.total, hits: leading(hits as SearchHit[]) };
  };
}

/** Reads the manifest fetched from the build: anything else is an error, not a crash later. */
export function parseSearchManifest(value: unknown): SearchManifest {
  const data = value as Partial<SearchManifest> | null;
  if (
    data?.v !== 2 ||
    !Array.isArray(data.words) ||
    !Array.isArray(data.rare) ||
    !Array.isArray(data.postings) ||
    !data.docs
  )
    throw new Error('Not a search index');
  return data as SearchManifest;
}
