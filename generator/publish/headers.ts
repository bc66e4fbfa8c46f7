/**
 * _headers, read by Netlify and Cloudflare Pages: the same Content-Security-Policy as each
 * page's <meta http-equiv> (plus frame-ancestors, which only a header can carry), nosniff and
 * the referrer policy everywhere, and a year's immutable cache for the content-hashed files
 * under assets/. Each page gets its own rule with its exact path: both hosts join the values
 * of every rule that matches a path, and two policies joined are both enforced, so a
 * catch-all CSP would take a widget's hosts away from the one page that needs them.
 */
import type { PageConsumerMaker } from '../model/pipeline.ts';
import { headerPolicy } from '../render/security-policy.ts';
import type { Urls } from '../urls.ts';

interface PagePolicy {
  route: string;
  file: string;
  securityPolicy: string;
}

export const headers: PageConsumerMaker = ({ urls, headerRules = [] }) => {
  const pages: PagePolicy[] = [];
  return {
    take(batch) {
      // A run taken from a page cache comes with the records the cache holds: kept as they are,
      // not copied (10,000 objects a build that outlive it); a rendered page's is made small, not its HTML kept.
      if (batch.records) for (const record of batch.records) pages.push(record);
      else for (const { route, file, securityPolicy } of batch.pages) pages.push({ route, file, securityPolicy });
    },
    files: () => [['_headers', headersFile(pages, urls) + headerRules.join('')]],
  };
};

/** Pages at their route's address by route, then pages with a file of their own (404.html) as they came. */
export function headersFile(pages: readonly PagePolicy[], urls: Urls): string {
  const rules: Array<[path: string, headers: string[]]> = [
    [`${urls.base}*`, ['X-Content-Type-Options: nosniff', 'Referrer-Policy: strict-origin-when-cross-origin']],
    [`${urls.base}assets/*`, ['Cache-Control: public, max-age=31536000, immutable']],
  ];
  let text = rules.map(([path, lines]) => [path, ...lines.map((line) => `  ${line}`)].join('\n')).join('\n');
  // Most pages share a few policies: each policy's line is made once (10,000 pages, 3 MB of rules).
  const lines = new Map<string, string>();
  let last: [policy: string, line: string] = ['', ''];
  const policyLine = (policy: string) => {
    // Most pages have the policy of the page before: compared, not hashed again (a new string each).
    if (policy === last[0]) return last[1];
    let line = lines.get(policy);
    if (line === undefined) {
      line = `\n  Content-Security-Policy: ${headerPolicy(policy)}`;
      lines.set(policy, line);
    }
    last = [policy, line];
    return line;
  };
  const atRoute: PagePolicy[] = [];
  const own: PagePolicy[] = [];
  for (const page of pages) (page.file === urls.fileOf(page.route) ? atRoute : own).push(page);
  for (const page of atRoute.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0)))
    text += `\n${urls.href(page.route)}${policyLine(page.securityPolicy)}`;
  for (const page of own) text += `\n${urls.base}${page.file}${policyLine(page.securityPolicy)}`;
  return `${text}\n`;
}
