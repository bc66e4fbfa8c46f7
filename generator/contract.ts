/**
 * The contract between the generator and a site.
 *
 * A site (here: templates/index.ts) default-exports a SiteDefinition made with `defineSite`.
 * The generator loads it, validates content with its schemas, renders its templates and
 * bundles its islands and scripts. Site code may import this file and nothing else from
 * generator/: its types, the `define…` helpers, which return what they are given (with its
 * types worked out), and `paginate`; none of them imports anything at run time.
 */
import type { ComponentType, ReactNode } from 'react';
import type { output, ZodType } from 'zod';

/**
 * A component checked both ways, as React types its event handlers: a template written for a
 * narrower front matter still fits the site's table of templates. `defineTemplate` is where
 * a template's props are checked strictly against its schema.
 */
type Component<Props> = { bivarianceHack(props: Props): ReactNode }['bivarianceHack'];

export interface SiteDefinition<Collections extends CollectionTable = CollectionTable> {
  /** The IANA time zone every date of the site is in; `--now` without a zone is read in it. */
  timeZone: string;
  /** The language of the site's text (BCP 47, like en or nb), for the pages the generator writes itself (redirects). */
  lang: string;
  /** Data collections: name → YAML file under the content folder and the Zod schema it must match. */
  collections: Collections;
  /** The collection whose data holds what the generator reads itself: `origin` and `redirects`. */
  settings: keyof Collections & string;
  /** The folder under the content folder whose Markdown and YAML files are pages: a file's path in it is its address. */
  pages: string;
  /** Page templates by name. A page without `template:` uses `article`. */
  templates: Record<string, TemplateDefinition<DataOf<Collections>>>;
  /** The HTML document around every page. */
  document: Component<DocumentProps<DataOf<Collections>>>;
  /** What 404.html shows. */
  notFound: { template: string; title: string; description: string };
  /** The islands, as `defineIslands` returns them: name → the module whose default export is the widget. */
  islands: Readonly<Record<string, { readonly module: string }>>;
  /** Plain browser scripts every page loads (relative to the project root). */
  scripts: string[];
  /** Scripts inlined in <head> before first paint (relative to the project root). Keep them tiny. */
  headScripts: string[];
  /** The stylesheet entry (relative to the project root). */
  styles: string;
  /** Documents visitors download (PDFs and the like): a folder under content/, published under the same path, byte for byte. */
  documents?: { folder: string; kinds: string[]; maxBytes: number };
  /**
   * Photos (JPEG, PNG, WebP) in Markdown are made into AVIF and WebP at these widths with a
   * fallback in their own format (`sizes`: how wide they show). Without it they are copied as they are.
   */
  photos?: { widths: number[]; sizes: string };
  /** What a search hit shows of a page: the first `snippet` characters of its text, all the index keeps of it (120 unless given). */
  search?: { snippet: number };
  /** Help for the fields every page has (title, description, template, allowHtml), in the site's language: editors show it on hover (`clubsite schema`). */
  pageFieldHelp?: Record<string, string>;
  /**
   * Files the site makes from its data besides pages (a feed): route with a file extension
   * (`/news/feed.xml`) → its text. They are in the route table, so links to them are checked.
   */
  files?(context: RouteContext<DataOf<Collections>>): Record<string, string>;
}

/** A problem a site's own rule finds in valid data, at a field path. */
export interface FieldProblem {
  path: (string | number)[];
  message: string;
  hint: string;
}

/** What a field naming an image under content/ must be: its kind (from the file's header) and size in pixels. */
export interface ImageRequirement {
  file: string;
  path: (string | number)[];
  kinds: Array<'png' | 'jpeg'>;
  width: number;
  height: number;
}

/** A collection of one YAML file: its data is what the schema makes of the file. */
export interface FileCollectionDefinition<Schema extends ZodType = ZodType> {
  /** The YAML file, relative to the content folder. */
  file: string;
  schema: Schema;
  /** Routes the data links to, with the field path of each, checked against the route table. */
  links?(data: output<Schema>): LinkReference[];
  /** Images the data names that must have a given kind and size (a share image), checked with their line. */
  images?(data: output<Schema>): ImageRequirement[];
}

