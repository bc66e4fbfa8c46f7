import type { ComponentType, ReactNode } from 'react';
import { holdEarlyInput, type EarlyInput } from './early-input.ts';
import { ISLAND_NAME, ISLAND_ROOT, ISLAND_TAG, ISLAND_WHEN } from '../shared/island-markup.ts';

/**
 * An island's module: its widget, and optionally
 * - `ready`, a promise for work the module starts on its own as it runs: React's big chunk is
 *   evaluated once that work is under way, or after READY_WAIT_MS, so network and React
 *   overlap instead of queueing on the main thread;
 * - `mount(root, props)` instead of a React widget, for a widget that plain DOM code serves:
 *   the runtime calls it on the server markup and never loads React for it;
 * - `outOfDate(props)`, for an island hydrated at the first interaction: whether its server
 *   markup is wrong already (a build days old showing the build's «today»), so it hydrates at once.
 */
type IslandModule = {
  default?: ComponentType<object>;
  ready?: Promise<unknown>;
  mount?: (root: HTMLElement, props: object) => void;
  outOfDate?: (props: object) => boolean;
};
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
    cancel = whenDue(element, load, run);
  }
}

/** Calls `run` when the island's directive says so; returns a function that stops waiting. */
function whenDue(element: HTMLElement, load: () => Promise<IslandModule>, run: () => void): () => void {
  const when = element.getAttribute(ISLAND_WHEN);
  if (when === 'idle') return onIdle(run);
  if (when === 'interaction')
    // Only the first interaction hydrates it (holdEarlyInput calls `run`), unless its own module,
    // fetched when the browser is idle (a kilobyte or two: React waits), says the markup is out of date.
    return onIdle(() => {
      load().then(
        (module) => {
          if (module.outOfDate?.(propsOf(element))) run();
        },
        () => undefined,
      );
    });
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

/** Calls `run` when the browser is idle; returns a function that stops waiting. */
function onIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

const propsOf = (element: HTMLElement): object =>
  JSON.parse(element.querySelector('script[type="application/json"]')?.textContent ?? '{}') as object;

async function hydrate(element: HTMLElement, load: () => Promise<IslandModule>, input: EarlyInput): Promise<void> {
  const root = element.querySelector<HTMLElement>(`[${ISLAND_ROOT}]`);
  if (!root) return;
  const props = propsOf(element);
  // The module first: whether it needs React at all is its to say. A `load` island's chunks and
  // React are preloaded with the page; any other island's module is a kilobyte or two.
  const module = await load();
  if (module.mount) {
    module.mount(root, props);
  } else if (module.default) {
    if (module.ready && element.getAttribute(ISLAND_WHEN) === 'load')
      await Promise.race([
        module.ready.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS)),
      ]);
    await hydrateWithReact(root, module.default, props);
  } else return;
  await input.replay();
  element.setAttribute('data-hydrated', '');
}

/** Hydrates the widget's server markup with React; resolves once the widget has committed. */
async function hydrateWithReact(root: HTMLElement, widget: ComponentType<object>, props: object): Promise<void> {
  const [react, reactDom] = await Promise.all([import('react'), import('react-dom/client')]);
  // React is CommonJS: with code splitting, esbuild hands it to a dynamic import as `default` only.
  const { createElement, useEffect } = commonJs(react);
  const { hydrateRoot } = commonJs(reactDom);
  await new Promise<void>((resolve) => {
    // Renders nothing of its own (the markup is the widget's); its effect runs once the widget's have.
    function Live({ children }: { children: ReactNode }) {
      useEffect(resolve, []);
      return children;
    }
    hydrateRoot(root, createElement(Live, null, createElement(widget, props)), {
      onRecoverableError: (error) => console.warn('Island hydration mismatch', error),
    });
  });
}

/** The exports of a CommonJS package reached through a dynamic import, whichever shape the bundler gave it. */
function commonJs<T extends object>(namespace: T): T {
  const fallback = (namespace as { default?: unknown }).default;
  return typeof fallback === 'object' && fallback !== null ? (fallback as T) : namespace;
}
