/**
 * Issue 45: no third party before consent. Every request of every page is recorded: none leaves
 * the site's origin before the visitor's yes (the pages scrolled to the end, so islands that
 * wake when visible have woken). On /sosiale-medier, «Vis Instagram-bilder» (by keyboard) loads
 * the feed (a local stand-in for the service's script and Instagram's image host), remembered
 * when ticked; withdrawn on /cookies without a reload, a reload of the feed's page sends none again.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSENT_KEY } from '../../client/shared/consent-markup.ts';
import { launchBrowser, openPage, settled } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const FEED_SCRIPT = 'https://elfsightcdn.com/platform.js';
const IMAGE = 'https://scontent.cdninstagram.com/stand-in.png';
// The stand-in for the service: it fills the card's element with one picture from Instagram's image host.
const STAND_IN = `for (const element of document.querySelectorAll('[class^="elfsight-app-"]')) {
  const image = document.createElement('img');
  image.alt = 'Bilde fra Instagram';
  image.src = ${JSON.stringify(IMAGE)};
  element.append(image);
}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Records every request that leaves the site; the feed's two are answered by the stand-in, the rest refused. */
async function recordThirdParties(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route(
    (url) => !url.href.startsWith(site.url),
    (route) => {
      const url = route.request().url();
      outside.push(url);
      if (url === FEED_SCRIPT) return route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
      if (url === IMAGE) return route.fulfill({ contentType: 'image/png', body: PNG });
      return route.abort('blockedbyclient');
    },
  );
  return outside;
}

async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settled(page);
}

describe('third parties only after consent', () => {
  test('no page of the site sends a request outside its origin before the visitor says yes', async () => {
    const { page, context } = await openPage(browser, { baseURL: site.url, viewport: 'mobile' });
    const outside = await recordThirdParties(context);
    const pages = [...site.result.files.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(25);
    for (const file of pages) {
      const route = `/${file.replace(/index\.html$/, '')}`;
      await page.goto(route);
      await scrollThrough(page);
      expect(outside, route).toEqual([]);
    }
    await context.close();
  }, 300_000);

  test('«Vis Instagram-bilder» by keyboard loads the feed, a remembered yes loads it again, and withdrawing on /cookies stops it', async () => {
    const { page, context, problems } = await openPage(browser, { baseURL: site.url });
    const outside = await recordThirdParties(context);
    await page.goto('/sosiale-medier/');
    await scrollThrough(page);
    const show = page.getByRole('button', { name: 'Vis Instagram-bilder' });
    await show.waitFor({ state: 'visible' });
    const axe = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(outside).toEqual([]);

    await page.getByLabel('Husk valget i denne nettleseren').focus();
    await page.keyboard.press('Space');
    await show.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'Bilde fra Instagram' }).waitFor();
    expect(outside).toEqual([FEED_SCRIPT, IMAGE]);
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('["instagram"]');

    // Remembered: the next visit loads the feed without asking.
    outside.length = 0;
    await page.reload();
    await scrollThrough(page);
    await page.getByRole('img', { name: 'Bilde fra Instagram' }).waitFor();
    expect(outside).toContain(FEED_SCRIPT);

    // Withdrawn on /cookies with one button, no reload.
    outside.length = 0;
    await page.goto('/cookies/');
    const withdraw = page.getByRole('button', { name: 'Trekk tilbake samtykket til Instagram-bilder' });
    await withdraw.click();
    await page.getByText('Samtykket til Instagram-bilder er trukket tilbake.').waitFor();
    expect(await withdraw.isVisible()).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBeNull();

    await page.goto('/sosiale-medier/');
    await scrollThrough(page);
    await show.waitFor({ state: 'visible' });
    expect(outside).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('blockedbyclient'))).toEqual([]);
    await context.close();
  }, 120_000);

  test('without script the card keeps its link to the profile and shows no button that would do nothing', async () => {
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/sosiale-medier/');
    expect(await page.getByRole('button', { name: 'Vis Instagram-bilder' }).isVisible()).toBe(false);
    const profile = await page.locator('main a[href="https://www.instagram.com/kristiansandsa/"]').count();
    expect(profile).toBeGreaterThan(0);
    await context.close();
  });
});