/**
 * A collection of many Markdown files (posts, results): each file's front matter must match the
 * schema, and its body is the Markdown of the page a template makes for it. Its data is the
 * list of entries, in file-name order.
 */
export interface FolderCollectionDefinition<Schema extends ZodType = ZodType> {
  /** The files, as a glob under the content folder: `news/*.md` (`*` within a folder, `**` across folders). */
  files: string;
  schema: Schema;
  /** What a file's name (without `.md`) must look like, with an example for the hint: the name is often part of an address. */
  name?: { pattern: RegExp; example: string };
  /**
   * Whether an entry is published at the build's clock: a draft, or one dated later
   * (`scheduled`), is left out of the build (no page, list, feed or search entry) and kept,
   * marked with its status, only when the build shows drafts (`clubsite dev`).
   */
  status?(data: output<Schema>, now: Date): EntryStatus;
}

export type EntryStatus = 'published' | 'draft' | 'scheduled';

/** One file of a folder collection. */
export interface Entry<FrontMatter = Record<string, unknown>> {
  /** The file's name without `.md`: `2025-11-20-sign-up`. */
  name: string;
  /** The file, relative to the project root. */
  source: string;
  /** The validated front matter. */
  data: FrontMatter;
  status: EntryStatus;
}

export type CollectionDefinition<Schema extends ZodType = ZodType> =
  | FileCollectionDefinition<Schema>
  | FolderCollectionDefinition<Schema>;

export type CollectionTable = Record<string, CollectionDefinition>;

/** The validated data of a site's collections, typed from their schemas: a folder collection is a list of entries. */
export type DataOf<Collections extends CollectionTable> = {
  [Name in keyof Collections]: Collections[Name] extends FolderCollectionDefinition<infer Schema>
    ? Entry<output<Schema>>[]
    : output<Collections[Name]['schema']>;
};

