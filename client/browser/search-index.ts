/**
 * The search over the split index the build writes (client/search-index-format.ts): Fuse.js
 * matches the query against the site's words, then only the postings of the words it matched
 * and the documents of the hits shown are fetched. The ranking is the one Fuse.js gives over
 * whole documents (title and text), computed from the words.
 */
import Fuse from 'fuse.js/basic';
import type { DocumentsPart, PostingsPart, RareWordsPart, SearchManifest } from '../shared/search-index-format.ts';
import { partFile, wordsOf } from '../shared/search-index-format.ts';
import { type LoadPart, postingsOf, rareParts, withinParts } from './search-postings.ts';
import { certainBest } from './search-first.ts';
import { collectMatches, rankDocuments, settlesRank } from './search-rank.ts';
import { couldMatch } from './search-words.ts';

export type { LoadPart } from './search-postings.ts';
export type { SearchManifest } from '../shared/search-index-format.ts';
export { wordsOf } from '../shared/search-index-format.ts';

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
  /** How many documents match; -1 in a report of the first hits made before all are counted. */
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
  /** Postings parts a query may fetch at most, shared by its words (at least 4 each; see withinParts); 16 unless given. */
  maxParts?: number;
  /**
   * Folders (the manifest's `folders`: `/a/` for `/a/b/#c`) whose documents rank after the
   * others' at an equal match: a site's dated posts, after its own page about what they tell.
   */
  later?: (folder: string) => boolean;
}

/** A query as the visitor meant it: spaces around it dropped, letters like «å» in one form. */
export function normaliseQuery(query: string | null | undefined): string {
  return (query ?? '').normalize('NFC').trim();
}

/**
 * What a hit shows of its text: the start the index keeps (the build cut it to the site's
 * snippet length, never half an emoji: firstCharacters in generator/index/postings.ts), then «…».
 */
export function snippetOf(start: string): string {
  return `${start.trimEnd()}…`;
}

/**
 * A search over the split index. A query blank after trimming finds nothing. Fuse.js decides
 * which words match each word of the query (fuzzy, within the threshold), and a document
 * matches when it holds a match for every word of the query. Pages that hold the query's
 * words as typed come first, then pages with a typo of them, and pages that match only
 * loosely are hits only when there are no others (search-words.ts matchKind, search-rank.ts
 * shownKind): «hval» does not list every question that starts with «hva». Among pages of a
 * kind, a hit whose title names what was searched for comes first («Hval – Svømmeopplæring»,
 * also for the typo «Hvak»); then Fuse.js's score for the document: each field's best word
 * score, combined as Fuse combines keys (field-length norm off: a long page about swimming
 * courses must not lose to a short one that mentions a course once); then the site's own
 * pages before the documents of the folders `later` names (its posts, at an equal match); then
 * how often a page holds the query or the query with one letter less («hval» for «hvall»);
 * then the document order. A page's description counts as its title (and text):
 * generator/index/postings.ts IndexDocument.naming.
 */
