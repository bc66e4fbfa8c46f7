import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { normaliseQuery, type SearchHit, type SearchResult } from 'clubsite/search';
import { isEarlyQuery, loadSearch, queryInAddress, retireEarlyHits, startEarlySearch } from './search-early.ts';

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
  /** `busy`: the first hits, the documents of the others still on their way. */
  | { kind: 'found'; query: string; total: number; hits: SearchHit[]; more: boolean; busy: boolean }
  | { kind: 'failed'; query: string };

/** Hits shown at a time; «Vis flere treff» shows as many more. */
export const PAGE_SIZE = 20;

/**
 * In the browser, the search for the address's query starts as soon as this module runs, and
 * its first hits are shown before React is here (site/widgets/search-early.ts). `ready` tells
 * the island runtime when they are in (or that there is nothing to wait for): it evaluates
 * React after that, so the two do not queue on the main thread.
 */
export const ready: Promise<void> | undefined =
  typeof document === 'undefined' ? undefined : startEarlySearch(PAGE_SIZE);

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
            : { kind: 'found', query, total, hits, more: false, busy: true },
        );
      };
      search
        .then((run) => run(query, limit, partly))
        .then(
          ({ total, hits }) => {
            if (request === latest.current)
              setView({ kind: 'found', query, total, hits, more: hits.length < total, busy: false });
          },
          (error: unknown) => {
            console.warn('Search index could not be loaded', error);
            if (request === latest.current) setView({ kind: 'failed', query });
          },
        );
    },
    [indexUrl],
  );

  // The hits shown before React (search-early.ts) stay until the widget has its own to show.
  useLayoutEffect(() => {
    if (view.kind === 'start' || (view.kind === 'searching' && isEarlyQuery(view.query))) return;
    retireEarlyHits();
  }, [view]);

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
        <ol className="search__hits" aria-busy={view.busy || undefined}>
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
      // While the first hits are in and the rest still counted, the number is not known yet (-1).
      return view.total === 0 ? 'Ingen treff.' : view.total < 0 ? '' : `${view.total} treff`;
    case 'failed':
      return 'Søket kunne ikke lastes akkurat nå. Sjekk nettforbindelsen og prøv igjen.';
    default:
      return '';
  }
}
