/**
 * Pages and files a site makes from its data rather than from page files: each template with
 * `routes` gives its pages (one per entry of a folder collection, paginated lists, a list per
 * tag), and the site's `files` give files such as a feed. They join the route table like any
 * page, so links to them and on them are checked, and they are rendered, put in the sitemap and
 * indexed for search like the rest.
 */
import type { RouteContext, SiteDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { RouteTable } from '../model/routes.ts';
import { noFrontMatter, noText, type PageSource } from '../model/source.ts';
import { isFileRoute, normalizeRoute } from '../urls.ts';
import { say } from '../messages/say.ts';

/** Every page the site's templates make from data, in the order the templates give them. */
export function templatePages(
  site: SiteDefinition,
  /** The context a template's routes are made in, its clock noted under the template's name. */
  context: (asker: string) => RouteContext<Record<string, unknown>>,
  sources: ReadonlyMap<string, PageSource>,
): ValidatedPage[] {
  const pages: ValidatedPage[] = [];
  for (const [name, template] of Object.entries(site.templates)) {
    if (!template.routes) continue;
    for (const made of template.routes(context(`the template ${name}`))) {
      const route = normalizeRoute(made.route);
      const entrySource = made.entry ? sources.get(made.entry.source) : undefined;
      // A list has no file of its own: its page is named after its route and template, for errors and the dev cache.
      const source = entrySource?.file ?? `${route} (template ${name})`;
      pages.push({
        route,
        title: made.title,
        description: made.description,
        template: name,
        noindex: template.noindex === true || made.noindex === true,
        data: made.data,
        source,
        ...(made.lastmod === undefined ? {} : { lastmod: made.lastmod }),
        sourcePage: entrySource ?? noText(source),
        frontMatter: entrySource?.frontMatter ?? noFrontMatter(source),
      });
    }
  }
  return pages;
}

/** The site's own files (a feed), added to the route table; a file where a page is, or a route that is not a file, is an error. */
export function siteFiles(
  site: SiteDefinition,
  context: RouteContext<Record<string, unknown>>,
  table: RouteTable,
  errors: ContentError[],
  siteFile: string,
): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(site.files?.(context) ?? {})) {
    const route = normalizeRoute(path);
    if (!isFileRoute(route) || table.has(route)) {
      errors.push(
        new ContentError({
          code: 'duplicate-route',
          file: siteFile,
          ...say('duplicate-route/file', { route, taken: table.has(route) }),
        }),
      );
      continue;
    }
    table.set(route, { kind: 'file' });
    files.set(route, text);
  }
  return files;
}
