/**
 * The route stage: every page gets its address (the pages' files, then the pages templates
 * make from data), the redirects and the site's own files (a feed) join them in one route
 * table, and every route the content names is checked against it.
 */
import type { RouteContext, SiteDefinition } from '../contract/index.ts';
import type { ClockLedger } from '../clock.ts';
import type { ContentError } from '../errors.ts';
import type { SiteSettings, ValidatedContent, ValidatedPage } from '../model/pages.ts';
import type { RouteTable } from '../model/routes.ts';
import type { LoadedContent, PageSource } from '../model/source.ts';
import { slugOf } from '../slug.ts';
import { createUrls, type Urls } from '../urls.ts';
import { buildRouteTable, checkDeclaredLinks } from './route-table.ts';
import { siteFiles, templatePages } from './template-routes.ts';

export interface Routed {
  /** Every page, those of the pages' files first. */
  pages: ValidatedPage[];
  table: RouteTable;
  /** Files the site makes from its data (a feed), by route. */
  files: Map<string, string>;
  urls: Urls;
}

interface RouteOptions {
  /** The build's clock, as templates' routes and the site's files ask it. */
  clocks: ClockLedger;
  base: string;
  /** Overrides the settings' origin. */
  origin?: string;
  /** The site definition's file, as problems name it: where a file the site makes is wrong. */
  siteFile: string;
}

export function route(
  site: SiteDefinition,
  validated: { content: ValidatedContent; entrySources: ReadonlyMap<string, PageSource>; settings?: SiteSettings },
  loaded: LoadedContent,
  options: RouteOptions,
  errors: ContentError[],
): Routed {
  const { content, settings } = validated;
  if (!settings)
    throw new Error(`The site definition names "${site.settings}" as its settings, and there is no such collection.`);
  const urls = createUrls({ base: options.base, origin: options.origin ?? settings.origin });
  const context = (asker: string): RouteContext<Record<string, unknown>> => ({
    data: content.data,
    now: options.clocks.clock(asker),
    slug: slugOf,
    href: urls.href,
    absolute: urls.absolute,
  });
  const pages = [...content.pages, ...templatePages(site, context, validated.entrySources)];
  const table = buildRouteTable(pages, settings, errors);
  const files = siteFiles(site, context('the site’s files'), table, errors, options.siteFile);
  checkDeclaredLinks(site, { data: content.data, pages }, loaded, table, errors);
  return { pages, table, files, urls };
}
