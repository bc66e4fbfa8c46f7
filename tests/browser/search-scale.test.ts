/**
 * The search on a site of 1,000 more pages (synthetic, seeded): in Chromium, a word from the
 * middle of one page and a one-letter typo of it find that page, and the whole search page
 * (HTML, CSS, scripts, index parts) weighs under 300 KB gzip; a common word's best hit shows
 * before the postings of the words one letter off it are in. Bytes are deterministic, so
 * they are tested; time is measured in `npm run bench -- search`, not here.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Route } from 'playwright';
import { partFile } from '../../client/shared/search-index-format.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { manifestOf } from '../support/search-index.ts';
import { projectRoot, serveSite, type ServedSite } from '../support/site-build.ts';
import { contentWithSyntheticPages, type SyntheticPage } from '../support/synthetic-pages.ts';

const PAGES = 1000;
const BUDGET = 300 * 1024;

let site: ServedSite;
let browser: Browser;
let content: string;
let pages: SyntheticPage[];

beforeAll(async () => {
  ({ dir: content, pages } = await contentWithSyntheticPages(path.join(projectRoot, 'content'), PAGES, 7));
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00', { contentDir: content }), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (content) await rm(content, { recursive: true, force: true });
});

/** What a host sending gzip would send for a path of the site. */
function gzipBytes(pathname: string): number {
  const file = pathname.replace(/^\//, '');
  const data = site.result.files.get(file.endsWith('/') || file === '' ? `${file}index.html` : file);
  if (data === undefined) throw new Error(`requested ${pathname}, which the build did not make`);
  return gzipSync(data, { level: 6 }).byteLength;
}

/** A letter in the middle of the word changed: «seurraa2pb» → «seurxaa2pb». */
function typoOf(word: string): string {
  const at = Math.floor(word.length / 2);
  return `${word.slice(0, at)}${word[at] === 'x' ? 'y' : 'x'}${word.slice(at + 1)}`;
}

test(`at ${PAGES} pages, a word from the middle of a page and a one-letter typo of it find the page, loading under 300 KB gzip`, async () => {
  const target = pages[Math.floor(PAGES / 2)];
  if (!target) throw new Error('no pages');
  const allSearchFiles = [...site.result.files.keys()].filter((file) => /^assets\/search[-/]/.test(file));
  const allSearchBytes = allSearchFiles.reduce((total, file) => total + gzipBytes(`/${file}`), 0);
  for (const query of [target.middleWord, typoOf(target.middleWord)]) {
    // A first visit: a new context, nothing cached.
    const { page, context, problems } = await openPage(browser, { baseURL: site.url });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`/search/?${new URLSearchParams({ q: query }).toString()}`);
    const first = page.locator('main .search-hit').first();
    await expect.poll(() => first.count(), { timeout: 30_000 }).toBe(1);
    expect(await first.getByRole('link').getAttribute('href'), query).toBe(`${target.route}/`);
    expect(await first.getByRole('link').textContent(), query).toBe(target.title);
    await page.waitForLoadState('networkidle');

    const unique = [...new Set(requested)];
    expect(
      requested.filter((pathname, at) => /search/.test(pathname) && requested.indexOf(pathname) !== at),
      'each part of the search is fetched once',
    ).toEqual([]);
    const bytes = unique.reduce((total, pathname) => total + gzipBytes(pathname), 0);
    expect(bytes, query).toBeLessThan(BUDGET);
    // The index is fetched in parts: a small share of it, not all of it.
    const indexBytes = unique
      .filter((pathname) => /^\/assets\/search[-/]/.test(pathname))
      .reduce((total, pathname) => total + gzipBytes(pathname), 0);
    expect(indexBytes).toBeGreaterThan(0);
    expect(indexBytes, query).toBeLessThan(allSearchBytes / 5);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test('a query with many hits shows 20, says how many there are, and «Vis flere treff» shows 20 more', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  // Every synthetic page says «Se også».
  await page.goto('/search/?q=også');
  const hits = page.locator('main .search-hit');
  await expect.poll(() => hits.count(), { timeout: 30_000 }).toBe(20);
  await expect.poll(() => page.locator('main').getByRole('status').textContent()).toMatch(/^\d+ treff$/);
  const status = (await page.locator('main').getByRole('status').textContent()) ?? '';
  expect(Number.parseInt(status, 10)).toBeGreaterThanOrEqual(PAGES);
  const first = await hits.first().getByRole('link').getAttribute('href');
  await page.getByRole('button', { name: 'Vis flere treff' }).click();
  await expect.poll(() => hits.count(), { timeout: 30_000 }).toBe(40);
  expect(await hits.first().getByRole('link').getAttribute('href')).toBe(first);
  expect(
    new Set(await hits.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).size,
  ).toBe(40);
  expect(problems).toEqual([]);
  await context.close();
});

test('a common word: its best hits show while the postings of the words one letter off it are held back; then all, counted', async () => {
  // «hval» is one letter off hundreds of the synthetic pages' words, whose postings are in other parts.
  const manifest = manifestOf(site.result.files);
  const number = manifest.words.indexOf('hval');
  expect(number).toBeGreaterThanOrEqual(0);
  const own = partFile(
    manifest,
    'w',
    manifest.postings.findLastIndex((from) => from <= number),
  );
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/search\/[^/]+\/w-\d+\.json$/, (route) => {
    if (!holding || route.request().url().endsWith(own)) return route.continue();
    held.push(route);
  });
  await page.goto('/search/?q=hval');
  const hits = page.locator('main .search-hit');
  await expect.poll(() => hits.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await hits.first().getByRole('link').getAttribute('href')).toBe('/kurs/#hval');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Until those parts are in, the count waits: they may still change the hits' scores.
  const early = await hits.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(early.length).toBeLessThan(20);
  expect(await page.locator('main').getByRole('status').textContent()).not.toMatch(/treff/);

  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect.poll(() => page.locator('main').getByRole('status').textContent()).toMatch(/^\d+ treff$/);
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
  // Loose matches are no hits while pages hold «hval» itself (client/browser/search-rank.ts,
  // shownKind): the words one letter off changed no place, and the list is short.
  const all = await hits.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(all.slice(0, early.length)).toEqual(early);
  expect(all.length).toBeLessThan(20);
  expect(await page.locator('main').getByRole('status').textContent()).toBe(`${all.length} treff`);
  expect(await page.getByRole('button', { name: 'Vis flere treff' }).count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
