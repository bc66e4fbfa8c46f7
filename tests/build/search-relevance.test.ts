/**
 * What a parent finds on the real club site: the browser's search over the built index. The
 * whole list of queries and the pages they should find is measured by
 * `npm run bench -- search-relevance` (tests/bench/search-relevance.yaml); the cases a visitor
 * would notice at once are held here.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Search } from '../../client/browser/search-index.ts';
import { searchDocuments } from '../../generator/index/search-index.ts';
import { PAGE_SIZE } from '../../site/widgets/search-results.ts';
import { searchOver } from '../support/search-index.ts';
import { buildSite } from '../support/site-build.ts';

let search: Search;
/** Each indexed document's URL, with its whole title and text in lower case. */
let texts: Map<string, string>;

beforeAll(async () => {
  const result = await buildSite('2025-12-10T18:00');
  ({ search } = searchOver(result.files));
  const url = (route: string) => (route === '/' ? '/' : route.replace(/^([^#]*?)\/?(#|$)/, '$1/$2'));
  texts = new Map(
    searchDocuments(result.pages, (route) => route).map((document) => [
      url(document.url),
      `${document.title} ${document.content}`.toLowerCase(),
    ]),
  );
});

/** The first page of hits, as the search page shows it. */
const urlsOf = async (query: string) => (await search(query, PAGE_SIZE)).hits.map((hit) => hit.url);

test('«hval» lists the pages that hold the word, the level first: no Dugnad or referee question through «hva»', async () => {
  const { total, hits } = await search('hval', PAGE_SIZE);
  const holding = [...texts].filter(([, text]) => text.includes('hval')).map(([url]) => url);
  expect(holding.length).toBeGreaterThan(0);
  expect(hits.map((hit) => hit.url).sort()).toEqual([...holding].sort());
  expect(total).toBe(holding.length);
  expect(hits[0]?.url).toBe('/kurs/#hval');
  for (const hit of hits.slice(0, 5)) expect(hit.title).not.toMatch(/Dugnad|dommer/);
});

test('the typos «Hvak» and «hvall» find Hval first, and the pages about Hval before any other', async () => {
  const hval = await urlsOf('hval');
  for (const typo of ['Hvak', 'hvall']) {
    const urls = await urlsOf(typo);
    expect(urls[0], typo).toBe('/kurs/#hval');
    // «hvall» also starts «hallen» (Dugnad): a typo of a longer word comes after the word itself.
    expect(urls.slice(0, hval.length).sort(), typo).toEqual([...hval].sort());
  }
});

test('Sjøløve typed without ø, and påmelding without å, find the pages as if typed with them', async () => {
  // The same pages; their order may differ, as Fuse.js scores «sjolove» two letters off «sjøløve».
  expect((await urlsOf('sjolove')).sort()).toEqual((await urlsOf('sjøløve')).sort());
  expect((await urlsOf('sjolove'))[0]).toBe('/kurs/#sjolove');
  expect((await urlsOf('pamelding')).sort()).toEqual((await urlsOf('påmelding')).sort());
});

test('a query that no page holds, nor a typo of it, still gets Fuse.js’s fuzzy hits (threshold 0.3)', async () => {
  // Two letters wrong of nine: not a typo, but within the threshold.
  expect([...texts.values()].some((text) => text.includes('skilpaqq'))).toBe(false);
  const urls = await urlsOf('skilpaqqe');
  expect(urls.length).toBeGreaterThan(0);
  expect(urls).toContain('/kurs/#skilpadde');
});

test('«pris» finds the prices, not every page through «Kristiansand»', async () => {
  const urls = await urlsOf('pris');
  expect(urls).toContain('/medlemskap/#priser');
  for (const url of urls) expect(texts.get(url)).toMatch(/pris/);
});
