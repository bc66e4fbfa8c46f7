import type { ComponentType, ReactNode } from 'react';
import { holdEarlyInput, type EarlyInput } from './early-input.ts';
import { ISLAND_NAME, ISLAND_ROOT, ISLAND_TAG, ISLAND_WHEN } from '../shared/island-markup.ts';

/**
 * An island's module: its widget, and optionally `ready`, a promise for work the module starts
 * on its own as it runs (the search page fetching what its query needs). React's big chunk is
 * evaluated once that work is under way, or after READY_WAIT_MS, so network and React overlap
 * instead of queueing on the main thread.
 */
type IslandModule = { default: ComponentType<object>; ready?: Promise<unknown> };
type Loaders = Record<string, () => Promise<IslandModule>>;

/** The longest an island's `ready` holds back React. */
const READY_WAIT_MS = 300;

/**
 * Finds every island on the page and hydrates it when due, or at the first interaction inside
 * it, whichever comes first. React and the widget's code are imported only then, so a page
 * pays for React only if it has an island, and only after first paint. What the visitor did
 * before the widget was live is handed to it afterwards (client/early-input.ts).
 */
export function startIslands(loaders: Loaders): void {
  for (const element of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const load = loaders[element.getAttribute(ISLAND_NAME) ?? ''];
    if (!load) continue;
    let started = false;
    let cancel = () => {};
    const run = () => {
      if (started) return;
      started = true;
      cancel();
      void hydrate(element, load, input).catch((error: unknown) => {
        // The server HTML stays: the visitor keeps a readable page.
        console.warn('Island could not start', element.getAttribute(ISLAND_NAME), error);
      });
    };
    const input = holdEarlyInput(element, run);
    cancel = whenDue(element, run);
  }
}

/** Calls `run` when the island's directive says so; returns a function that stops waiting. */
function whenDue(element: HTMLElement, run: () => void): () => void {
  const when = element.getAttribute(ISLAND_WHEN);
  if (when === 'idle') {
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(run, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(run, 200);
    return () => clearTimeout(handle);
  }
  if (when === 'visible' && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          run();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }
  queueMicrotask(run);
  return () => {};
}

async function hydrate(element: HTMLElement, load: () => Promise<IslandModule>, input: EarlyInput): Promise<void> {
  const root = element.querySelector<HTMLElement>(`[${ISLAND_ROOT}]`);
  const json = element.querySelector('script[type="application/json"]')?.textContent ?? '{}';
  if (!root) return;
  // A `load` island's chunks and React are preloaded with the page: React's evaluation can wait
  // for the widget's `ready` at no cost in fetches. Any other island fetches them together.
  const alongside =
    element.getAttribute(ISLAND_WHEN) === 'load'
      ? undefined
      : Promise.all([import('react'), import('react-dom/client')]);
  alongside?.catch(() => undefined);
  const module = await load();
  if (module.ready && !alongside)
    await Promise.race([
      module.ready.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS)),
    ]);
  const [react, reactDom] = await (alongside ?? Promise.all([import('react'), import('react-dom/client')]));
  // React is CommonJS: with code splitting, esbuild hands it to a dynamic import as `default` only.
  const { createElement, useEffect } = commonJs(react);
  const { hydrateRoot } = commonJs(reactDom);
  const committed = new Promise<void>((resolve) => {
    // Renders nothing of its own (the markup is the widget's); its effect runs once the widget's have.
    function Live({ children }: { children: ReactNode }) {
      useEffect(resolve, []);
      return children;
    }
    hydrateRoot(root, createElement(Live, null, createElement(module.default, JSON.parse(json) as object)), {
      onRecoverableError: (error) => console.warn('Island hydration mismatch', error),
    });
  });
  await committed;
  await input.replay();
  element.setAttribute('data-hydrated', '');
}

/** The exports of a CommonJS package reached through a dynamic import, whichever shape the bundler gave it. */
function commonJs<T extends object>(namespace: T): T {
  const fallback = (namespace as { default?: unknown }).default;
  return typeof fallback === 'object' && fallback !== null ? (fallback as T) : namespace;
}
