import type { SiteDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { SiteSettings, ValidatedContent, ValidatedPage } from '../model/pages.ts';
import type { RouteTable } from '../model/routes.ts';
import type { LoadedContent, YamlSource } from '../model/source.ts';
import { positionOf } from '../source-positions.ts';
import { normalizeRoute } from '../urls.ts';
import { say } from '../messages/say.ts';

/**
 * `settings.source` is the file the settings come from (the collection the site names), for the
 * lines of redirect errors. The table is the one map of routes (a page's owner is its entry's
 * page), and only the redirects are checked after: a dev save at 10,000 pages makes it again.
 */
export function buildRouteTable(
  pages: readonly ValidatedPage[],
  settings: SiteSettings,
  errors: ContentError[],
): RouteTable {
  const table: RouteTable = new Map();
  for (const page of pages) {
    const other = table.get(page.route);
    if (other?.kind === 'page') {
      errors.push(
        new ContentError({
          code: 'duplicate-route',
          file: page.source,
          line: 1,
          column: 1,
          ...say('duplicate-route/files', { route: page.route, one: other.page.source, other: page.source }),
        }),
      );
      continue;
    }
    table.set(page.route, { kind: 'page', page });
  }
  const siteFile = settings.source;
  /** The redirects' routes, in the order the table first holds them. */
  const redirects = new Set<string>();
  for (const [from, to] of Object.entries(settings.redirects)) {
    const route = normalizeRoute(from);
    const where = siteFile ? positionOf(siteFile, ['redirects', from], 'key') : undefined;
    const file = siteFile?.file ?? '';
    const owner = table.get(route);
    if (owner?.kind === 'page') {
      errors.push(
        new ContentError({
          code: 'duplicate-route',
          file,
          ...where,
          field: `redirects.${from}`,
          ...say('duplicate-route/redirect', { route, page: owner.page.source }),
        }),
      );
      continue;
    }
    table.set(route, { kind: 'redirect', to: normalizeRoute(to) });
    redirects.add(route);
  }
  for (const from of redirects) {
    const entry = table.get(from);
    if (entry?.kind === 'redirect' && table.get(entry.to)?.kind !== 'page') {
      const where = siteFile ? positionOf(siteFile, ['redirects', from]) : undefined;
      errors.push(
        new ContentError({
          code: 'broken-redirect',
          file: siteFile?.file ?? '',
          ...where,
          field: `redirects.${from}`,
          ...say('broken-redirect', { from, to: entry.to }),
        }),
      );
    }
  }
  return table;
}

/** The routes that collections and front matter name in their fields, each checked with its line. */
export function checkDeclaredLinks(
  site: SiteDefinition,
  content: ValidatedContent,
  loaded: LoadedContent,
  table: RouteTable,
  errors: ContentError[],
): void {
  const check = (route: string, source: YamlSource | undefined, path: (string | number)[], file: string) => {
    if (table.has(normalizeRoute(route))) return;
    const where = source ? positionOf(source, path) : undefined;
    errors.push(
      brokenLink(
        route,
        file,
        where,
        contentPlaces(loaded.folder, site),
        path
          .map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`))
          .join('')
          .replace(/^\./, ''),
      ),
    );
  };
  for (const [name, definition] of Object.entries(site.collections)) {
    const data = content.data[name];
    if (data === undefined || !('file' in definition) || !definition.links) continue;
    const source = loaded.collections.get(name);
    for (const link of definition.links(data)) check(link.route, source, link.path, source?.file ?? definition.file);
  }
  for (const page of content.pages) {
    const links = site.templates[page.template]?.links;
    if (!links) continue;
    for (const link of links(page.data)) check(link.route, page.frontMatter, link.path, page.source);
  }
}

/** Where a page or a redirect is added, as problems name them: the pages folder and the settings' file. */
export interface ContentPlaces {
  pages: string;
  settings: string;
}

export function contentPlaces(folder: string, site: SiteDefinition): ContentPlaces {
  const settings = site.collections[site.settings];
  return {
    pages: `${folder}/${site.pages}/`,
    settings: settings && 'file' in settings ? `${folder}/${settings.file}` : `${folder}/`,
  };
}

export function brokenLink(
  route: string,
  file: string,
  where: { line?: number; column?: number } | undefined,
  places: ContentPlaces,
  field?: string,
): ContentError {
  return new ContentError({
    code: 'broken-link',
    file,
    line: where?.line,
    column: where?.column,
    field,
    ...say('broken-link', { route: normalizeRoute(route), pages: places.pages, settings: places.settings }),
  });
}
