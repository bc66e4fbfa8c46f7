/**
 * _headers, read by Netlify and Cloudflare Pages: the same Content-Security-Policy as each
 * page's <meta http-equiv> (plus frame-ancestors, which only a header can carry), nosniff and
 * the referrer policy everywhere, and a year's immutable cache for the content-hashed files
 * under assets/. Each page gets its own rule with its exact path: both hosts join the values
 * of every rule that matches a path, and two policies joined are both enforced, so a
 * catch-all CSP would take a widget's hosts away from the one page that needs them.
 */
import type { RenderedPage } from '../render/render-pages.ts';
import type { PageOutput } from './gather-output.ts';
import { headerPolicy } from '../render/security-policy.ts';
import type { Urls } from '../urls.ts';

export function headersFile(pages: PageOutput[], notFound: RenderedPage | undefined, urls: Urls): string {
  const rules: Array<[path: string, headers: string[]]> = [
    [`${urls.base}*`, ['X-Content-Type-Options: nosniff', 'Referrer-Policy: strict-origin-when-cross-origin']],
    [`${urls.base}assets/*`, ['Cache-Control: public, max-age=31536000, immutable']],
  ];
  for (const page of [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))) {
    rules.push([urls.href(page.route), [`Content-Security-Policy: ${headerPolicy(page.securityPolicy)}`]]);
  }
  if (notFound)
    rules.push([`${urls.base}404.html`, [`Content-Security-Policy: ${headerPolicy(notFound.securityPolicy)}`]]);
  return `${rules.map(([path, headers]) => [path, ...headers.map((header) => `  ${header}`)].join('\n')).join('\n')}\n`;
}
