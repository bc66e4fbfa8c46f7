import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, settled, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

let site: ServedSite;
let browser: Browser;
/** The hashed index file and the chunk holding the search widget (and Fuse.js). */
let indexFile: string;
let searchChunk: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
  const files = [...site.result.files.keys()];
  indexFile = files.find((file) => /^assets\/search-[^/]+\.json$/.test(file)) ?? 'missing index';
  searchChunk = files.find((file) => /^assets\/chunks\/search-results-[^/]+\.js$/.test(file)) ?? 'missing chunk';
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const heading = (page: Page) => page.locator('main h1');
const status = (page: Page) => page.locator('main').getByRole('status');
const hits = (page: Page) => page.locator('main .search-hit');

/**
 * Opens the search page and waits until the widget has answered (prompt, hits or «Ingen
 * treff.») with all its hits: the first come while the rest are still on their way (aria-busy).
 */
async function search(page: Page, query: string | undefined): Promise<void> {
  await page.goto(query === undefined ? '/search/' : `/search/?${new URLSearchParams({ q: query }).toString()}`);
  await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).not.toBe('');
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

describe.each(['mobile', 'desktop'] as const)('the search page at %s width', (viewport: ViewportName) => {
  test('without a query it asks for a search word', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    for (const query of [undefined, '', '   ']) {
      await search(page, query);
      expect(await heading(page).textContent()).toBe('Søk');
      expect(await status(page).textContent()).toBe('Skriv inn et søkeord for å se treff.');
      expect(await hits(page).count()).toBe(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('with the field empty, a suggestion searches with one tap', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    await search(page, undefined);
    const suggestions = page.locator('main .search__suggestion');
    expect(await suggestions.count()).toBeGreaterThan(0);
    const word = (await suggestions.first().textContent()) ?? '';
    await suggestions.first().click();
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(`Søkeresultat for «${word}»`);
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    await expect.poll(() => hits(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Gone once a search is shown (hidden: the page's markup keeps them for the next blank search).
    expect(await suggestions.filter({ visible: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a query lists its hits best first: the title as a link, then the start of the text and «…»', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    await search(page, 'treningstider');
    expect(await heading(page).textContent()).toBe('Søkeresultat for «treningstider»');
    const count = await hits(page).count();
    expect(count).toBeGreaterThan(0);
    expect(await status(page).textContent()).toBe(`${count} treff`);
    const first = hits(page).first();
    expect(await first.getByRole('link').textContent()).toBe('Treningstider');
    expect(await first.getByRole('link').getAttribute('href')).toBe('/treningstider/');
    for (const snippet of await hits(page).locator('.search-hit__snippet').allTextContents()) {
      expect(snippet).toMatch(/…$/);
      expect(Array.from(snippet).length).toBeLessThanOrEqual(121);
    }
    await first.getByRole('link').click();
    await page.waitForURL(/\/treningstider\/$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('«Hval», the typos «Hvak» and «hvall» list a hit that says Hval first; it leads to the level on /kurs', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    for (const query of ['Hval', 'Hvak', 'hvall']) {
      await search(page, query);
      const first = hits(page).first();
      const said = `${await first.getByRole('link').textContent()} ${await first.locator('.search-hit__snippet').textContent()}`;
      expect(said, query).toMatch(/Hval/);
      if (query !== 'hvall') {
        expect(await first.getByRole('link').textContent()).toBe('Hval – Svømmeopplæring');
        expect(await first.getByRole('link').getAttribute('href')).toBe('/kurs/#hval');
        // The snippet is the level's own text, not the page's first lines.
        expect(await first.locator('.search-hit__snippet').textContent()).toMatch(/^Det første møtet med vannet\..*…$/);
      }
    }
    await search(page, 'Hval');
    await hits(page).first().getByRole('link').click();
    await page.waitForURL(/\/kurs\/#hval$/);
    await expect
      .poll(() =>
        page.locator('#hval').evaluate((card) => {
          const box = card.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    expect(await page.locator('#hval h3').textContent()).toBe('Hval');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('«dommer» finds the Dugnad section about referees; an FAQ hit opens its question', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    await search(page, 'dommer');
    const titles = await hits(page).getByRole('link').allTextContents();
    expect(titles).toContain('Dommere – Dugnad');
    const referees = hits(page).filter({ has: page.getByRole('link', { name: 'Dommere – Dugnad', exact: true }) });
    expect(await referees.getByRole('link').getAttribute('href')).toBe('/dugnad/#dommere');
    await referees.getByRole('link').click();
    await page.waitForURL(/\/dugnad\/#dommere$/);
    expect(await page.locator('#dommere').evaluate((heading) => heading.tagName)).toBe('H2');
    // A question of the FAQ: the hit opens its <details>, and no other.
    await search(page, 'dommer');
    const question = hits(page).filter({
      has: page.getByRole('link', { name: 'Hva koster det å bli dommer? – Dugnad', exact: true }),
    });
    expect(await question.locator('.search-hit__snippet').textContent()).toMatch(/^Ingenting for deg\./);
    await question.getByRole('link').click();
    await page.waitForURL(/\/dugnad\/#faq-hva-koster-det-a-bli-dommer$/);
    const details = page.locator('#faq-hva-koster-det-a-bli-dommer');
    await expect.poll(() => details.evaluate((element: HTMLDetailsElement) => element.open)).toBe(true);
    expect(await details.locator('p').isVisible()).toBe(true);
    expect(await page.locator('details[open]').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a query with nothing to find says «Ingen treff.»', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    await search(page, 'qqxqqzqq');
    expect(await heading(page).textContent()).toBe('Søkeresultat for «qqxqqzqq»');
    expect(await status(page).textContent()).toBe('Ingen treff.');
    expect(await hits(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

test('a query that looks like markup is shown as text and runs nothing', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const query = '<img src=x onerror=alert(1)>';
  await search(page, query);
  expect(await heading(page).textContent()).toBe(`Søkeresultat for «${query}»`);
  expect(await page.locator('main img').count()).toBe(0);
  expect(await page.inputValue('#sok-felt')).toBe(query);
  await settled(page);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the menu’s search form works from another page and lands on the results', async () => {
  const { page, context, problems } = await openPage(browser, { viewport: 'mobile', baseURL: site.url });
  await page.goto('/treningstider/');
  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByLabel('Søk på siden').fill('svømmeopplæring');
  await page.getByLabel('Søk på siden').press('Enter');
  await page.waitForURL(/\/search\/\?q=sv%C3%B8mmeoppl%C3%A6ring$/);
  await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Søkeresultat for «svømmeopplæring»');
  await expect.poll(() => hits(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await hits(page).first().getByRole('link').textContent()).toBe('Svømmeopplæring');
  expect(problems).toEqual([]);
  await context.close();
});

test('the search page needs no React: the first hits, the count and the list come, and React is never fetched', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/search/?q=hval');
  await expect.poll(() => hits(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await hits(page).first().getByRole('link').getAttribute('href')).toBe('/kurs/#hval');
  await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toMatch(/^\d+ treff$/);
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  expect(await page.locator('clubsite-island[data-hydrated]').count()).toBe(1);
  expect(await page.locator('main ol.search__hits').count()).toBe(1);
  expect(scripts).toContain(`/${searchChunk}`);
  // Neither React's DOM chunk nor React itself: no chunk holds React's error URL on this page.
  const react = [...site.result.files.keys()].filter(
    (file) => file.endsWith('.js') && Buffer.from(site.result.files.get(file) ?? '').includes('react.dev/errors'),
  );
  expect(react.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => react.includes(script.slice(1)))).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('searching again on the page updates the address, and Back shows the previous search', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  await search(page, 'hval');
  await page.getByLabel('Hva leter du etter?').fill('  Aquarama ');
  await page.getByRole('button', { name: 'Søk', exact: true }).click();
  await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Søkeresultat for «Aquarama»');
  expect(new URL(page.url()).searchParams.get('q')).toBe('Aquarama');
  await page.goBack();
  await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Søkeresultat for «hval»');
  expect(await page.inputValue('#sok-felt')).toBe('hval');
  expect(problems).toEqual([]);
  await context.close();
});

test('only the search page downloads Fuse.js and the index', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  for (const route of ['/', '/kurs/']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(requested.length).toBeGreaterThan(2);
  expect(requested).not.toContain(`/${indexFile}`);
  expect(requested).not.toContain(`/${searchChunk}`);
  expect(requested.filter((path) => /search/.test(path))).toEqual([]);
  requested.length = 0;
  await search(page, 'hval');
  expect(requested).toContain(`/${indexFile}`);
  expect(requested).toContain(`/${searchChunk}`);
  // Preloaded while the page is read, then used: one download, not two.
  expect(requested.filter((path) => path === `/${indexFile}`)).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('without JavaScript the page says the search needs it', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  const page = await context.newPage();
  await page.goto('/search/?q=hval');
  expect(await heading(page).textContent()).toBe('Søk');
  expect(await page.locator('main').textContent()).toContain('Søket trenger JavaScript');
  await context.close();
});

describe.each(['light', 'dark'] as const)('results in the %s theme', (theme) => {
  // The frame around it is checked on every page by accessibility.test.ts.
  test('axe-core finds no violations in the results: blank with suggestions, with hits and with none', async () => {
    const { page, context, problems } = await openPage(browser, { theme, baseURL: site.url });
    for (const query of ['', 'hval', 'qqxqqzqq']) {
      await search(page, query);
      const results = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(
        results.violations.map(
          (violation) => `${query}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
