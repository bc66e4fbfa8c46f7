/**
 * The search page's widget as the server renders it, before the address is read: the heading
 * «Søk», the form (a plain GET form: it searches without script too, by loading the page
 * again), an empty status, and the suggestions, the list of hits and «Vis flere treff»
 * hidden. In the browser, site/widgets/search-results.ts fills it in with plain DOM code: the
 * page needs no React (its island module exports `mount`).
 */
import { addressOf } from '../logic/search-address.ts';

export interface SearchResultsProps {
  /** The index's manifest (JSON, content-hashed); its parts are fetched as a query needs them. */
  indexUrl: string;
  /** The search page's own URL, for the form and the address bar. */
  action: string;
  /** Ready-made searches offered while nothing is searched for. */
  suggestions: string[];
}

export default function SearchView({ action, suggestions }: SearchResultsProps) {
  return (
    <div className="search">
      <h1 className="search__heading">Søk</h1>
      <form className="search__form" role="search" action={action} method="get">
        <label htmlFor="sok-felt">Hva leter du etter?</label>
        <div className="search__row">
          <input id="sok-felt" name="q" type="search" autoComplete="off" enterKeyHint="search" />
          <button className="button" type="submit">
            Søk
          </button>
        </div>
      </form>
      <p className="search__status" role="status" />
      {suggestions.length > 0 ? (
        <div className="search__suggestions" hidden>
          <h2 className="search__suggestions-title">Forslag</h2>
          <ul>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <a className="search__suggestion" href={addressOf(action, suggestion)}>
                  {suggestion}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ol className="search__hits" hidden />
      <button className="button search__more" type="button" hidden>
        Vis flere treff
      </button>
    </div>
  );
}
