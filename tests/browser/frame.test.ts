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

describe.each(['mobile', 'desktop'] as const)('the frame at %s width', (viewport) => {
  test('Meny opens the panel with the published entries, and Escape and the close button close it', async () => {
    const { page, problems, context } = await openPage(browser, { viewport, baseURL: site.url });
    await page.goto('/treningstider');
    const panel = page.getByRole('navigation', { name: 'Hovedmeny' });
    await expect(panel.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Meny' }).click();
    await expect(panel.isVisible()).resolves.toBe(true);
    const links = await panel.getByRole('link').allTextContents();
    expect(links).toEqual(['Forside', 'Svømmeopplæring', 'Treningstider', 'Julekalender 2025']);
    await expect(panel.locator('[aria-current="page"]').textContent()).resolves.toBe('Treningstider');
    // Scrolling is locked while the panel is open.
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(panel.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Meny' }).click();
    await panel.getByRole('button', { name: 'Lukk' }).click();
    await expect(panel.isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
