import type { Urls } from '../urls.ts';

const MARKUP = /[&<>"]/;

/** Most text holds nothing to escape: it is only looked through once (10,000 addresses in a sitemap). */
const escapeXml = (text: string) =>
  MARKUP.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : text;

/** sitemap.xml: indexable pages only, with origin and base path, and when they last changed where that is known. */
export function sitemapXml(pages: Array<{ route: string; lastmod?: string }>, urls: Urls): string {
  let text = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  // An address is made of the origin, the base, the route and slashes: with no markup in any, none to escape.
  const plainStart = !MARKUP.test(urls.origin) && !MARKUP.test(urls.base);
  for (const { route, lastmod } of [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))) {
    const loc = urls.absolute(route);
    text += `  <url><loc>${plainStart && !MARKUP.test(route) ? loc : escapeXml(loc)}</loc>`;
    text += lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod></url>\n` : '</url>\n';
  }
  // No page: the empty line the list would have been.
  return pages.length === 0 ? `${text}\n</urlset>\n` : `${text}</urlset>\n`;
}

export function robotsTxt(urls: Urls): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${urls.absolute('/').replace(/\/$/, '')}/sitemap.xml\n`;
}

/** A static redirect page: works on any host, and tells search engines where the page is now. */
export function redirectHtml(to: string, urls: Urls, lang: string): string {
  const target = escapeXml(urls.href(to));
  return `<!doctype html>\n<html lang="${escapeXml(lang)}"><head><meta charset="utf-8"><title>${target}</title><meta name="robots" content="noindex"><link rel="canonical" href="${escapeXml(urls.absolute(to))}"><meta http-equiv="refresh" content="0; url=${target}"></head><body><a href="${target}">${target}</a></body></html>\n`;
}

/** _redirects (Netlify, Cloudflare Pages and others): one permanent redirect a line. */
export function redirectsFile(redirects: Array<[string, string]>, urls: Urls): string {
  return (
    redirects.map(([from, to]) => `${urls.href(from).replace(/\/$/, '') || '/'} ${urls.href(to)} 301`).join('\n') +
    (redirects.length > 0 ? '\n' : '')
  );
}
