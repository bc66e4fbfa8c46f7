import Fuse, { type FuseIndex } from 'fuse.js/basic';

/** A page as the search knows it (the build writes these). */
export interface SearchDocument {
  id: string;
  title: string;
  url: string;
  content: string;
}

/** The index file the build writes: each document beside its prebuilt Fuse.js record. */
export interface SearchIndexData {
  keys: Parameters<typeof Fuse.parseIndex>[0]['keys'];
  entries: Array<{ document: SearchDocument; record: Parameters<typeof Fuse.parseIndex>[0]['records'][number] }>;
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

/** The keys the build indexed, in the same order. */
export const SEARCH_KEYS = ['title', 'content'];
/** How far a match may be from the query: 0 exact, 1 anything. */
export const THRESHOLD = 0.3;
export const SNIPPET_LENGTH = 120;

/** A query as the visitor meant it: spaces around it dropped, letters like «å» in one form. */
export function normaliseQuery(query: string | null | undefined): string {
  return (query ?? '').normalize('NFC').trim();
}

/** The first SNIPPET_LENGTH characters (whole characters, never half an emoji), then «…». */
export function snippetOf(content: string): string {
  return `${Array.from(content).slice(0, SNIPPET_LENGTH).join('').trimEnd()}…`;
}

export type Search = (query: string) => SearchHit[];

/**
 * A search over the prebuilt index: the browser parses the index, it never builds one. A
 * query blank after trimming finds nothing. Fuse.js decides what matches (fuzzy, on title and
 * content, within THRESHOLD) and scores it; the best score comes first. Fuse's field-length
 * norm is off: a page's content is its whole text, and a long page about swimming courses must
 * not lose to a short one that mentions a course once. Pages with the same score are ordered
 * by how often they hold the query, or the query with one letter less («hval» for «hvall»).
 */
export function createSearch(data: SearchIndexData): Search {
  const documents = data.entries.map((entry) => entry.document);
  const index: FuseIndex<SearchDocument> = Fuse.parseIndex<SearchDocument>({
    keys: data.keys,
    records: data.entries.map((entry) => entry.record),
  });
  const fuse = new Fuse(
    documents,
    { keys: SEARCH_KEYS, threshold: THRESHOLD, ignoreLocation: true, ignoreFieldNorm: true, includeScore: true },
    index,
  );
  return (query) => {
    const wanted = normaliseQuery(query);
    if (wanted === '') return [];
    return fuse
      .search(wanted)
      .map((result, order) => ({ result, order, often: timesFound(result.item, wanted) }))
      .sort((a, b) => (a.result.score ?? 0) - (b.result.score ?? 0) || b.often - a.often || a.order - b.order)
      .map(({ result: { item, score } }) => ({
        id: item.id,
        title: item.title,
        url: item.url,
        snippet: snippetOf(item.content),
        score: score ?? 0,
      }));
  };
}

/**
 * How often a page holds the query, or a form of it with one letter left out: a typo with a
 * letter too many («hvall») then counts the word that was meant («hval»). Forms shorter than
 * four letters are too common to tell pages apart.
 */
function timesFound(document: SearchDocument, query: string): number {
  const text = `${document.title} ${document.content}`.toLowerCase();
  const wanted = query.toLowerCase();
  const forms = new Set([wanted]);
  if (wanted.length > 4)
    for (let at = 0; at < wanted.length; at += 1) forms.add(wanted.slice(0, at) + wanted.slice(at + 1));
  let most = 0;
  for (const form of forms) {
    let count = 0;
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length)) count += 1;
    most = Math.max(most, count);
  }
  return most;
}

/** Reads the index file fetched from the build: anything else is an error, not a crash later. */
export function parseSearchIndex(value: unknown): SearchIndexData {
  const data = value as Partial<SearchIndexData> | null;
  if (!data || !Array.isArray(data.keys) || !Array.isArray(data.entries)) throw new Error('Not a search index');
  return data as SearchIndexData;
}
