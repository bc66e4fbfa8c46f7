import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { buildFixture, fixtureSite, text } from '../support/fixture-site.ts';
import { indexedDocuments, searchOver } from '../support/search-index.ts';

let result: BuildResult;

beforeAll(async () => {
  result = await buildFixture(await fixtureSite('mini'));
});

describe('a fixture site built in memory', () => {
  test('every page is a folder with index.html, named after its path under data/routes', () => {
    const html = [...result.files.keys()].filter((file) => file.endsWith('.html')).sort();
    expect(html).toEqual([
      '404.html',
      'admin/index.html',
      'events/index.html',
      'find/index.html',
      'index.html',
      'old-about/index.html',
      'om/index.html',
      'om/styret/index.html',
      'snart/index.html',
    ]);
  });

  test('the document has the page title, description and canonical = origin + route with a trailing slash', () => {
    const page = text(result, 'om/styret/index.html');
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toContain('<title>Board | Mini</title>');
    expect(page).toContain('<meta name="description" content="Who is on the board."/>');
    expect(page).toContain('<link rel="canonical" href="https://mini.example/om/styret/"/>');
  });

  test('internal Markdown links get the trailing slash and keep query and hash; external ones are left alone', () => {
    const home = text(result, 'index.html');
    expect(home).toContain('<a href="/om/">about us</a>');
    expect(home).toContain('<a href="/events/?year=2025#list">events</a>');
    expect(text(result, 'om/index.html')).toContain('<a href="https://example.org/">an external site</a>');
  });

  test('raw HTML in Markdown is shown as text unless the page opts in', () => {
    expect(text(result, 'index.html')).toContain('&lt;b&gt;raw html is text here&lt;/b&gt;');
    expect(text(result, 'om/styret/index.html')).toContain('<b>Chair</b>: someone.');
  });

  test('content images are published under assets/ with a content hash, and only the ones in use', () => {
    const assets = [...result.files.keys()].filter((file) => file.startsWith('assets/') && file.endsWith('.svg'));
    expect(assets).toHaveLength(1);
    expect(assets[0]).toMatch(/^assets\/logo-[A-Za-z0-9]{10}\.svg$/);
    expect(text(result, 'om/index.html')).toContain(`<img src="/${assets[0]}" alt="Logo">`);
  });

  test('scripts and styles are bundled with hashed names; head scripts are inlined', () => {
    const page = text(result, 'index.html');
    expect(page).toMatch(/<link rel="stylesheet" href="\/assets\/style-[A-Z0-9]+\.css"\/>/);
    expect(page).toMatch(/<script type="module" src="\/assets\/hello-[A-Z0-9]+\.js"><\/script>/);
    expect(page).toContain('document.documentElement.dataset.head="yes"');
  });

  test("the site's own island is rendered on the server, and only its page loads the island runtime and preloads its chunk", () => {
    const events = text(result, 'events/index.html');
    expect(events).toContain(
      '<clubsite-island data-island="counter" data-when="load"><script type="application/json">{"start":2,"label":"Events"}</script>',
    );
    expect(events).toContain('<button type="button" class="counter">Events<!-- -->: <!-- -->2</button>');
    const runtime = events.match(/<script type="module" src="\/(assets\/islands-[A-Z0-9]+\.js)"><\/script>/)?.[1];
    expect(runtime && result.files.has(runtime)).toBe(true);
    expect(events).toMatch(/<link rel="modulepreload" href="\/assets\/chunks\/counter-[A-Z0-9]+\.js"\/>/);
    expect(text(result, 'index.html')).not.toContain('islands-');
  });

  test('sitemap.xml lists indexable pages with the origin, not placeholders, redirects or 404', () => {
    const sitemap = text(result, 'sitemap.xml');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      'https://mini.example/',
      'https://mini.example/events/',
      'https://mini.example/om/',
      'https://mini.example/om/styret/',
    ]);
    expect(text(result, 'snart/index.html')).toContain('<meta name="robots" content="noindex"/>');
    expect(text(result, 'robots.txt')).toContain('Sitemap: https://mini.example/sitemap.xml');
  });

  test('a redirect is a static page pointing at its target plus a _redirects line', () => {
    const page = text(result, 'old-about/index.html');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/om/">');
    expect(page).toContain('<link rel="canonical" href="https://mini.example/om/">');
    expect(text(result, '_redirects')).toBe('/old-about /om/ 301\n');
  });

  test('404.html is rendered in the site frame', () => {
    const page = text(result, '404.html');
    expect(page).toContain('<title>Not found | Mini</title>');
    expect(page).toContain('<a href="/">Home</a>');
  });

  test('the search index holds indexable pages only, split into parts under hashed names', async () => {
    const file = [...result.files.keys()].find((name) => /^assets\/search-[A-Za-z0-9]{10}\.json$/.test(name));
    expect(file).toBeDefined();
    const documents = indexedDocuments(result.files);
    expect(documents.map((document) => document.url)).toEqual(['/', '/events/', '/om/', '/om/styret/']);
    const { search } = searchOver(result.files);
    expect((await search('autumn', 10)).hits.map((hit) => hit.url)).toEqual(['/events/']);
  });

  test('the build reports its stages in order, with pages and bytes', () => {
    expect(result.timings.map(([stage]) => stage)).toEqual([
      'site',
      'load',
      'validate',
      'route',
      'bundle',
      'render',
      'index',
      'render late',
      'gather',
    ]);
    expect(result.stats.pages).toBe(6);
    expect(result.stats.html).toBeGreaterThan(1000);
    expect(result.stats.js).toBeGreaterThan(0);
    expect(result.stats.css).toBeGreaterThan(0);
  });
});

describe('base path and origin', () => {
  let based: BuildResult;
  beforeAll(async () => {
    based = await buildFixture(await fixtureSite('mini'), { base: '/klubb/', origin: 'https://preview.example' });
  });

  test('links, assets, canonical and sitemap carry the base path', () => {
    const home = text(based, 'index.html');
    expect(home).toContain('<a href="/klubb/om/">about us</a>');
    expect(home).toMatch(/href="\/klubb\/assets\/style-/);
    expect(text(based, 'om/index.html')).toContain('<link rel="canonical" href="https://preview.example/klubb/om/"/>');
    expect(text(based, 'sitemap.xml')).toContain('<loc>https://preview.example/klubb/om/styret/</loc>');
    expect(text(based, '_redirects')).toBe('/klubb/old-about /klubb/om/ 301\n');
  });
});

afterAll(() => undefined);
