import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, type Theme, type ViewportName } from '../support/browser.ts';
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

const SIGNUP = 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=';
const finder = (page: Page) => page.locator('.level-finder');
const progress = (page: Page) => finder(page).locator('.level-finder__progress');
const button = (page: Page, name: string) => finder(page).getByRole('button', { name, exact: true });

/**
 * Opens /kurs, touches the island (it hydrates at the first interaction; what is done before is
 * covered by tests/browser/early-input.test.ts) and waits until it is live.
 */
async function openIsland(page: Page, island: string): Promise<void> {
  if (!page.url().endsWith('/kurs/')) await page.goto('/kurs/');
  const element = page.locator(`clubsite-island[data-island="${island}"]`);
  await element.locator('button, select').first().focus();
  await element.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' });
}

async function answerAll(page: Page, answers: readonly ('Ja' | 'Nei')[]): Promise<void> {
  for (const [index, answer] of answers.entries()) {
    expect(await progress(page).textContent()).toBe(`Spørsmål ${index + 1} av 7`);
    await button(page, answer).click();
  }
}

async function axe(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) => `${where}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

// SPEC §4: each path through the seven questions, and the course it recommends.
const PATHS = [
  { answers: ['Ja'], level: 'Hval', type: 2 },
  { answers: ['Nei', 'Nei'], level: 'Hval', type: 2 },
  { answers: ['Nei', 'Ja', 'Nei'], level: 'Hval', type: 2 },
  { answers: ['Nei', 'Ja', 'Ja', 'Nei'], level: 'Skilpadde', type: 3 },
  { answers: ['Nei', 'Ja', 'Ja', 'Ja', 'Nei'], level: 'Pingvin', type: 4 },
  { answers: ['Nei', 'Ja', 'Ja', 'Ja', 'Ja', 'Nei'], level: 'Selungen', type: 5 },
  { answers: ['Nei', 'Ja', 'Ja', 'Ja', 'Ja', 'Ja', 'Nei'], level: 'Sel', type: 6 },
] as const;

describe.each([
  ['mobile', 'light'],
  ['desktop', 'dark'],
] as const)('the level finder at %s width, %s theme', (viewport: ViewportName, theme: Theme) => {
  test('starts at question 1 with no «Tilbake», and every path ends in the right course with its sign-up link', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, theme, baseURL: site.url });
    await openIsland(page, 'level-finder');
    expect(await progress(page).textContent()).toBe('Spørsmål 1 av 7');
    expect(await button(page, 'Tilbake').count()).toBe(0);
    expect(await button(page, 'Start på nytt').count()).toBe(0);
    for (const { answers, level, type } of PATHS) {
      await answerAll(page, answers);
      const result = finder(page).locator('.level-finder__result');
      expect(await result.getByRole('heading', { level: 3 }).textContent()).toBe(level);
      expect(await progress(page).count()).toBe(0);
      const link = result.getByRole('link', { name: `Meld på ${level} (åpnes i ny fane)` });
      expect(await link.getAttribute('href')).toBe(`${SIGNUP}${type}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      const image = result.locator('img');
      expect(await image.getAttribute('alt')).toMatch(/^Tegning av/);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // «Tilbake» goes to the question just answered, with the result gone.
      await button(page, 'Tilbake').click();
      expect(await result.count()).toBe(0);
      expect(await progress(page).textContent()).toBe(`Spørsmål ${answers.length} av 7`);
      // The same answer again shows the result; «Start på nytt» clears it and starts over at question 1.
      await button(page, answers.at(-1) ?? 'Ja').click();
      expect(await result.getByRole('heading', { level: 3 }).textContent()).toBe(level);
      await button(page, 'Start på nytt').click();
      expect(await result.count()).toBe(0);
      expect(await progress(page).textContent()).toBe('Spørsmål 1 av 7');
      expect(await button(page, 'Tilbake').count()).toBe(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('yes to all seven questions congratulates, with a celebration picture and a link to /kontakt', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, theme, baseURL: site.url });
    await openIsland(page, 'level-finder');
    await answerAll(page, ['Nei', 'Ja', 'Ja', 'Ja', 'Ja', 'Ja', 'Ja']);
    const result = finder(page).locator('.level-finder__result');
    expect(await result.getByRole('heading', { level: 3 }).textContent()).toBe('Gratulerer!');
    const link = result.getByRole('link', { name: 'Kontakt klubben' });
    expect(await link.getAttribute('href')).toBe('/kontakt/');
    expect(await link.getAttribute('target')).toBeNull();
    const image = result.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Focus stays in the widget when the answer buttons give way to the result.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Gratulerer!');
    expect(await axe(page, 'result')).toEqual([]);
    await link.click();
    await page.waitForURL('**/kontakt/');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('«Tilbake» walks back one question at a time', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, theme, baseURL: site.url });
    await openIsland(page, 'level-finder');
    await answerAll(page, ['Nei', 'Ja', 'Ja']);
    expect(await progress(page).textContent()).toBe('Spørsmål 4 av 7');
    for (const expected of [3, 2, 1]) {
      await button(page, 'Tilbake').click();
      expect(await progress(page).textContent()).toBe(`Spørsmål ${expected} av 7`);
    }
    expect(await button(page, 'Tilbake').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['mobile', 'dark'],
  ['desktop', 'light'],
] as const)('the course dropdown at %s width, %s theme', (viewport: ViewportName, theme: Theme) => {
  test('is a disabled button until a course is chosen, then a link to that course in a new tab', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, theme, baseURL: site.url });
    await openIsland(page, 'course-picker');
    const select = page.getByLabel('Velg kurs', { exact: true });
    const disabled = page.getByRole('button', { name: 'Velg kurs for å åpne lenke' });
    const link = page.getByRole('link', { name: 'Gå til påmelding i Trygg i vann (åpnes i ny fane)' });
    expect(await disabled.isDisabled()).toBe(true);
    expect(await link.count()).toBe(0);
    const options = await select.locator('option').allTextContents();
    expect(options.slice(1)).toEqual(['Hval', 'Skilpadde', 'Pingvin', 'Selungen', 'Sel', 'Sjøløve']);
    for (const [index, name] of options.slice(1).entries()) {
      await select.selectOption({ label: name });
      expect(await disabled.count()).toBe(0);
      expect(await link.getAttribute('href')).toBe(`${SIGNUP}${index + 2}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(await axe(page, 'dropdown with a course')).toEqual([]);
    await select.selectOption({ index: 0 });
    expect(await disabled.isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the FAQ opens one answer at a time, and a click on the open one closes it', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, theme, baseURL: site.url });
    await page.goto('/kurs/');
    const faq = page.getByRole('region', { name: 'Spørsmål foreldre ofte stiller' });
    const items = faq.locator('details');
    // SPEC.md's seven course facts, and where the price is (issue 30).
    expect(await items.count()).toBe(8);
    const open = () =>
      items.evaluateAll((all) => all.flatMap((item, index) => ((item as HTMLDetailsElement).open ? [index] : [])));
    expect(await open()).toEqual([]);
    await faq.getByText('Hvor gammel må barnet være?').click();
    expect(await open()).toEqual([0]);
    expect(await faq.getByText('fra de er 5 år').isVisible()).toBe(true);
    await faq.getByText('Hvor lang er hver kursgang?').click();
    expect(await open()).toEqual([4]);
    expect(await faq.getByText('45 minutter').isVisible()).toBe(true);
    await faq.getByText('Hvor lang er hver kursgang?').click();
    expect(await open()).toEqual([]);
    await faq.getByText('Hva koster et kurs?').click();
    expect(await faq.getByText('Prisen står hos Trygg i vann').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

test('the page is readable at 375 px: no sideways scrolling, and axe finds nothing in either theme', async () => {
  for (const theme of ['light', 'dark'] as const) {
    const { page, context, problems } = await openPage(browser, { viewport: 'mobile', theme, baseURL: site.url });
    await openIsland(page, 'level-finder');
    await openIsland(page, 'course-picker');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axe(page, theme)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test('a search for «hval» finds /kurs, and the index holds every result the level finder can show', async () => {
  const kurs = site.result.pages.find((page) => page.route === '/kurs');
  for (const text of ['Gratulerer!', 'Skilpadde er et godt valg', 'Sel passer perfekt', 'Sjøløve'])
    expect(kurs?.searchText).toContain(text);
  const { page, context, problems } = await openPage(browser, { baseURL: site.url });
  await page.goto('/search/?q=hval');
  const hit = page.locator('main').getByRole('link', { name: 'Svømmeopplæring', exact: true });
  await hit.waitFor();
  expect(await hit.getAttribute('href')).toBe('/kurs/');
  // The course's own section is a hit of its own, straight to its place on the page.
  expect(await page.locator('main').getByRole('link', { name: 'Hval – Svømmeopplæring' }).getAttribute('href')).toBe(
    '/kurs/#hval',
  );
  expect(problems).toEqual([]);
  await context.close();
});
