import type { SiteDefinition } from '../contract/index.ts';
import type { ValidatedPage } from '../model/pages.ts';
import { noFrontMatter, noText } from '../model/source.ts';

export const NOT_FOUND_ROUTE = '/404';
export const NOT_FOUND_FILE = '404.html';

/** What 404.html shows, as a page of its own: the site's not-found template, written to 404.html. */
export function notFoundPage(site: SiteDefinition): ValidatedPage {
  const { template, title, description } = site.notFound;
  return {
    route: NOT_FOUND_ROUTE,
    title,
    description,
    template,
    noindex: true,
    data: {},
    source: NOT_FOUND_FILE,
    sourcePage: noText(NOT_FOUND_FILE),
    frontMatter: noFrontMatter(NOT_FOUND_FILE),
    output: NOT_FOUND_FILE,
  };
}
