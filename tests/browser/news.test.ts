/**
 * The news section as a visitor meets it, on the 25-post fixture: /nyheter, page 2, a tag list
 * and a post at phone and desktop width, with axe-core finding nothing; the page numbers and
 * neighbour links work; and the Atom feed, parsed by the browser's XML parser, is a valid feed
 * of the 20 newest posts with absolute addresses.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, live, openPage, type ViewportName } from '../support/browser.ts';
import { newsContent, removeNewsContent } from '../support/news-fixture.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

let browser: Browser;
let site: ServedSite;
let contentDir: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser(),
    newsContent().then((dir) => {
      contentDir = dir;
      return serveSite('2025-12-10T18:00', { contentDir });
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await removeNewsContent();
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

const PAGES = ['/nyheter/', '/nyheter/side/2/', '/nyheter/tema/svomming/', '/nyheter/nyhet-03/'];

describe.each(['mobile', 'desktop'] as const)('news at %s width', (viewport: ViewportName) => {
  test('the list, page 2, a tag list and a post: no axe violations, nothing wider than the screen, no errors', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    const failures: string[] = [];
    for (const route of PAGES) {
      await page.goto(route);
      await live(page);
      failures.push(...(await axeViolations(page)).map((violation) => `${route}: ${violation}`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) failures.push(`${route}: ${overflow}px wider than the screen`);
      expect(await page.locator('h1').count(), route).toBe(1);
    }
    expect(failures).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('moving through the news', () => {
  test('page numbers name themselves to a screen reader, and «Eldre» and a tag lead where they say', async () => {
    const { page, context } = await openPage(browser, { viewport: 'mobile', baseURL: site.url });
    await page.goto('/nyheter/');
    const pages = page.getByRole('navigation', { name: 'Sider i nyhetsarkivet' });
    await expect(
      pages.getByRole('link', { name: 'Side 1 av 3, denne siden' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await pages.getByRole('link', { name: 'Eldre' }).click();
    await page.waitForURL('**/nyheter/side/2/');
    await expect(page.locator('h1').innerText()).resolves.toBe('Nyheter – side 2');
    await expect(pages.getByRole('link', { name: 'Side 2 av 3, denne siden' }).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Nyhet nummer 13 fra bassenget' }).click();
    await page.waitForURL('**/nyheter/nyhet-13/');
    await expect(page.locator('.news-post__date').innerText()).resolves.toBe('Publisert 13. oktober 2025');
    await page.getByRole('navigation', { name: 'Temaer' }).getByRole('link', { name: 'svømming' }).click();
    await page.waitForURL('**/nyheter/tema/svomming/');
    await expect(page.locator('h1').innerText()).resolves.toBe('Nyheter om svømming');
    await context.close();
  }, 60_000);

  test('the Atom feed parses as XML and holds the 20 newest posts with absolute addresses', async () => {
    const { page, context } = await openPage(browser, { baseURL: site.url });
    await page.goto('/nyheter/');
    const feedUrl = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    expect(feedUrl).toBe('/nyheter/feed.xml');
    const feed = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
      const ATOM = 'http://www.w3.org/2005/Atom';
      const root = xml.documentElement;
      const child = (element: Element, name: string) => element.getElementsByTagNameNS(ATOM, name)[0];
      const entries = [...root.getElementsByTagNameNS(ATOM, 'entry')];
      return {
        type: response.headers.get('content-type'),
        error: xml.getElementsByTagName('parsererror').length,
        root: `${root.namespaceURI} ${root.localName}`,
        title: child(root, 'title')?.textContent,
        updated: child(root, 'updated')?.textContent,
        self: [...root.children]
          .find((el) => el.localName === 'link' && el.getAttribute('rel') === 'self')
          ?.getAttribute('href'),
        entries: entries.map((entry) => ({
          title: child(entry, 'title')?.textContent,
          id: child(entry, 'id')?.textContent,
          link: child(entry, 'link')?.getAttribute('href'),
          updated: child(entry, 'updated')?.textContent,
          summary: child(entry, 'summary')?.textContent,
        })),
      };
    }, feedUrl ?? '');
    expect(feed.type).toMatch(/xml/);
    expect(feed.error).toBe(0);
    expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
    expect(feed.title).toBe('Nyheter – Kristiansand Svømmeallianse');
    expect(feed.self).toBe('https://www.ksa.no/nyheter/feed.xml');
    expect(feed.updated).toBe('2025-10-22T22:00:00Z');
    expect(feed.entries).toHaveLength(20);
    expect(feed.entries[0]).toEqual({
      title: 'Nyhet nummer 23 fra bassenget',
      id: 'https://www.ksa.no/nyheter/nyhet-23/',
      link: 'https://www.ksa.no/nyheter/nyhet-23/',
      updated: '2025-10-22T22:00:00Z',
      summary: 'Kort om nyhet 23.',
    });
    expect(feed.entries.at(-1)?.title).toBe('Nyhet nummer 04 fra bassenget');
    for (const entry of feed.entries) {
      expect(entry.id).toMatch(/^https:\/\/www\.ksa\.no\/nyheter\/nyhet-\d{2}\/$/);
      expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    // Every post the feed names is a page the site serves.
    for (const entry of feed.entries.slice(0, 3)) {
      const status = await page.evaluate(async (url) => (await fetch(new URL(url).pathname)).status, entry.link ?? '');
      expect(status).toBe(200);
    }
    await context.close();
  }, 60_000);
});

test('while editing (a build with drafts, as `clubsite dev` makes), a post dated later says when it goes out, to the minute, and never «Publisert»', async () => {
  const dev = await serveSite('2025-12-10T18:00', { contentDir, drafts: true });
  const { page, context, problems } = await openPage(browser, { viewport: 'mobile', baseURL: dev.url });
  await page.goto('/nyheter/nyhet-25/');
  const article = page.locator('article.news-post');
  await expect(article.locator('.news-status').innerText()).resolves.toBe(
    'Planlagt – publiseres 20. desember 2025 kl. 08.00',
  );
  await expect(article.innerText()).resolves.not.toContain('Publisert');
  await page.goto('/nyheter/nyhet-24/');
  await expect(article.locator('.news-status').innerText()).resolves.toBe('Utkast – ikke publisert');
  await expect(article.innerText()).resolves.not.toContain('Publisert');
  expect(problems).toEqual([]);
  await context.close();
  await dev.close();
}, 90_000);
