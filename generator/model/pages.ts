/** Content once validated: every page with its summary, and the collections' data. */
import type { PageSummary } from '../contract/index.ts';
import type { PageText, YamlSource } from './source.ts';

export interface ValidatedPage extends PageSummary {
  /** Its file's text and body (for a page a template makes, its entry's, or none). */
  sourcePage: PageText;
  /** Its front matter with positions, for a page that has a file. */
  frontMatter?: YamlSource;
  /** Its file in the output, when it is not its route's (the 404 page's is 404.html). */
  output?: string;
}

export interface ValidatedContent {
  /** The collections' validated data, by name (a folder collection: its entries). */
  data: Record<string, unknown>;
  pages: ValidatedPage[];
}

/** What the generator itself reads of the site's settings collection. */
export interface SiteSettings {
  origin: string;
  redirects: Record<string, string>;
  /** The file the settings come from, for the lines of redirect problems. */
  source?: YamlSource;
}
