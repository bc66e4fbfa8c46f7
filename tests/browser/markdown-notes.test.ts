/**
 * Footnotes and heading links as a visitor uses them on the club's own pages: the reference
 * in a news post takes the reader to its note and the note's way back returns, and the link
 * beside a heading is the address of that heading (tests/build/markdown-notes.test.ts checks
 * the markup; tests/browser/accessibility.test.ts runs axe on both pages).
 */
import type { Browser, Locator, Page } from 'playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
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

/** Whether the element is wholly on screen, below the fixed header. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return box.top >= header && box.bottom <= window.innerHeight;
  });
}

/** A phone held so low that the text and its notes are never on screen together. */
async function lowPhone(): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const { page, context, problems } = await openPage(browser, { viewport: 'mobile', baseURL: site.url });
  await page.setViewportSize({ width: 375, height: 300 });
  return { page, problems, close: () => context.close() };
}

test('a footnote reference takes the reader to its note, and the note takes them back', async () => {
  const { page, problems, close } = await lowPhone();
  await page.goto('/nyheter/oppdaterte-treningstider/');
  const reference = page.getByRole('link', { name: 'Fotnote 1', exact: true });
  const note = page.locator('li#fn1');
  await reference.scrollIntoViewIfNeeded();
  expect(await inView(note)).toBe(false);

  await reference.click();
  await page.waitForURL(/#fn1$/);
  await expect.poll(() => inView(note)).toBe(true);
  expect(await note.textContent()).toContain('Økter med basistrening er merket med 🏋️');

  await note.getByRole('link', { name: 'Tilbake til fotnote 1 i teksten' }).click();
  await page.waitForURL(/#fnref1$/);
  await expect.poll(() => inView(reference)).toBe(true);
  expect(await inView(note)).toBe(false);
  expect(problems).toEqual([]);
  await close();
});

test("the link beside a heading is the heading's own address, and leads to it", async () => {
  const { page, problems, close } = await lowPhone();
  await page.goto('/dugnad/');
  const heading = page.getByRole('heading', { name: 'Dommere', level: 2 });
  const link = page.getByRole('link', { name: 'Lenke til «Dommere»' });
  expect(await link.getAttribute('href')).toBe(`#${await heading.getAttribute('id')}`);
  expect(await inView(heading)).toBe(false);

  await link.click();
  await page.waitForURL(/\/dugnad\/#dommere$/);
  await expect.poll(() => inView(heading)).toBe(true);
  expect(problems).toEqual([]);
  await close();
});
