import type { ComponentType } from 'react';
import { ISLAND_NAME, ISLAND_ROOT, ISLAND_TAG, ISLAND_WHEN } from './island-markup.ts';

type IslandModule = { default: ComponentType<object> };
type Loaders = Record<string, () => Promise<IslandModule>>;

/**
 * Finds every island on the page and hydrates it when due. React and the widget's code are
 * imported only then, so a page pays for React only if it has an island, and only after
 * first paint.
 */
export function startIslands(loaders: Loaders): void {
  for (const element of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const load = loaders[element.getAttribute(ISLAND_NAME) ?? ''];
    if (!load) continue;
    whenDue(element, () => {
      void hydrate(element, load).catch((error: unknown) => {
        // The server HTML stays: the visitor keeps a readable page.
        console.warn('Island could not start', element.getAttribute(ISLAND_NAME), error);
      });
    });
  }
}

function whenDue(element: HTMLElement, run: () => void): void {
  const when = element.getAttribute(ISLAND_WHEN);
  if (when === 'idle') {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
    return;
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
    return;
  }
  run();
}

async function hydrate(element: HTMLElement, load: () => Promise<IslandModule>): Promise<void> {
  const root = element.querySelector<HTMLElement>(`[${ISLAND_ROOT}]`);
  const json = element.querySelector('script[type="application/json"]')?.textContent ?? '{}';
  if (!root) return;
  const [react, reactDom, module] = await Promise.all([import('react'), import('react-dom/client'), load()]);
  // React is CommonJS: with code splitting, esbuild hands it to a dynamic import as `default` only.
  const { createElement } = commonJs(react);
  const { hydrateRoot } = commonJs(reactDom);
  hydrateRoot(root, createElement(module.default, JSON.parse(json) as object), {
    onRecoverableError: (error) => console.warn('Island hydration mismatch', error),
  });
  element.setAttribute('data-hydrated', '');
}

/** The exports of a CommonJS package reached through a dynamic import, whichever shape the bundler gave it. */
function commonJs<T extends object>(namespace: T): T {
  const fallback = (namespace as { default?: unknown }).default;
  return typeof fallback === 'object' && fallback !== null ? (fallback as T) : namespace;
}
