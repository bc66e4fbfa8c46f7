import type { ClientBundle } from '../bundle/bundle-client.ts';
import type { SearchIndexFile } from '../index/search-index.ts';
import type { ContentAssets } from '../render/assets.ts';
import type { RenderedPage } from '../render/render-pages.ts';
import type { RouteTable } from '../route/route-table.ts';
import type { Urls } from '../urls.ts';
import { headersFile } from './headers-file.ts';
import { redirectHtml, redirectsFile, robotsTxt, sitemapXml } from './site-files.ts';

/** What the site's other files need of a page once its HTML is written. */
export interface PageOutput {
  route: string;
  noindex: boolean;
  securityPolicy: string;
  lastmod?: string;
}

/** What is kept of a rendered page once its HTML is written. */
export function pageOutput(page: RenderedPage): PageOutput {
  const { route, noindex, securityPolicy } = page;
  return { route, noindex, securityPolicy, ...(page.page.lastmod === undefined ? {} : { lastmod: page.page.lastmod }) };
}

export interface OutputParts {
  pages: PageOutput[];
  notFound: RenderedPage | undefined;
  routes: RouteTable;
  urls: Urls;
  index: SearchIndexFile;
  client: ClientBundle;
  assets: ContentAssets;
  /** The site's language, for the redirect pages. */
  lang: string;
  /** Files the site makes from its data (a feed), by route. */
  siteFiles?: ReadonlyMap<string, string>;
}

/**
 * Every file of the output but the pages (written as they are rendered), by path: 404.html, redirect pages and
 * _redirects, sitemap.xml, robots.txt, the search index's parts, the bundled browser code and the
 * content images in use.
 */
export function gatherOutput({
  pages,
  notFound,
  routes,
  urls,
  index,
  client,
  assets,
  lang,
  siteFiles,
}: OutputParts): Map<string, string | Uint8Array> {
  const out = new Map<string, string | Uint8Array>();
  if (notFound) out.set('404.html', notFound.html);
  for (const [route, text] of siteFiles ?? []) out.set(urls.fileOf(route), text);
  const redirects = [...routes].flatMap(([from, entry]) =>
    entry.kind === 'redirect' ? [[from, entry.to] as [string, string]] : [],
  );
  for (const [from, to] of redirects) out.set(urls.fileOf(from), redirectHtml(to, urls, lang));
  if (redirects.length > 0) out.set('_redirects', redirectsFile(redirects, urls));
  out.set('_headers', headersFile(pages, notFound, urls));
  out.set(
    'sitemap.xml',
    sitemapXml(
      pages.filter((page) => !page.noindex).map((page) => ({ route: page.route, lastmod: page.lastmod })),
      urls,
    ),
  );
  out.set('robots.txt', robotsTxt(urls));
  for (const [file, json] of index.files) out.set(file, json);
  for (const [file, data] of client.files) out.set(file, data);
  for (const { output, bytes } of assets.used.values()) out.set(output, bytes);
  return out;
}
