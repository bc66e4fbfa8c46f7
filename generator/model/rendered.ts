/** What rendering gives: each page's HTML and what it used, as the stream the rest of the build consumes. */
import type { Page, SearchSection } from '../contract/index.ts';
import type { ErrorDetails } from '../errors.ts';
import type { NumberedPostings, PackedPostings } from './search.ts';

/** What the build keeps of a page once its HTML is written: what the site's other files are made of. */
export interface PageRecord {
  route: string;
  /** Its source file (relative to the project root), or what made it. */
  source: string;
  /** Its file in the output ('kurs/index.html', '404.html'). */
  file: string;
  title: string;
  noindex: boolean;
  /** When the page last changed, for the sitemap. */
  lastmod?: string;
  /** Its Content-Security-Policy (as in its <meta http-equiv>), for _headers. */
  securityPolicy: string;
  /** The islands it renders, each once, in order. */
  islands: string[];
  /** The files under the content folder it publishes: `file:<path>`, or `photo:<path>` for a processed photo's variants. */
  assets: string[];
  /** Its HTML's size in bytes. */
  bytes: number;
  /** When the clock's answers it showed hold: [from, until) in milliseconds since 1970 (±Infinity: always). */
  clock: { from: number; until: number };
  /** What it read of what pages share, path → value found (render/reads.ts); the build lets go of it once cached. */
  reads?: Array<[path: string, value: string | number | boolean | null | undefined]>;
  /** How many search documents it gave (its own and its parts'; none when kept out of search). */
  documentCount?: number;
  /** The SHA-256 of its HTML, when a page cache keeps a copy (named by it, pipeline/page-cache.ts). */
  htmlHash?: string;
  /** What its content should change though it builds (a plain http:// link): its share of its batch's warnings. */
  warnings?: ErrorDetails[];
}

/** A page with its HTML: what a publisher writes. */
export interface PublishedPage extends PageRecord {
  html: string;
  /** A second name for the file once written (a page cache's copy of it), if the output's file system allows. */
  keepAt?: string;
}

/** A page as rendered, whole. */
export interface RenderedPage extends PublishedPage {
  page: Page;
  /** Text a visitor can find on the page that the HTML does not show, for the search index. */
  searchText: string;
  /** The page's parts with their own anchors (Markdown `##` sections, then the template's), for the search index. */
  sections: SearchSection[];
}

/** A run of pages rendered by one thread, in page order, with their search postings and problems. */
export interface RenderedBatch {
  /** Whole, with their HTML only (taken from a cache), or only their records when the thread that rendered them wrote them. */
  pages: Array<RenderedPage | PublishedPage | PageRecord>;
  /** The pages' search documents, counted where they were rendered, and the number of the thread that counted them. */
  postings?: { packed: PackedPostings; thread: number };
  /** Or each page's documents in a page cache's numbering (pipeline/incremental-renderer.ts). */
  numbered?: NumberedPostings;
  /** What the build keeps of each page, when known already: the records a page cache holds (pipeline/reused-pages.ts). */
  records?: PageRecord[];
  problems: ErrorDetails[];
  warnings: ErrorDetails[];
}

/** A page whose HTML is still to be written. */
export const isWhole = (page: PageRecord): page is PublishedPage => 'html' in page;

/** A page as its render made it, not taken from a cache. */
export const isRendered = (page: PageRecord): page is RenderedPage => 'page' in page;
