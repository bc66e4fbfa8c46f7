/** What a site is: its collections, pages folder, templates, islands, scripts and styles (defineSite). */
import type { Clock } from './clock.ts';
import type { CollectionTable, DataOf } from './collections.ts';
import type { DocumentProps, PageSummary } from './pages.ts';
import type { EmbedDeclaration, StoredKey } from './privacy.ts';
import type { Component, RouteContext, TemplateDefinition } from './templates.ts';

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
  /** Page templates by name. A page without `template:` uses the project's default template (`defaultTemplate` in clubsite.config.ts). */
  templates: Record<string, TemplateDefinition<DataOf<Collections>>>;
  /** The HTML document around every page. */
  document: Component<DocumentProps<DataOf<Collections>>>;
  /**
   * Values worked out once a build from every page, the data and the clock (the current
   * season's calendar): templates read each under `data.<name>`. A page that reads one depends
   * on the value, not on everything it was worked out from, so a new news post renders again
   * only the pages whose value it changes. Type them into the templates' data with `ComputedOf`.
   */
  computed?: Record<string, (context: ComputeContext<DataOf<Collections>>) => unknown>;
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
  /** What a screen reader says for Markdown's footnotes and heading links, in the site's language (English unless given). */
  markdownLabels?: MarkdownLabels;
  /** Help for the fields every page has (title, description, template, allowHtml), in the site's language: editors show it on hover (`clubsite schema`). */
  pageFieldHelp?: Record<string, string>;
  /**
   * Files the site makes from its data besides pages (a feed): route with a file extension
   * (`/news/feed.xml`) → its text. They are in the route table, so links to them are checked.
   */
  files?(context: RouteContext<DataOf<Collections>>): Record<string, string>;
  /** The keys the site's own scripts keep in a visitor's browser (templates name them: `facts.storage`). */
  storage?: StoredKey[];
  /**
   * Third parties a page can embed, by name: an island with `consent="<name>"` starts only after
   * the visitor's yes on its placeholder (a `[data-consent-accept]` button inside it), remembered
   * under `facts.consentKey` if they tick `[data-consent-remember]`. Templates get them as `facts.embeds`.
   */
  embeds?: Record<string, EmbedDeclaration>;
  /**
   * The editors' admin at /admin/ (Decap CMS, its configuration made from the schemas): on
   * unless `false`. `clubsite dev` edits the content folder on disk through it; the live site
   * saves to the GitHub repository (README.md, «Volunteers edit in a browser»).
   */
  admin?: AdminSettings | false;
}

/** Where the live admin saves and how a volunteer signs in. */
export interface AdminSettings {
  /** The GitHub repository a save is committed to (`owner/name`). Default: `$GITHUB_REPOSITORY` at build time. */
  repo?: string;
  /** Its branch. Default: main. */
  branch?: string;
  /** The OAuth helper that signs a volunteer in with GitHub: its address (Decap's `base_url`) and path (`auth_endpoint`, default `auth`). */
  auth?: { url: string; endpoint?: string };
  /** The admin's language, as Decap names it (`nb_no`). Default: from `lang` (nb → nb_no, nn → nn_no), else English. */
  locale?: string;
}

/** What a computed value is worked out from. */
export interface ComputeContext<Data = Record<string, unknown>> {
  pages: PageSummary[];
  data: Data;
  now: Clock;
}

/** The data computed values add: `data.<name>` is what its function returns. */
export type ComputedOf<Computed extends Record<string, (context: never) => unknown>> = {
  [Name in keyof Computed]: ReturnType<Computed[Name]>;
};

/** The words of Markdown's footnotes and heading links that a visitor's screen reader reads. */
export interface MarkdownLabels {
  /** A footnote's reference in the text (its visible text is the number). */
  footnote: (number: number) => string;
  /** The list of footnotes at the end of the page. */
  footnotes: string;
  /** The link from a footnote back to where it is referred to (its visible text is ↩). */
  backToText: (number: number) => string;
  /** The link beside a heading that leads to it (its visible text is an icon). */
  headingLink: (heading: string) => string;
}

/** The site definition, with its data type worked out from the collections' schemas. */
export function defineSite<Collections extends CollectionTable>(
  site: SiteDefinition<Collections>,
): SiteDefinition<Collections> {
  return site;
}
