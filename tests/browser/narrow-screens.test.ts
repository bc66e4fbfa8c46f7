/**
 * The site on phones, down to the narrowest still in use (320 px): no page scrolls sideways,
 * the fixed theme switch is a small icon button that covers nothing at the end of a page, and
 * the training table, cut at the screen's edge, shows a shadow where there is more to see.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  launchBrowser,
  type OpenedPage,
  openPage,
  type Theme,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser.ts';
import { serveSite } from '../support/site-build.ts';

// Built while the file is collected: each page is a test of its own, with a time budget of its own.
const site = await serveSite('2025-12-10T18:00');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site.close();
});

/** Every page the build wrote (its index.html files and 404.html), but the redirects to other pages and the editors' admin (Decap CMS's own screens). */
function everyRoute(): string[] {
  const redirects = String(site.result.files.get('_redirects') ?? '')
    .split('\n')
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter(Boolean)
    .map((from) => `${from.replace(/\/$/, '')}/`);
  return [...site.result.files.keys()]
    .filter((file) => file === '404.html' || file === 'index.html' || file.endsWith('/index.html'))
    .filter((file) => !file.startsWith('admin/'))
    .map((file) => `/${file.replace(/index\.html$/, '')}`)
    .filter((route) => !redirects.includes(route))
    .sort();
}

/** The text under the theme switch: words a visitor cannot read while it is there. */
function textUnderSwitch(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector('[data-theme-switch]');
    if (!button) return ['(no theme switch)'];
    const box = button.getBoundingClientRect();
    const covered: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Text for screen readers only sits in a clipped box of a pixel.
      if (!node.textContent?.trim() || !parent || button.contains(node) || parent.getBoundingClientRect().width <= 1)
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        if (rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom)
          covered.push(node.textContent.trim().slice(0, 40));
    }
    return covered;
  });
}

test('every page is checked: the build wrote more than 30', () => {
  expect(everyRoute().length).toBeGreaterThan(30);
});

describe.each(['narrow', 'mobile', 'large'] as const)('every page at %s width', (viewport: ViewportName) => {
  let opened: OpenedPage;

  beforeAll(async () => {
    opened = await openPage(browser, { viewport, baseURL: site.url });
  });

  afterAll(async () => {
    await opened?.context.close();
  });

  test.each(everyRoute())(
    '%s does not scroll sideways; the theme switch is an icon button named «Bytt tema», and covers no text at the end of the page',
    async (route) => {
      const { page, problems } = opened;
      problems.splice(0);
      await page.goto(route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // Nor does anything inside it: no box a finger has to push sideways to read.
      const sideways = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.outerHTML.slice(0, 80)),
      );
      const toggle = page.getByRole('switch', { name: 'Bytt tema' });
      const box = await toggle.boundingBox();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = await textUnderSwitch(page);
      // This page's problems only: the next route starts with none, whatever this one found.
      const logged = problems.splice(0);
      expect(overflow, 'pixels wider than the screen').toBeLessThanOrEqual(0);
      expect(sideways, 'boxes that scroll sideways').toEqual([]);
      // About a word of body text: a finger's target and no more.
      expect(box?.width).toBeLessThanOrEqual(44);
      expect(box?.height).toBeLessThanOrEqual(44);
      expect(covered).toEqual([]);
      expect(logged).toEqual([]);
    },
  );
});

test('on a wide screen the theme switch shows its name beside the track', async () => {
  const { page, context } = await openPage(browser, { viewport: 'desktop', baseURL: site.url });
  await page.goto('/');
  const toggle = page.getByRole('switch', { name: 'Bytt tema' });
  expect(await toggle.textContent()).toBe('Bytt tema');
  expect(await toggle.locator('.theme-switch__label').isVisible()).toBe(true);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await textUnderSwitch(page)).toEqual([]);
  await context.close();
});

describe.each([
  ['narrow', 'light'],
  ['mobile', 'dark'],
  ['large', 'light'],
] as const)('the training times at %s width, %s theme', (viewport: ViewportName, theme: Theme) => {
  test('the table fits the screen, its caption wraps, the chosen group is in the address and survives a reload; footer links are finger-sized', async () => {
    const clock = new Date('2025-12-10T18:00:00+01:00');
    const { page, context, problems } = await openPage(browser, { viewport, theme, baseURL: site.url, clock });
    await page.goto('/treningstider/?gruppe=A&gruppe=C');
    const box = page.getByRole('region', { name: /^Treningstider for/ });
    const caption = page.locator('caption').first();
    await expect.poll(() => caption.textContent()).toMatch(/A og C/);
    const [scrollWidth, clientWidth] = await box.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
    const captionBox = await caption.boundingBox();
    expect(captionBox && captionBox.x + captionBox.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await page.goto('/treningstider/?gruppe=C');
    await page.reload();
    await expect.poll(() => caption.textContent()).toMatch(/gruppe C$/);
    expect(page.url()).toContain('gruppe=C');
    const heights = await page
      .locator('footer a')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(24);
    expect(problems).toEqual([]);
    await context.close();
  });
});
