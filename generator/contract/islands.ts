/** The islands a site registers (defineIslands): widgets that hydrate in the browser. */
import type { ComponentType } from 'react';

/** An island registered with `defineIslands`: `<Island island={islands.name} props={…} />` takes it. */
export interface IslandReference<Props extends object> {
  readonly name: string;
  /** The widget's module, relative to the project root: its default export is `component`. */
  readonly module: string;
  readonly component: ComponentType<Props>;
}

type PropsOf<Widget> = Widget extends ComponentType<infer Props> ? (Props extends object ? Props : never) : never;

/**
 * Every island in one place: name → module and its default export. Templates use the
 * references it returns, so an island a template renders is always one the bundle has, and
 * its props are the widget's.
 */
export function defineIslands<Islands extends Record<string, { module: string; component: ComponentType<never> }>>(
  islands: Islands,
): { readonly [Name in keyof Islands & string]: IslandReference<PropsOf<Islands[Name]['component']>> } {
  type References = { readonly [Name in keyof Islands & string]: IslandReference<PropsOf<Islands[Name]['component']>> };
  const references: Record<string, { name: string; module: string; component: ComponentType<never> }> = {};
  for (const [name, island] of Object.entries(islands))
    references[name] = { name, module: island.module, component: island.component };
  return references as unknown as References;
}
