/**
 * The contract between the generator and a site.
 *
 * A site (here: templates/index.ts) default-exports a SiteDefinition. The generator
 * loads it, validates content with its schemas, renders its templates and bundles its
 * islands and scripts. Site code may `import type` from this file and nothing else
 * from generator/.
 */
import type { ComponentType } from 'react';
import type { ZodType } from 'zod';

export interface SiteDefinition {
  /** The IANA time zone every date of the site is in; `--now` without a zone is read in it. */
  timeZone: string;
  /** Data collections: name → YAML file under content/ and the Zod schema it must match. */
  collections: Record<string, CollectionDefinition>;
  /** Page templates by name. A page without `template:` uses `article`. */
  templates: Record<string, TemplateDefinition>;
  /** The HTML document around every page. */
  document: ComponentType<DocumentProps>;
  /** What 404.html shows. */
  notFound: { template: string; title: string; description: string };
  /** Islands: name → module (relative to the project root) whose default export is the widget. */
  islands: Record<string, string>;
  /** The browser runtime that hydrates islands (relative to the project root); needed when there are islands. */
  islandRuntime: string;
  /** Plain browser scripts every page loads (relative to the project root). */
  scripts: string[];
  /** Scripts inlined in <head> before first paint (relative to the project root). Keep them tiny. */
  headScripts: string[];
  /** The stylesheet entry (relative to the project root). */
  styles: string;
  /**
   * Photos (JPEG, PNG, WebP) in Markdown are made into AVIF and WebP at these widths with a
   * fallback in their own format (`sizes`: how wide they show). Without it they are copied as they are.
   */
  photos?: { widths: number[]; sizes: string };
  /** Help for the fields every page has (title, description, template, allowHtml), in the site's language: editors show it on hover (`clubsite schema`). */
  pageFieldHelp?: Record<string, string>;
}

export interface CollectionDefinition<Data = any> {
  file: string;
  schema: ZodType<Data>;
  /** Routes the data links to, with the field path of each, checked against the route table. */
  links?: (data: Data) => LinkReference[];
}

export interface LinkReference {
  route: string;
  path: (string | number)[];
}

export interface TemplateDefinition<FrontMatter = any, Data = any> {
  component: ComponentType<TemplateProps<FrontMatter, Data>>;
  /** Extra front-matter fields this template reads (title, description, template are always there). */
  schema?: ZodType<FrontMatter>;
  /** Routes the front matter links to, checked against the route table. */
  links?: (frontMatter: FrontMatter) => LinkReference[];
  /** Pages with nothing to say yet: noindex, left out of the sitemap and the search index. */
  noindex?: boolean;
  /** Rendered after the search index exists (the page gets `searchIndex`). */
  usesSearchIndex?: boolean;
  /** Text a visitor can reach on the page that the server markup does not show (e.g. widget results). */
  searchText?: (props: TemplateProps<FrontMatter, Data>) => string;
  /** Other photo widths or sizes for this template's pages than the site's `photos`. */
  photos?: { widths?: number[]; sizes?: string };
  /** Third-party hosts the page embeds (a feed widget), added to its Content-Security-Policy; other pages never allow them. */
  securityPolicy?: (props: TemplateProps<FrontMatter, Data>) => PolicySources;
}

/** CSP sources by directive, like { 'script-src': ['https://cdn.example.com'] }. */
export type PolicySources = Partial<
  Record<'script-src' | 'style-src' | 'img-src' | 'font-src' | 'connect-src' | 'frame-src' | 'media-src', string[]>
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
  /** The prebuilt search index, for templates with `usesSearchIndex`. */
  searchIndex?: { url: string; documents: number; bytes: number };
}

export interface DocumentProps extends TemplateProps {
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
