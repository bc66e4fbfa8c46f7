/**
 * The search page in the browser: reads `q` from the address, fetches the parts of the
 * prebuilt index the query needs and lists the hits, best first, PAGE_SIZE at a time, the
 * first ones as soon as their documents are in. It searches as the visitor types (TYPING_PAUSE
 * after the last key), the address kept in step (one history entry for the typing, replaced at
 * each pause, not one per key), so a reload or a shared link shows the same hits; a suggestion,
 * or a submit of another query, is a search Back returns from. Without script the form is a
 * plain GET form. The status line (role="status") tells screen readers the count politely;
 * the focus stays in the field. Every text the visitor typed is shown as text.
 *
 * Plain DOM code over the server's markup (site/widgets/search-view.tsx), not React: the
 * search needs Fuse.js (7 KB gzip) and the index, and React would add 67 KB more to a page
 * whose state is its address; without it the first hits wait for nothing but the index.
 */
import { normaliseQuery, parseSearchManifest, type Search, type SearchHit, type SearchResult } from 'clubsite/search';
import { addressOf } from '../logic/search-address.ts';
import { createSiteSearch } from '../logic/site-search.ts';
import type { SearchResultsProps } from './search-view.tsx';

/** Hits shown at a time; «Vis flere treff» shows as many more. */
export const PAGE_SIZE = 20;
/** Milliseconds after the last key before the hits follow what is typed. */
export const TYPING_PAUSE = 200;

type View =
  | { kind: 'blank' }
  | { kind: 'searching'; query: string }
  /** `busy`: the first hits, the documents of the others still on their way. */
  | { kind: 'found'; query: string; total: number; hits: SearchHit[]; more: boolean; busy: boolean }
  | { kind: 'failed'; query: string };

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
      return createSiteSearch(parseSearchManifest(data), (file) => fetchJson(new URL(file, manifest).href));
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

const queryInAddress = () => normaliseQuery(new URLSearchParams(window.location.search).get('q'));

/** Takes over the search page's server markup (the island runtime calls it; React is never loaded). */
export function mount(root: HTMLElement, props: object): void {
  const { indexUrl, action } = props as SearchResultsProps;
  const find = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector) as T;
  const form = find<HTMLFormElement>('.search__form');
  const input = find<HTMLInputElement>('input[name="q"]');
  const suggestions = root.querySelector<HTMLElement>('.search__suggestions');
  const more = find<HTMLButtonElement>('.search__more');
  let shown: View = { kind: 'blank' };
  let latest = 0;

  const show = (view: View) => {
    shown = view;
    render(root, view);
  };
  let typing: ReturnType<typeof setTimeout> | undefined;
  /** Whether the address's entry is the typing's own (replaced at each pause), not a search asked for. */
  let typingEntry = false;
  const search = (query: string, limit = PAGE_SIZE, typed = false) => {
    const request = ++latest;
    clearTimeout(typing);
    if (!typed) typingEntry = false;
    // While typing, the field keeps what was typed («påmelding », space and all).
    if (!typed) input.value = query;
    const searching = loadSearch(indexUrl);
    if (query === '') {
      show({ kind: 'blank' });
      // The visitor is about to type: have the index ready.
      searching.catch(() => undefined);
      return;
    }
    // Typing on, the last hits stay (busy) until the new ones come: the list does not blink per key.
    if (typed && shown.kind === 'found') show({ ...shown, busy: true });
    else if (!(shown.kind === 'found' && shown.query === query)) show({ kind: 'searching', query });
    // The first hits show as soon as their documents are in; «Vis flere treff» waits for all.
    const partly = ({ total, hits }: SearchResult) => {
      if (request !== latest) return;
      if (shown.kind === 'found' && shown.query === query && shown.hits.length >= hits.length) return;
      show({ kind: 'found', query, total, hits, more: false, busy: true });
    };
    searching
      .then((run) => run(query, limit, partly))
      .then(
        ({ total, hits }) => {
          if (request === latest) show({ kind: 'found', query, total, hits, more: hits.length < total, busy: false });
        },
        (error: unknown) => {
          console.warn('Search index could not be loaded', error);
          if (request === latest) show({ kind: 'failed', query });
        },
      );
  };
  const searchFor = (query: string) => {
    if (query !== queryInAddress()) window.history.pushState(null, '', addressOf(action, query));
    search(query);
  };

  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      const query = normaliseQuery(input.value);
      // A space or a letter typed and taken back searches for nothing new.
      if (query === ('query' in shown ? shown.query : '') && shown.kind !== 'failed') return;
      // Typing over a search that was asked for makes one entry of its own, which Back leaves.
      const address = addressOf(action, query);
      if (typingEntry || queryInAddress() === '') window.history.replaceState(null, '', address);
      else window.history.pushState(null, '', address);
      typingEntry = true;
      search(query, PAGE_SIZE, true);
    }, TYPING_PAUSE);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    searchFor(normaliseQuery(input.value));
  });
  suggestions?.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a.search__suggestion');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    searchFor(link.textContent ?? '');
  });
  more.addEventListener('click', () => {
    if (shown.kind === 'found') search(shown.query, shown.hits.length + PAGE_SIZE);
  });
  window.addEventListener('popstate', () => search(queryInAddress()));
  search(queryInAddress());
}

/** Puts a view on the page: heading, status, suggestions, hits and «Vis flere treff». */
function render(root: HTMLElement, view: View): void {
  const query = 'query' in view ? view.query : '';
  const find = (selector: string) => root.querySelector<HTMLElement>(selector);
  const heading = find('.search__heading');
  if (heading) heading.textContent = query === '' ? 'Søk' : `Søkeresultat for «${query}»`;
  const status = find('.search__status');
  if (status && status.textContent !== statusText(view)) status.textContent = statusText(view);
  const suggestions = find('.search__suggestions');
  if (suggestions) suggestions.hidden = view.kind !== 'blank';
  const list = find('.search__hits');
  if (list) {
    const hits = view.kind === 'found' ? view.hits : [];
    list.replaceChildren(...hits.map(hitItem));
    list.hidden = hits.length === 0;
    if (view.kind === 'found' && view.busy) list.setAttribute('aria-busy', 'true');
    else list.removeAttribute('aria-busy');
  }
  const more = find('.search__more');
  if (more) more.hidden = !(view.kind === 'found' && view.more);
}

/** A hit: its title as a link, then the start of its text. */
function hitItem(hit: SearchHit): HTMLLIElement {
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
