import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe.each(['mobile', 'desktop'] as const)('the menu panel at %s width', (viewport) => {
  test('Meny opens the panel with the published entries; the overlay, Escape and the close button close it', async () => {
    const { page, problems, context } = await openPage(browser, { viewport, baseURL: site.url });
    await page.goto('/treningstider/');
    const panel = page.getByRole('navigation', { name: 'Hovedmeny' });
    const open = () => page.getByRole('button', { name: 'Meny' }).click();
    expect(await panel.isVisible()).toBe(false);
    await open();
    await panel.waitFor({ state: 'visible' });
    expect(await panel.getByRole('link').allTextContents()).toEqual([
      'Forside',
      'Svømmeopplæring',
      'Treningstider',
      'Julekalender 2025',
    ]);
    expect(await panel.locator('[aria-current="page"]').textContent()).toBe('Treningstider');
    expect(
      await panel.locator('[aria-current="page"]').evaluate((link) => Number(getComputedStyle(link).fontWeight)),
    ).toBeGreaterThanOrEqual(700);
    // Page scrolling is locked while the panel is open.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    const box = await panel.boundingBox();
    if (viewport === 'mobile') expect(box?.width).toBeCloseTo(375, 0);
    else expect(box?.width).toBeLessThanOrEqual(400);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    await open();
    await panel.getByRole('button', { name: 'Lukk' }).click();
    await panel.waitFor({ state: 'hidden' });

    if (viewport === 'desktop') {
      await open();
      await page.mouse.click(100, 500); // the overlay, left of the panel
      await panel.waitFor({ state: 'hidden' });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

test('the current route is marked whatever the trailing slash', async () => {
  const { page, context } = await openPage(browser, { baseURL: site.url });
  await page.goto('/kurs');
  expect(page.url()).toBe(`${site.url}/kurs/`);
  await page.getByRole('button', { name: 'Meny' }).click();
  expect(await page.locator('#meny [aria-current="page"]').textContent()).toBe('Svømmeopplæring');
  await page.goto('/');
  await page.getByRole('button', { name: 'Meny' }).click();
  expect(await page.locator('#meny [aria-current="page"]').textContent()).toBe('Forside');
  await context.close();
});

test('the menu search form takes the visitor to /search with the query', async () => {
  const { page, context } = await openPage(browser, { viewport: 'mobile', baseURL: site.url });
  await page.goto('/dugnad/');
  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByLabel('Søk på siden').fill('svømmekurs');
  await page.getByLabel('Søk på siden').press('Enter');
  await page.waitForURL(/\/search\/\?q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe('svømmekurs');
  await context.close();
});

describe('the theme', () => {
  test('follows the system preference when nothing is stored, before first paint', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await openPage(browser, { theme, baseURL: site.url });
      // Read the theme as the first stylesheet would: right when <body> starts parsing.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.body) {
            (window as unknown as { firstTheme: string }).firstTheme = document.documentElement.dataset.theme ?? '';
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe(theme);
      expect(await page.getByRole('switch', { name: 'Bytt tema' }).getAttribute('aria-checked')).toBe(
        String(theme === 'dark'),
      );
      await context.close();
    }
  });

  test('Bytt tema flips the theme, stores it under "theme", and the stored value wins over the system', async () => {
    const { page, context, problems } = await openPage(browser, { theme: 'dark', baseURL: site.url });
    await page.goto('/');
    const toggle = page.getByRole('switch', { name: 'Bytt tema' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    await page.goto('/kurs/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(problems).toEqual([]);
    await context.close();
  });
});

test('the footer shows the year and the club, and Spond opens in a new tab', async () => {
  const { page, context } = await openPage(browser, { baseURL: site.url, clock: site.result.now });
  await page.goto('/');
  const footer = page.locator('footer');
  expect(await footer.textContent()).toContain('© 2025 Kristiansand Svømmeallianse');
  const spond = footer.getByRole('link', { name: /Spond \(medlemmer\)/ });
  expect(await spond.getAttribute('href')).toBe('https://spond.com');
  expect(await spond.getAttribute('target')).toBe('_blank');
  expect(await spond.getAttribute('rel')).toBe('noopener noreferrer');
  await context.close();
});

test('a stale build shows the current year in the footer', async () => {
  const { page, context } = await openPage(browser, { baseURL: site.url });
  await page.clock.setFixedTime(new Date('2026-01-02T10:00:00+01:00'));
  await page.goto('/');
  expect(await page.locator('footer').textContent()).toContain('© 2026 Kristiansand Svømmeallianse');
  await context.close();
});

test('an unknown address gets the Norwegian 404 page with status 404 and a way back', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  const response = await page.goto('/finnes-ikke/');
  expect(response?.status()).toBe(404);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vi finner ikke denne siden');
  await page.getByRole('link', { name: 'Til forsiden' }).click();
  await page.waitForURL(`${site.url}/`);
  expect(problems).toEqual([]);
  await context.close();
});

test('the old address /om-klubben leads to /om', async () => {
  const { page, context } = await openPage(browser, { baseURL: site.url });
  await page.goto('/om-klubben/');
  await page.waitForURL(`${site.url}/om/`);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Om klubben');
  await context.close();
});