export function createSearch(manifest: SearchManifest, load: LoadPart, options: SearchOptions): Search {
  const { threshold, maxParts = 16 } = options;
  const later = laterDocuments(manifest, options.later);
  /** Documents the postings parts brought in their words' heads: no document part is fetched for them. */
  const known = new Map<number, DocumentsPart[number]>();
  const parts = new Map<string, Promise<unknown>>();
  const part = (file: string) => {
    let loading = parts.get(file);
    if (!loading) {
      loading = load(file).then(
        (data) => {
          for (const [doc, ...document] of (data as Partial<PostingsPart>).docs ?? []) known.set(doc, document);
          return data;
        },
        (error: unknown) => {
          parts.delete(file);
          throw error;
        },
      );
      parts.set(file, loading);
    }
    return loading;
  };
  const ranked = new Map<string, ReturnType<typeof rank>>();

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
   * Where the words that match a word of the query are: the common words (within `most`
   * postings parts, the best matches first), whose postings are on their way at once, and the
   * rare words that start with the query's first letter (a typo later in a rare word is
   * found), whose postings come with them. `early` is what is known once the postings of the
   * words that settle a rank are in (see search-first.ts); `all`, once every word's are.
   */
  const matchesOf = (token: string, single: boolean, most: number) => {
    // The rare words' parts are asked for first: which ones depends on the first letter only.
    const rareWords = rareParts(manifest, token).map(([file, from]) =>
      part(file).then((words) => matching((words as RareWordsPart).words, token, from)),
    );
    const common = withinParts(manifest, matching(manifest.words, token, 0), most);
    const settling = common.filter(({ item }) => settlesRank(item, token));
    const others = common.filter(({ item }) => !settlesRank(item, token));
    // The parts of the words that settle the first hits are asked for before the others'.
    const listsOf = (words: typeof common) =>
      Promise.all(words.map(({ refIndex }) => postingsOf(manifest, refIndex, part)));
    const settlingLists = listsOf(settling);
    // Awaited below; a failure meanwhile is not «unhandled».
    settlingLists.catch(() => undefined);
    const early = (async () => {
      const rare = (await Promise.all(rareWords)).flat();
      const rareLists = await listsOf(rare);
      const matches = collectMatches(
        token,
        single,
        [...settling, ...rare],
        [...(await settlingLists), ...rareLists],
        manifest.count,
      );
      return { matches, least: Math.min(Number.POSITIVE_INFINITY, ...others.map(({ score }) => score)) };
    })();
    // The other words' parts wait for those of the first hits: the connections and the main
    // thread are theirs first.
    const all = early.then(async ({ matches }) =>
      collectMatches(token, single, others, await listsOf(others), manifest.count, matches),
    );
    return { early, all };
  };

  /** The query's ranking, and the first hits known for certain before it (limit → hits). */
  const rank = (tokens: string[]) => {
    // The query's words share the postings parts it may fetch.
    const most = Math.max(4, Math.floor(maxParts / tokens.length));
    const each = tokens.map((token) => matchesOf(token, tokens.length === 1, most));
    const early = Promise.all(each.map((one) => one.early));
    early.catch(() => undefined);
    return {
      first: (limit: number) => early.then((matches) => certainBest(matches, manifest.count, limit, later)),
      all: Promise.all(each.map((one) => one.all)).then((matches) => rankDocuments(matches, manifest.count, later)),
    };
  };

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
    // A page named just what was searched for («Treningstider») leads, before pages that also name it.
    const named = (hit: SearchHit) => wordsOf(normaliseQuery(hit.title)).join(' ') === key;
    const leading = (hits: SearchHit[]) => [...hits.filter(named), ...hits.filter((hit) => !named(hit))];
    const hitOf = (
      { doc, score }: { doc: number; score: number },
      [title, url, start] = known.get(doc) ?? ['', '', ''],
    ) => ({ id: url, title, url, snippet: snippetOf(start), score }) satisfies SearchHit;
    // Hits are handed over best first, a longer list each time: the first ones certain before
    // the ranking of all is done, each as soon as its document is in (with the postings, in a
    // word's head, or in its documents' part).
    let reported = 0;
    let total = -1;
    const report = (hits: Array<SearchHit | undefined>, last: boolean) => {
      let ready = 0;
      while (ready < hits.length && hits[ready] !== undefined) ready += 1;
      if (ready <= reported) return;
      reported = ready;
      // The last list whole is the result itself.
      if (progress && !(last && ready === hits.length))
        progress({ total, hits: leading(hits.slice(0, ready) as SearchHit[]) });
    };
    const fill = async (shown: Array<{ doc: number; score: number }>, last: boolean) => {
      const hits: Array<SearchHit | undefined> = shown.map((hit) => (known.has(hit.doc) ? hitOf(hit) : undefined));
      report(hits, last);
      await Promise.all(
        shown.map(async (hit, at) => {
          if (hits[at]) return;
          const chunk = (await part(partFile(manifest, 'd', Math.floor(hit.doc / manifest.docs.per)))) as DocumentsPart;
          hits[at] = hitOf(hit, chunk[hit.doc % manifest.docs.per]);
          report(hits, last);
        }),
      );
      return hits as SearchHit[];
    };
    // A failure here is the whole search's too, and reported by it.
    if (progress)
      order
        .first(limit)
        .then((first) => fill(first, false))
        .catch(() => undefined);
    const ranking = await order.all;
    total = ranking.total;
    const hits = await fill(ranking.best(limit), true);
    return { total: ranking.total, hits: leading(hits) };
  };
}

/** 1 for each document in a folder that ranks later (SearchOptions.later); none without such folders. */
function laterDocuments(manifest: SearchManifest, later: SearchOptions['later']): Uint8Array | undefined {
  const runs = manifest.folders ?? [];
  if (!later || !runs.some(([, folder]) => later(folder))) return undefined;
  const marks = new Uint8Array(manifest.count);
  runs.forEach(([from, folder], at) => {
    if (later(folder)) marks.fill(1, from, runs[at + 1]?.[0] ?? manifest.count);
  });
  return marks;
}

/** Reads the manifest fetched from the build: anything else is an error, not a crash later. */
export function parseSearchManifest(value: unknown): SearchManifest {
  const data = value as Partial<SearchManifest> | null;
  if (
    data?.v !== 3 ||
    !Array.isArray(data.words) ||
    !Array.isArray(data.rare) ||
    !Array.isArray(data.postings) ||
    !data.docs
  )
    throw new Error('Not a search index');
  return data as SearchManifest;
}
