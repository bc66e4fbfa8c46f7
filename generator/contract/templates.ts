/** Templates: the component for a kind of page, its schema, and the pages it makes from data (defineTemplate). */
import type { ReactNode } from 'react';
import type { output, ZodType } from 'zod';
import type { Clock } from './clock.ts';
import type { Entry, FieldProblem, ImageRequirement, LinkReference } from './collections.ts';
import type { TemplateProps } from './pages.ts';
import type { PolicySources } from './privacy.ts';

export type { PolicySources };

/**
 * A component checked both ways, as React types its event handlers: a template written for a
 * narrower front matter still fits the site's table of templates. `defineTemplate` is where
 * a template's props are checked strictly against its schema.
 */
export type Component<Props> = { bivarianceHack(props: Props): ReactNode }['bivarianceHack'];

/** What a template's `routes` and the site's `files` are made from. */
export interface RouteContext<Data> {
  data: Data;
  now: Clock;
  /** The same slug as headings get: a tag's name as part of an address ('Svømming' → 'svomming'). */
  slug: (text: string) => string;
  href: (route: string) => string;
  absolute: (route: string) => string;
}

/** A page a template makes by itself from data, instead of from a file under the pages folder. */
export interface TemplateRoute<Params = Record<string, unknown>> {
  route: string;
  title: string;
  description: string;
  /** What the template gets as `page.data`. */
  data: Params;
  /** The entry of a folder collection whose Markdown body is this page's `html` (and where its problems are reported). */
  entry?: Entry<unknown>;
  /** Kept out of the sitemap and the search index (a draft shown while editing). */
  noindex?: boolean;
  /** When the page last changed (YYYY-MM-DD or an ISO time), for the sitemap. */
  lastmod?: string;
}

/** The front matter a template's schema gives; a template without a schema gets the fields as they are. */
export type FrontMatterOf<Schema extends ZodType> =
  unknown extends output<Schema> ? Record<string, unknown> : output<Schema>;

/**
 * A template as the site's table holds it. Write it with `defineTemplate`, which checks the
 * component, links and search text against the template's own schema.
 */
export interface TemplateDefinition<Data = Record<string, unknown>> {
  component: Component<TemplateProps<Record<string, unknown>, Data>>;
  /** Extra front-matter fields this template reads (title, description, template are always there). */
  schema?: ZodType;
  /** Routes the front matter links to, checked against the route table. */
  links?(frontMatter: Record<string, unknown>): LinkReference[];
  /** Pages with nothing to say yet: noindex, left out of the sitemap and the search index. */
  noindex?: boolean;
  /** Rendered after the search index exists (the page gets `searchIndex`). */
  usesSearchIndex?: boolean;
  /** Text a visitor can reach on the page that the server markup does not show (e.g. widget results). */
  searchText?(props: TemplateProps<Record<string, unknown>, Data>): string;
  /** Images the front matter names that must have a given kind and size (a page's own share image). */
  images?(frontMatter: Record<string, unknown>): ImageRequirement[];
  /** Facts that are only wrong at the build's clock (a winner before the draw): each problem at its field. */
  check?(frontMatter: Record<string, unknown>, context: { now: Clock }): FieldProblem[];
  /** Facts that are overdue at the build's clock (a draw long past with no winner): each a warning at its field, and the build goes on. */
  warnings?(frontMatter: Record<string, unknown>, context: { now: Clock }): FieldProblem[];
  /** Parts of the page with an anchor of their own (a course level, an FAQ question), each a search result of its own. */
  searchSections?(props: TemplateProps<Record<string, unknown>, Data>): SearchSection[];
  /** Other photo widths or sizes for this template's pages than the site's `photos`. */
  photos?: { widths?: number[]; sizes?: string };
  /** Third-party hosts the page embeds (a feed widget), added to its Content-Security-Policy; other pages never allow them. */
  securityPolicy?(props: TemplateProps<Record<string, unknown>, Data>): PolicySources;
  /** The pages this template makes from data (one per entry, paginated lists, a list per tag); no page file may pick it. */
  routes?(context: RouteContext<Data>): TemplateRoute[];
}

/** A part of a page a visitor looks for: the element with id `anchor`, its title and its own text. */
export interface SearchSection {
  anchor: string;
  title: string;
  text: string;
}

/**
 * What `defineTemplate` takes: the component, links and search text typed from the schema, or,
 * for a template with `routes`, from the data its routes give.
 */
export interface TemplateOptions<Schema extends ZodType, Data, Params = FrontMatterOf<Schema>> {
  component: (props: TemplateProps<NoInfer<Params>, Data>) => ReactNode;
  schema?: Schema;
  links?: (frontMatter: FrontMatterOf<Schema>) => LinkReference[];
  noindex?: boolean;
  usesSearchIndex?: boolean;
  searchText?: (props: TemplateProps<NoInfer<Params>, Data>) => string;
  images?: (frontMatter: FrontMatterOf<Schema>) => ImageRequirement[];
  check?: (frontMatter: FrontMatterOf<Schema>, context: { now: Clock }) => FieldProblem[];
  warnings?: (frontMatter: FrontMatterOf<Schema>, context: { now: Clock }) => FieldProblem[];
  searchSections?: (props: TemplateProps<NoInfer<Params>, Data>) => SearchSection[];
  routes?: (context: RouteContext<Data>) => TemplateRoute<Params>[];
  photos?: { widths?: number[]; sizes?: string };
  securityPolicy?: (props: TemplateProps<NoInfer<Params>, Data>) => PolicySources;
}

/** A template: its component must take the props its schema gives, which is checked here. */
export function defineTemplate<Data, Schema extends ZodType = ZodType, Params = FrontMatterOf<Schema>>(
  template: TemplateOptions<Schema, Data, Params>,
): TemplateDefinition<Data> {
  // The generator hands each template the front matter its schema produced, so the narrower
  // types checked above hold at run time.
  return template as unknown as TemplateDefinition<Data>;
}
