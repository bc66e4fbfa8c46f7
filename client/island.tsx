import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  ISLAND_NAME,
  ISLAND_ROOT,
  ISLAND_TAG,
  ISLAND_WHEN,
  serializeProps,
  type HydrateWhen,
} from './island-markup.ts';

interface IslandProps<P extends object> {
  /** The name the island is registered under in templates/index.ts. */
  name: string;
  component: ComponentType<P>;
  props: P;
  when?: HydrateWhen;
}

/**
 * Server side of an island: the widget rendered with renderToString (hydratable markup),
 * wrapped in the marker the browser runtime looks for, with its props beside it.
 */
export function Island<P extends object>({ name, component, props, when = 'visible' }: IslandProps<P>) {
  const html = renderToString(createElement(component, props));
  return createElement(
    ISLAND_TAG,
    { [ISLAND_NAME]: name, [ISLAND_WHEN]: when },
    createElement('script', { type: 'application/json', dangerouslySetInnerHTML: { __html: serializeProps(props) } }),
    createElement('div', { [ISLAND_ROOT]: '', dangerouslySetInnerHTML: { __html: html } }),
  );
}
