import { describe, expect, test } from 'vitest';
import { slugOf } from '../../generator/slug.ts';
import { createUrls, normalizeRoute } from '../../generator/urls.ts';
import { suggestPageName } from '../../generator/load/content-files.ts';

describe('one place for URLs', () => {
  const root = createUrls({ base: '/', origin: 'https://www.ksa.no/' });
  const sub = createUrls({ base: 'klubb', origin: 'https://example.org' });

  test('routes become folder URLs with a trailing slash, query and hash kept', () => {
    expect(root.href('/')).toBe('/');
    expect(root.href('/kurs')).toBe('/kurs/');
    expect(root.href('/kurs/')).toBe('/kurs/');
    expect(root.href('/search?q=hval')).toBe('/search/?q=hval');
    expect(root.href('/kurs#faq')).toBe('/kurs/#faq');
    expect(sub.href('/')).toBe('/klubb/');
    expect(sub.href('/om/styret')).toBe('/klubb/om/styret/');
  });

  test('external links, mail links and fragments are left as written', () => {
    expect(root.href('https://spond.com')).toBe('https://spond.com');
    expect(root.href('mailto:elin@ksa.no')).toBe('mailto:elin@ksa.no');
    expect(root.href('#innhold')).toBe('#innhold');
  });

  test('absolute URLs join origin, base and route', () => {
    expect(root.absolute('/kurs')).toBe('https://www.ksa.no/kurs/');
    expect(sub.absolute('/')).toBe('https://example.org/klubb/');
  });

  test('a URL maps back to its route, trailing slashes ignored; outside the base is undefined', () => {
    expect(root.routeOf('/kurs/')).toBe('/kurs');
    expect(root.routeOf('/kurs')).toBe('/kurs');
    expect(sub.routeOf('/klubb/om/?x=1#y')).toBe('/om');
    expect(sub.routeOf('/klubb')).toBe('/');
    expect(sub.routeOf('/annet/')).toBeUndefined();
  });

  test('routes map to the files a static host serves', () => {
    expect(root.fileOf('/')).toBe('index.html');
    expect(root.fileOf('/om/styret/')).toBe('om/styret/index.html');
    expect(normalizeRoute('om//')).toBe('/om');
  });

  test('a page route as routes are written and any other text give the URLs and files they always gave', () => {
    // The rules before href and fileOf took plain page routes on a short way (urls.ts).
    const longWay = (base: string, route: string) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(route) || route.startsWith('//') || route.startsWith('#')) return [route];
      const suffix = route.slice((route.split(/[?#]/, 1)[0] ?? '').length);
      const normalized = normalizeRoute(route);
      const file = /\.[a-z0-9]+$/i.test(normalized.split('/').pop() ?? '');
      const href = normalized === '/' ? base : `${base}${normalized.slice(1)}${file ? '' : '/'}`;
      const fileOf =
        normalized === '/' ? 'index.html' : file ? normalized.slice(1) : `${normalized.slice(1)}/index.html`;
      return [`${href}${suffix}`, fileOf];
    };
    const routes = [
      '/',
      '/kurs',
      '/kurs/',
      '/om/styret',
      '/a.b',
      '/a.b/c',
      '/news/feed.XML',
      '/a.',
      '/a.-',
      '/.',
      '//host/x',
      '/a//b',
      '/a?x=1',
      '/a#b',
      '/søk',
      '/a-b_c',
      'kurs',
      '/a/',
      '/a/.x',
      '/x.tar.gz',
      '/v1.2/notes',
    ];
    for (const urls of [root, sub]) {
      for (const route of routes) {
        const [href, file] = longWay(urls.base, route);
        expect([route, urls.href(route)]).toEqual([route, href]);
        if (file !== undefined) expect([route, urls.fileOf(route)]).toEqual([route, file]);
      }
    }
  });
});

describe('slugOf: headings and questions as anchors', () => {
  test('Norwegian letters are spelled out in a-z, everything else becomes single hyphens', () => {
    expect(slugOf('Hvor trener vi?')).toBe('hvor-trener-vi');
    expect(slugOf('Må vi ha svømmebriller og badehette?')).toBe('ma-vi-ha-svommebriller-og-badehette');
    expect(slugOf('Lærer, bøker & Årsmøter 2025')).toBe('laerer-boker-arsmoter-2025');
    expect(slugOf('  Dommere  ')).toBe('dommere');
  });

  test('one slug for anchors, tags and file names: œ, æ, ø, å and ß alike everywhere', () => {
    expect(slugOf('Œuvre æble øy åpen Straße')).toBe('oeuvre-aeble-oy-apen-strasse');
    expect(suggestPageName('Œuvre æble øy åpen Straße.md')).toBe('oeuvre-aeble-oy-apen-strasse.md');
    expect(suggestPageName('Kurs_Høst.md')).toBe('kurs_host.md');
  });
});