/** What a template's `routes` and the site's `files` are made from. */
export interface RouteContext<Data> {
  data: Data;
  now: Date;
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

/**
 * Splits items into list pages of `size`: page 1 at `route(1)`, the next at `route(2)` and on,
 * each knowing its neighbours (an empty list is still one page).
 */
export function paginate<Item>(items: Item[], size: number, route: (page: number) => string): Pagination<Item>[] {
  const count = Math.max(1, Math.ceil(items.length / size));
  const routes = Array.from({ length: count }, (_, index) => route(index + 1));
  return routes.map((current, index) => ({
    items: items.slice(index * size, (index + 1) * size),
    page: index + 1,
    count,
    route: current,
    routes,
    prev: routes[index - 1],
    next: routes[index + 1],
  }));
}

export interface Pagination<Item> {
  items: Item[];
  /** 1-based. */
  page: number;
  count: number;
  route: string;
  /** Every page's route, page 1 first. */
  routes: string[];
  prev?: string;
  next?: string;
}

export interface LinkReference {
  route: string;
  path: (string | number)[];
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
  check?(frontMatter: Record<string, unknown>, context: { now: Date }): FieldProblem[];
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
  check?: (frontMatter: FrontMatterOf<Schema>, context: { now: Date }) => FieldProblem[];
  searchSections?: (props: TemplateProps<NoInfer<Params>, Data>) => SearchSection[];
  routes?: (context: RouteContext<Data>) => TemplateRoute<Params>[];
  photos?: { widths?: number[]; sizes?: string };
  securityPolicy?: (props: TemplateProps<NoInfer<Params>, Data>) => PolicySources;
}

/** CSP sources by directive, like { 'script-src': ['https://cdn.example.com'] }. */
export type PolicySources = Partial<
  Record<
    'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'frame-src' | 'media-src' | 'form-action',
    string[]
  >
>;

export interface PageSummary<FrontMatter = Record<string, unknown>> {
  route: string;
  title: string;
  description: string;
  template: string;
  noindex: boolean;
  /** The validated front matter, template fields included. */
  data: FrontMatter;
  /** Content file the page comes from, relative to the project root. */
  source: string;
  /** When the page last changed, for the sitemap (pages a template makes from dated entries). */
  lastmod?: string;
}

export interface Page<FrontMatter = Record<string, unknown>> extends PageSummary<FrontMatter> {
  /** The Markdown body rendered to HTML ('' for YAML pages). */
  html: string;
}

export interface TemplateProps<FrontMatter = Record<string, unknown>, Data = Record<string, unknown>> {
  page: Page<FrontMatter>;
  /** Every page of the site (for menus, calls to action, listings). */
  pages: PageSummary[];
  /** The validated collections. */
  data: Data;
  /** The build's clock: `--now`, CLUBSITE_NOW, or the real time. */
  now: Date;
  /** Public URL of a route, with the base path and a trailing slash: href('/kurs') → '/kurs/'. */
  href: (route: string) => string;
  /** Public URL of a file under content/ (content-hashed): asset('images/logo.svg'). */
  asset: (file: string) => string;
  /** Absolute URL for canonical links and Open Graph: origin + base + route. */
  absolute: (route: string) => string;
  /** A text as a fragment anchor, the same way Markdown headings get theirs: 'Hvor trener vi?' → 'hvor-trener-vi'. */
  slug: (text: string) => string;
  /** The prebuilt search index, for templates with `usesSearchIndex`. */
  searchIndex?: { url: string; documents: number; bytes: number };
}

export interface DocumentProps<Data = Record<string, unknown>> extends TemplateProps<Record<string, unknown>, Data> {
  /** The page's own content, rendered by its template: the document puts it in <main>. */
  bodyHtml: string;
  /** Hashed URLs of the stylesheet and module scripts this page loads. */
  styles: string[];
  scripts: string[];
  /** Module chunks to preload (`<link rel="modulepreload">`): islands that hydrate at load. */
  preloads: string[];
  /** Minified head scripts, to inline as they are. */
  headScripts: string[];
  /** The page's Content-Security-Policy, for a <meta http-equiv> before any script (headScripts are allowed by hash). */
  securityPolicy: string;
  noindex: boolean;
}

/** An island registered with `defineIslands`: `<Island island={islands.name} props={…} />` takes it. */
export interface IslandReference<Props extends object> {
  readonly name: string;
  /** The widget's module, relative to the project root: its default export is `component`. */
  readonly module: string;
  readonly component: ComponentType<Props>;
}

type PropsOf<Widget> = Widget extends ComponentType<infer Props> ? (Props extends object ? Props : never) : never;

/** The site definition, with its data type worked out from the collections' schemas. */
export function defineSite<Collections extends CollectionTable>(
  site: SiteDefinition<Collections>,
): SiteDefinition<Collections> {
  return site;
}

/** A collection: its file, its schema, and the routes its data links to (typed from the schema). */
export function defineCollection<Schema extends ZodType>(
  collection: FileCollectionDefinition<Schema>,
): FileCollectionDefinition<Schema>;
export function defineCollection<Schema extends ZodType>(
  collection: FolderCollectionDefinition<Schema>,
): FolderCollectionDefinition<Schema>;
export function defineCollection<Schema extends ZodType>(
  collection: CollectionDefinition<Schema>,
): CollectionDefinition<Schema> {
  return collection;
}

/** A template: its component must take the props its schema gives, which is checked here. */
export function defineTemplate<Data, Schema extends ZodType = ZodType, Params = FrontMatterOf<Schema>>(
  template: TemplateOptions<Schema, Data, Params>,
): TemplateDefinition<Data> {
  // The generator hands each template the front matter its schema produced, so the narrower
  // types checked above hold at run time.
  return template as unknown as TemplateDefinition<Data>;
}

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
