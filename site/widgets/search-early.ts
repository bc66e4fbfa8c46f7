/**
 * The search page's start before React: the manifest (preloaded by the page) is read and the
 * address's query searched as soon as the widget's module runs, and the first hits are put in
 * a plain list the page has for them (templates/search.tsx), outside the widget's markup, so
 * they show while React is still loading. Once the widget shows a state of its own, the list
 * is emptied: from then on the hits are the widget's.
 */
import { normaliseQuery, parseSearchManifest, type Search, type SearchHit, type SearchResult } from 'clubsite/search';
import { createSiteSearch } from '../logic/site-search.ts';

/** Marks the page's preload of the index (templates/search.tsx), so this module can find it. */
export const INDEX_LINK_ATTRIBUTE = 'data-search-index';
/** Marks the page's list for the hits shown before React (templates/search.tsx). */
export const EARLY_HITS_ATTRIBUTE = 'data-search-early-hits';

let loading: Promise<Search> | undefined;
let early: { query: string; retired: boolean } | undefined;

export const queryInAddress = () => normaliseQuery(new URLSearchParams(window.location.search).get('q'));

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The search index answered ${response.status} for ${url}`);
  return response.json();
}

/** Fetches the manifest once per page (a failed fetch may be tried again); parts come when a query needs them. */
export function loadSearch(url: string): Promise<Search> {
  loading ??= fetchJson(url)
    .then((data) => {
      const manifest = new URL(url, window.location.href);
      return rememberLast(
        createSiteSearch(parseSearchManifest(data), (file) => fetchJson(new URL(file, manifest).href)),
      );
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The same search twice (started early, then shown) runs once; a later caller also gets the hits already in. */
function rememberLast(search: Search): Search {
  type Last = {
    query: string;
    limit: number;
    result: Promise<SearchResult>;
    partial?: SearchResult;
    listeners: Set<(partial: SearchResult) => void>;
  };
  let last: Last | undefined;
  return (query, limit, progress) => {
    if (last?.query !== query || last.limit !== limit) {
      const listeners = new Set<(partial: SearchResult) => void>();
      const entry: Last = {
        query,
        limit,
        listeners,
        result: search(query, limit, (partial) => {
          entry.partial = partial;
          for (const listener of listeners) listener(partial);
        }),
      };
      last = entry;
      entry.result.catch(() => {
        if (last === entry) last = undefined;
      });
    }
    if (progress) {
      last.listeners.add(progress);
      if (last.partial) progress(last.partial);
    }
    return last.result;
  };
}

/**
 * Searches the address's query at once and shows its first hits in the page's early list.
 * Resolves when they are shown, or when there is nothing to show (no query, no index, an
 * error: the widget then says what happened).
 */
export function startEarlySearch(limit: number): Promise<void> {
  const url = document.querySelector(`link[${INDEX_LINK_ATTRIBUTE}]`)?.getAttribute('href');
  const query = queryInAddress();
  if (!url || query === '') return Promise.resolve();
  early = { query, retired: false };
  return new Promise<void>((resolve) => {
    loadSearch(url)
      .then((search) =>
        search(query, limit, ({ hits }) => {
          showEarlyHits(hits);
          resolve();
        }),
      )
      .then(({ hits }) => showEarlyHits(hits))
      .catch(() => undefined)
      .finally(resolve);
  });
}

/** Whether the early list shows (or will show) the hits of this query. */
export function isEarlyQuery(query: string): boolean {
  return early?.query === query && !early.retired;
}

/** Empties the early list for good: the widget shows its own state now. */
export function retireEarlyHits(): void {
  if (early) early.retired = true;
  const list = document.querySelector<HTMLElement>(`[${EARLY_HITS_ATTRIBUTE}]`);
  if (!list || list.hidden) return;
  list.replaceChildren();
  list.hidden = true;
}

/** The hits as the widget lists them (site/widgets/search-results.tsx): the same classes, text as text. */
function showEarlyHits(hits: SearchHit[]): void {
  const list = document.querySelector<HTMLElement>(`[${EARLY_HITS_ATTRIBUTE}]`);
  if (!list || early?.retired || hits.length === 0) return;
  list.replaceChildren(
    ...hits.map((hit) => {
      const item = document.createElement('li');
      item.className = 'search-hit';
      const title = document.createElement('h2');
      title.className = 'search-hit__title';
      const link = document.createElement('a');
      link.href = hit.url;
      link.textContent = hit.title;
      title.append(link);
      const snippet = document.createElement('p');
      snippet.className = 'search-hit__snippet';
      snippet.textContent = hit.snippet;
      item.append(title, snippet);
      return item;
    }),
  );
  list.hidden = false;
}
