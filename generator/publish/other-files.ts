/**
 * The files of the output that are not pages (written as they are rendered) nor made from the
 * stream of pages (page consumers): the redirects as pages and as _redirects, robots.txt, the
 * files the site makes from its data (a feed), and the bundled browser code.
 */
import type { OutputFile } from '../model/pipeline.ts';
import type { RouteTable } from '../model/routes.ts';
import type { ClientBundle } from '../model/site.ts';
import type { Urls } from '../urls.ts';
import { redirectHtml, redirectsFile, robotsTxt } from './site-files.ts';

interface OtherParts {
  routes: RouteTable;
  urls: Urls;
  /** The site's language, for the redirect pages. */
  lang: string;
  /** Files the site makes from its data (a feed), by route. */
  siteFiles: ReadonlyMap<string, string>;
  client: ClientBundle;
}

export function otherFiles({ routes, urls, lang, siteFiles, client }: OtherParts): OutputFile[] {
  const out: OutputFile[] = [];
  for (const [route, text] of siteFiles) out.push([urls.fileOf(route), text]);
  // Not a copy of the table's 10,000 entries on every dev save to find its few redirects.
  const redirects: Array<[string, string]> = [];
  routes.forEach((entry, from) => {
    if (entry.kind === 'redirect') redirects.push([from, entry.to]);
  });
  for (const [from, to] of redirects) out.push([urls.fileOf(from), redirectHtml(to, urls, lang)]);
  if (redirects.length > 0) out.push(['_redirects', redirectsFile(redirects, urls)]);
  out.push(['robots.txt', robotsTxt(urls)]);
  for (const [file, data] of client.files) out.push([file, data]);
  return out;
}
