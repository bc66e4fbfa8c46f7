import { describe, expect, test } from 'vitest';
import { headersFile } from '../../generator/publish/headers.ts';
import { sitemapXml } from '../../generator/publish/site-files.ts';
import { createUrls } from '../../generator/urls.ts';

const urls = createUrls({ base: '/klubb', origin: 'https://example.org' });
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

describe('the files made from every page, text for text', () => {
  test('sitemap.xml: pages by route, escaped, with lastmod where known; no page leaves an empty line', () => {
    const pages = [{ route: '/kurs', lastmod: '2025-01-02' }, { route: '/a&b' }, { route: '/' }];
    expect(sitemapXml(pages, urls)).toBe(
      `${HEAD}  <url><loc>https://example.org/klubb/</loc></url>\n` +
        '  <url><loc>https://example.org/klubb/a&amp;b/</loc></url>\n' +
        '  <url><loc>https://example.org/klubb/kurs/</loc><lastmod>2025-01-02</lastmod></url>\n</urlset>\n',
    );
    expect(sitemapXml([], urls)).toBe(`${HEAD}\n</urlset>\n`);
  });

  test('_headers: pages at their route by route, then pages with a file of their own, each with its policy', () => {
    const pages = [
      { route: '/kurs', file: 'kurs/index.html', securityPolicy: "default-src 'self'" },
      { route: '/404', file: '404.html', securityPolicy: "default-src 'self'" },
      { route: '/', file: 'index.html', securityPolicy: "img-src 'self'" },
      { route: '/b', file: 'b/index.html', securityPolicy: "default-src 'self'" },
    ];
    const policy = (text: string) => `  Content-Security-Policy: ${text}; frame-ancestors 'none'`;
    expect(headersFile(pages, urls).split('\n').slice(5)).toEqual([
      '/klubb/',
      policy("img-src 'self'"),
      '/klubb/b/',
      policy("default-src 'self'"),
      '/klubb/kurs/',
      policy("default-src 'self'"),
      '/klubb/404.html',
      policy("default-src 'self'"),
      '',
    ]);
  });
});
