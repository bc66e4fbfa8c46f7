import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandReference } from './islands.ts';
import {
  ISLAND_NAME,
  ISLAND_ROOT,
  ISLAND_TAG,
  ISLAND_WHEN,
  noteIsland,
  serializeProps,
  type HydrateWhen,
} from '../../client/shared/island-markup.ts';
import { ISLAND_CONSENT } from '../../client/shared/consent-markup.ts';

interface IslandProps<P extends object> {
  /** The island as the site's `defineIslands` registers it: its name, module and widget. */
  island: IslandReference<P>;
  /** The widget's props, plain JSON: the browser gets them in the page. */
  props: NoInfer<P>;
  when?: HydrateWhen;
  /** The embed (a name in the site's `embeds`) it loads: it starts only after the visitor's yes, then as `when` says. */
  consent?: string;
}

/**
 * Server side of an island: the widget rendered with renderToString (hydratable markup),
 * wrapped in the marker the browser runtime looks for, with its props beside it.
 */
export function Island<P extends object>({ island, props, when = 'visible', consent }: IslandProps<P>) {
  const { name, component } = island;
  noteIsland({ name, when });
  const html = renderToString(createElement(component, props));
  return createElement(
    ISLAND_TAG,
    { [ISLAND_NAME]: name, [ISLAND_WHEN]: when, ...(consent ? { [ISLAND_CONSENT]: consent } : {}) },
    createElement('script', { type: 'application/json', dangerouslySetInnerHTML: { __html: serializeProps(props) } }),
    createElement('div', { [ISLAND_ROOT]: '', dangerouslySetInnerHTML: { __html: html } }),
  );
}
