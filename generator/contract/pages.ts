import type { Clock } from './clock.ts';
import type { SiteFacts } from './privacy.ts';

/** What a template and the document are given: the page, every page's summary, the data and the URL helpers. */

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
  /** The build's clock (`--now`, CLUBSITE_NOW, or the real time): ask it what the page shows, no more (contract/clock.ts). */
  now: Clock;
  /** Public URL of a route, with the base path and a trailing slash: href('/kurs') → '/kurs/'. */
  href: (route: string) => string;
  /** Public URL of a file under content/ (content-hashed): asset('images/logo.svg'). */
  asset: (file: string) => string;
  /** Absolute URL for canonical links and Open Graph: origin + base + route. */
  absolute: (route: string) => string;
  /** A text as a fragment anchor, the same way Markdown headings get theirs: 'Hvor trener vi?' → 'hvor-trener-vi'. */
  slug: (text: string) => string;
  /** What the site stores in a visitor's browser and which third parties it can embed (contract/privacy.ts). */
  facts: SiteFacts;
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
