import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

// Issue 8: what a visitor does in a widget before it has hydrated is kept, on a slow phone too.

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const SIGNUP = 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=';

/**
 * A page whose React chunks (`react` and `react-dom/client`, named after their modules) arrive
 * `delay` ms late, as on a slow phone, and so does the course picker's module (plain DOM code,
 * it needs no React); the page itself and the island runtime are there at once.
 */
async function slowPage(viewport: ViewportName, delay: number) {
  const opened = await openPage(browser, { viewport, baseURL: site.url, clock: new Date('2025-12-10T18:00:00+01:00') });
  await opened.page.route(/\/assets\/chunks\/(react|client|course-picker)-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue();
  });
  return opened;
}

const island = (page: Page, name: string) => page.locator(`clubsite-island[data-island="${name}"]`);
const isHydrated = (page: Page, name: string) =>
  island(page, name).evaluate((element) => element.hasAttribute('data-hydrated'));
const hydrated = (page: Page, name: string) =>
  island(page, name).and(page.locator('[data-hydrated]')).waitFor({ state: 'attached', timeout: 15_000 });

describe.each([
  ['mobile', 3000],
  ['desktop', 3000],
  ['mobile', 1000],
  ['desktop', 1000],
  ['mobile', 0],
  ['desktop', 0],
] as const)('at %s width with React %i ms late', (viewport: ViewportName, delay: number) => {
  test('a course picked at once gives the sign-up link for that course after hydration', async () => {
    const { page, context, problems } = await slowPage(viewport, delay);
    await page.goto('/kurs/', { waitUntil: 'domcontentloaded' });
    const select = page.getByLabel('Velg kurs', { exact: true });
    await select.selectOption({ label: 'Pingvin' });
    if (delay >= 3000) expect(await isHydrated(page, 'course-picker')).toBe(false);
    await hydrated(page, 'course-picker');
    const link = page.getByRole('link', { name: 'Gå til påmelding i Trygg i vann (åpnes i ny fane)' });
    await expect.poll(() => link.getAttribute('href')).toBe(`${SIGNUP}4`);
    expect(await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent)).toBe(
      'Pingvin',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test('«Nei» then «Ja» clicked at once count once each: question 3 is shown', async () => {
    const { page, context, problems } = await slowPage(viewport, delay);
    await page.goto('/kurs/', { waitUntil: 'domcontentloaded' });
    const finder = page.locator('.level-finder');
    await finder.getByRole('button', { name: 'Nei', exact: true }).click();
    await finder.getByRole('button', { name: 'Ja', exact: true }).click();
    if (delay >= 3000) expect(await isHydrated(page, 'level-finder')).toBe(false);
    await hydrated(page, 'level-finder');
    await expect.poll(() => finder.locator('.level-finder__progress').textContent()).toBe('Spørsmål 3 av 7');
    // Settled: nothing replays a second time.
    await page.waitForTimeout(100);
    expect(await finder.locator('.level-finder__progress').textContent()).toBe('Spørsmål 3 av 7');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('group C chosen at once in /treningstider shows only group C after hydration', async () => {
    const { page, context, problems } = await slowPage(viewport, delay);
    await page.goto('/treningstider/', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Vis treninger for').selectOption({ label: 'Gruppe C' });
    if (delay >= 3000) expect(await isHydrated(page, 'training-table')).toBe(false);
    await hydrated(page, 'training-table');
    const groups = () => page.locator('main table tbody tr td:first-child').allTextContents();
    await expect.poll(async () => [...new Set(await groups())]).toEqual(['C']);
    expect(await page.locator('main table caption').textContent()).toBe('Treningstider for gruppe C');
    expect(problems).toEqual([]);
    await context.close();
  });
});

test.each(['mobile', 'desktop'] as const)(
  'without JavaScript at %s width, the course picker still opens the chosen course’s sign-up page',
  async (viewport) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: site.url,
      viewport: viewport === 'mobile' ? { width: 375, height: 740 } : { width: 1280, height: 900 },
    });
    await context.route(
      (url) => !url.href.startsWith(site.url),
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Trygg i vann</title>' }),
    );
    const page = await context.newPage();
    await page.goto('/kurs/');
    await page.getByLabel('Velg kurs', { exact: true }).selectOption({ label: 'Pingvin' });
    const [signup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Gå til påmelding i Trygg i vann (åpnes i ny fane)' }).click(),
    ]);
    await signup.waitForLoadState('domcontentloaded');
    expect(signup.url()).toBe(`${SIGNUP}4`);
    await context.close();
  },
);
