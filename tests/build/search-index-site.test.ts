import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/build.ts';
import type { SearchIndexJson } from '../../generator/index/search-index.ts';
import { buildSite } from '../support/site-build.ts';

/** A sentence only Fuse.js's own code holds: where it is, Fuse is. */
const FUSE_MARKER = 'Pattern length exceeds max of';
const BUDGET = 30 * 1024;

let result: BuildResult;
let indexPath: string;
let index: SearchIndexJson;

beforeAll(async () => {
  result = await buildSite('2025-12-10T18:00');
  indexPath = [...result.files.keys()].find((file) => /^assets\/search-[^/]+\.json$/.test(file)) ?? '';
  index = JSON.parse(String(result.files.get(indexPath))) as SearchIndexJson;
});

const text = (file: string) => {
  const data = result.files.get(file);
  return typeof data === 'string' ? data : new TextDecoder().decode(data);
};

describe('the real site’s search index', () => {
  test(`stays under ${BUDGET / 1024} KB gzip, and the build summary reports that size`, () => {
    const gzip = gzipSync(text(indexPath), { level: 9 }).byteLength;
    expect(gzip).toBeLessThan(BUDGET);
    expect(result.stats.searchIndexGzip).toBe(gzip);
    expect(result.stats.searchDocuments).toBe(index.entries.length);
  });

  test('holds every indexable page once, and no noindex page, 404 or the search page itself', () => {
    const ids = index.entries.map((entry) => entry.document.id);
    const indexable = result.pages.filter((page) => !page.noindex).map((page) => page.route);
    expect([...ids].sort()).toEqual([...indexable].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('/');
    expect(ids).not.toContain('/search');
    expect(ids).not.toContain('/404');
    for (const page of result.pages.filter((page) => page.noindex)) expect(ids).not.toContain(page.route);
  });

  test('every document has a title, a link to its page and text', () => {
    for (const { document } of index.entries) {
      expect(document.title).not.toBe('');
      expect(result.files.has(`${document.url.replace(/^\//, '')}index.html`)).toBe(true);
      expect(document.content.length).toBeGreaterThan(20);
      expect(document.content).not.toMatch(/\s{2}|<\/?[a-z][^>]*>|\\u003c/);
    }
  });

  test('the search page is a noindex page that links the hashed index, and no other page names it', () => {
    const search = result.pages.find((page) => page.route === '/search');
    expect(search?.noindex).toBe(true);
    expect(search?.html).toContain(`/${indexPath}`);
    for (const page of result.pages.filter((page) => page.route !== '/search'))
      expect(page.html).not.toContain(indexPath);
  });

  test('Fuse.js is in one script only: the search widget’s chunk, not the shared ones', () => {
    const withFuse = [...result.files.keys()].filter(
      (file) => file.endsWith('.js') && text(file).includes(FUSE_MARKER),
    );
    expect(withFuse).toHaveLength(1);
    expect(withFuse[0]).toMatch(/^assets\/chunks\/search-results-[^/]+\.js$/);
  });

  test('the search page preloads its widget and React from <head>; pages without a search do not', () => {
    const chunk =
      [...result.files.keys()].find((file) => /^assets\/chunks\/search-results-[^/]+\.js$/.test(file)) ?? 'missing';
    const head = (route: string) =>
      /<head>[\s\S]*<\/head>/.exec(result.pages.find((page) => page.route === route)?.html ?? '')?.[0] ?? '';
    expect(head('/search')).toContain(`<link rel="modulepreload" href="/${chunk}"/>`);
    expect(head('/search').match(/rel="modulepreload"/g)?.length).toBeGreaterThan(1);
    for (const page of result.pages.filter((page) => page.route !== '/search')) expect(page.html).not.toContain(chunk);
  });

  test('two builds give the same index, byte for byte', async () => {
    const again = await buildSite('2025-12-10T18:00');
    expect(again.files.get(indexPath)).toBe(result.files.get(indexPath));
  });
});
