import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import {
  normaliseQuery,
  parseSearchManifest,
  type Search,
  type SearchHit,
  type SearchResult,
} from '../../client/search-index.ts';
import { createSiteSearch } from '../logic/site-search.ts';

export interface SearchResultsProps {
  /** The index's manifest (JSON, content-hashed); its parts are fetched as a query needs them. */
  indexUrl: string;
  /** The search page's own URL, for the form and the address bar. */
  action: string;
  /** Ready-made searches offered while nothing is searched for. */
  suggestions: string[];
}

type View =
  /** Server HTML and the first render in the browser: the address is not read yet. */
  | { kind: 'start' }
  | { kind: 'blank' }
  | { kind: 'searching'; query: string }
  | { kind: 'found'; query: string; total: number; hits: SearchHit[]; more: boolean }
  | { kind: 'failed'; query: string };

/** Hits shown at a time; «Vis flere treff» shows as many more. */
export const PAGE_SIZE = 20;

let loading: Promise<Search> | undefined;

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The search index answered ${response.status} for ${url}`);
  return response.json();
}

/** Fetches the manifest once per page (a failed fetch may be tried again); parts come when a query needs them. */
function loadSearch(url: string): Promise<Search> {
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
  let last:
    | {
        query: string;
        limit: number;
        result: Promise<SearchResult>;
        partial?: SearchResult;
        listeners: Set<(partial: SearchResult) => void>;
      }
    | undefined;
  return (query, limit, progress) => {
    if (last?.query !== query || last.limit !== limit) {
      const listeners = new Set<(partial: SearchResult) => void>();
      const entry: NonNullable<typeof last> = {
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

const queryInAddress = () => normaliseQuery(new URLSearchParams(window.location.search).get('q'));

/** Marks the page's preload of the index (templates/search.tsx), so this module can find it. */
export const INDEX_LINK_ATTRIBUTE = 'data-search-index';

// In the browser, start as soon as this module runs, while React is still starting: the page
// has preloaded the manifest, so the hits for the address's query are on their way when the
// widget is ready.
if (typeof document !== 'undefined') {
  const url = document.querySelector(`link[${INDEX_LINK_ATTRIBUTE}]`)?.getAttribute('href');
  const query = queryInAddress();
  if (url)
    loadSearch(url).then(
      (search) => (query === '' ? undefined : search(query, PAGE_SIZE).catch(() => undefined)),
      () => undefined,
    );
}

/**
 * The search page: reads `q` from the address, fetches the parts of the prebuilt index the
 * query needs and lists the hits, best first, PAGE_SIZE at a time. The form searches again without reloading and keeps the address in step, so
 * Back returns to the previous search. Every text the visitor typed is shown as text.
 */
export default function SearchResults({ indexUrl, action, suggestions }: SearchResultsProps) {
  const [view, setView] = useState<View>({ kind: 'start' });
  const [input, setInput] = useState('');
  const latest = useRef(0);

  const show = useCallback(
    (query: string, limit = PAGE_SIZE) => {
      const request = ++latest.current;
      setInput(query);
      const search = loadSearch(indexUrl);
      if (query === '') {
        setView({ kind: 'blank' });
        // The visitor is about to type: have the index ready.
        search.catch(() => undefined);
        return;
      }
      setView((shown) => (shown.kind === 'found' && shown.query === query ? shown : { kind: 'searching', query }));
      // The first hits show as soon as their documents are in; «Vis flere treff» waits for all.
      const partly = ({ total, hits }: SearchResult) => {
        if (request !== latest.current) return;
        setView((shown) =>
          shown.kind === 'found' && shown.query === query && shown.hits.length >= hits.length
            ? shown
            : { kind: 'found', query, total, hits, more: false },
        );
      };
      search
        .then((run) => run(query, limit, partly))
        .then(
          ({ total, hits }) => {
            if (request === latest.current) setView({ kind: 'found', query, total, hits, more: hits.length < total });
          },
          (error: unknown) => {
            console.warn('Search index could not be loaded', error);
            if (request === latest.current) setView({ kind: 'failed', query });
          },
        );
    },
    [indexUrl],
  );

  // A layout effect: the search for the address's query starts right at hydration, before the
  // browser paints the empty state (it never runs on the server).
  useLayoutEffect(() => {
    const fromAddress = () => show(queryInAddress());
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [show]);

  const addressOf = (query: string) =>
    query === '' ? action : `${action}?${new URLSearchParams({ q: query }).toString()}`;
  const searchFor = (query: string) => {
    if (query !== queryInAddress()) window.history.pushState(null, '', addressOf(query));
    show(query);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    searchFor(normaliseQuery(input));
  };

  const query = 'query' in view ? view.query : '';
  return (
    <div className="search">
      <h1 className="search__heading">{query === '' ? 'Søk' : `Søkeresultat for «${query}»`}</h1>
      <form className="search__form" role="search" action={action} method="get" onSubmit={submit}>
        <label htmlFor="sok-felt">Hva leter du etter?</label>
        <div className="search__row">
          <input
            id="sok-felt"
            name="q"
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button className="button" type="submit">
            Søk
          </button>
        </div>
      </form>
      <p className="search__status" role="status">
        {statusText(view)}
      </p>
      {view.kind === 'blank' && suggestions.length > 0 ? (
        <div className="search__suggestions">
          <h2 className="search__suggestions-title">Forslag</h2>
          <ul>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <a
                  className="search__suggestion"
                  href={addressOf(suggestion)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                    event.preventDefault();
                    searchFor(suggestion);
                  }}
                >
                  {suggestion}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.kind === 'found' && view.hits.length > 0 ? (
        <ol className="search__hits">
          {view.hits.map((hit) => (
            <li key={hit.id} className="search-hit">
              <h2 className="search-hit__title">
                <a href={hit.url}>{hit.title}</a>
              </h2>
              <p className="search-hit__snippet">{hit.snippet}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {view.kind === 'found' && view.more ? (
        <button
          className="button search__more"
          type="button"
          onClick={() => show(view.query, view.hits.length + PAGE_SIZE)}
        >
          Vis flere treff
        </button>
      ) : null}
    </div>
  );
}

function statusText(view: View): string {
  switch (view.kind) {
    case 'blank':
      return 'Skriv inn et søkeord for å se treff.';
    case 'found':
      return view.total === 0 ? 'Ingen treff.' : `${view.total} treff`;
    case 'failed':
      return 'Søket kunne ikke lastes akkurat nå. Sjekk nettforbindelsen og prøv igjen.';
    default:
      return '';
  }
}
