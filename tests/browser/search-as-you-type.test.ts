/**
 * Search as you type on /search, in real Chromium over the real club site: the hits follow the
 * keys (no submit), the address follows them with ?q= (replaced, not an entry per key), the
 * focus stays in the field, a reload shows the same hits, and axe finds nothing in the page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { type ServedSite, serveSite } from '../support/site-build.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const field = (page: Page) => page.locator('main input[name="q"]');
const firstHit = (page: Page) => page.locator('main .search-hit').first().getByRole('link');
const busy = (page: Page) => page.locator('main [aria-busy="true"]');

/** Waits until the hits are for `query` (the heading says so), counted («N treff») and all in. */
async function answered(page: Page, query: string): Promise<void> {
  await expect
    .poll(() => page.locator('main h1').textContent(), { timeout: 15_000 })
    .toBe(`Søkeresultat for «${query}»`);
  await expect
    .poll(() => page.locator('main').getByRole('status').textContent(), { timeout: 15_000 })
    .toMatch(/^\d+ treff$/);
  await expect.poll(() => busy(page).count(), { timeout: 15_000 }).toBe(0);
}

describe('search as you type', () => {
  test('«svømmekurs» typed letter by letter lists /kurs first, ?q= in the address, and after a reload too', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: 'mobile', baseURL: site.url });
    await page.goto('/search/');
    await expect.poll(() => page.locator('main').getByRole('status').textContent()).not.toBe('');
    const entries = await page.evaluate(() => window.history.length);
    await field(page).click();
    await field(page).pressSequentially('svømmekurs');
    await answered(page, 'svømmekurs');
    // The club's own page about courses, before the news post about their sign-up.
    expect(await firstHit(page).getAttribute('href')).toBe('/kurs/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('svømmekurs');
    // The address was replaced, not a history entry added per key.
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    // The focus stayed where the visitor types; the count is told in the polite status line.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sok-felt');
    expect(await page.locator('main').getByRole('status').textContent()).toMatch(/^\d+ treff$/);
    const shown = await page
      .locator('main .search-hit a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));

    await page.reload();
    await answered(page, 'svømmekurs');
    expect(await field(page).inputValue()).toBe('svømmekurs');
    expect(
      await page.locator('main .search-hit a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(shown);

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a space typed between two words stays in the field while the first word is searched', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: 'desktop', baseURL: site.url });
    await page.goto('/search/');
    await expect.poll(() => page.locator('main').getByRole('status').textContent()).not.toBe('');
    await field(page).click();
    await field(page).pressSequentially('påmelding ');
    // The first word's hits are in: the pause after the space has passed, and the space is still there.
    await answered(page, 'påmelding');
    expect(await field(page).inputValue()).toBe('påmelding ');
    await field(page).pressSequentially('kurs');
    await answered(page, 'påmelding kurs');
    expect(await field(page).inputValue()).toBe('påmelding kurs');
    expect(new URL(page.url()).searchParams.get('q')).toBe('påmelding kurs');
    // Emptied, the page asks for a search word again, and the address has no ?q=.
    await field(page).fill('');
    await expect
      .poll(() => page.locator('main').getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Skriv inn et søkeord for å se treff.');
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('typing over a search that was asked for is one history entry: Back returns to that search', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: 'mobile', baseURL: site.url });
    await page.goto(`/search/?${new URLSearchParams({ q: 'dugnad' }).toString()}`);
    await answered(page, 'dugnad');
    const entries = await page.evaluate(() => window.history.length);
    await field(page).fill('');
    await field(page).pressSequentially('hval');
    await answered(page, 'hval');
    expect(await firstHit(page).getAttribute('href')).toBe('/kurs/#hval');
    // One entry for all the keys typed, however many pauses they made.
    expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
    await page.goBack();
    await answered(page, 'dugnad');
    expect(await field(page).inputValue()).toBe('dugnad');
    expect(problems).toEqual([]);
    await context.close();
  });
});
