/**
 * Everything a page is rendered from besides its own file, as plain data: made once a build,
 * and handed as it is to every thread that renders (a render worker gets a structured clone).
 */
import type { PageSummary } from '../contract/index.ts';
import type { PhotoInfo } from './photos.ts';
import type { ClientAssets } from './site.ts';
import type { YamlSource } from './source.ts';

export interface RenderContext {
  /** The build's clock, in milliseconds since 1970. */
  now: number;
  base: string;
  origin: string;
  /** Characters of a page's text its search hit shows (the site's search.snippet). */
  snippet: number;
  /** Every route of the site: pages, redirects and the files the site makes. */
  routes: string[];
  /** Every page's summary (menus, listings), in the order of the content. */
  summaries: PageSummary[];
  /** The collections' validated data, and the site's computed values (SiteDefinition.computed). */
  data: Record<string, unknown>;
  /** The site's time zone, where the clock is read. */
  timeZone: string;
  /** The content folder and the site definition's file, as problems name them (relative to the project root). */
  contentFolder: string;
  siteFile: string;
  /** Top-level folders of the content folder that hold files: a link starting with one names a file. */
  contentFolders: string[];
  client: ClientAssets;
  /** Files under the content folder by their path there → their path in the output. */
  assets: Record<string, string>;
  /** Processed photos by their file under the content folder (none: the site has no photo settings). */
  photos?: Record<string, PhotoInfo>;
  /** What a value on a page is traced back to when it is wrong: the collections, and the text of the folder collections' files. */
  trace: { collections: YamlSource[]; entries: Array<{ file: string; text: string }> };
  /** Whether each page notes what it reads (a page cache keeps it: pipeline/incremental-renderer.ts). */
  noteReads?: boolean;
  /** The search index, for the pages that show it (the second pass). */
  searchIndex?: { url: string; documents: number; bytes: number };
}
