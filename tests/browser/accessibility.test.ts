import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, live, type OpenedPage, openPage, type Theme } from '../support/browser.ts';
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

/**
 * Every page the build wrote, plus the 404 page. A news tag's list is /nyheter's template with
 * other posts: /nyheter stands for them here (tests/browser/news.test.ts checks a tag list).
 */
function everyRoute(): string[] {
  return [
    ...site.result.pages
      .filter((page) => !page.route.startsWith('/nyheter/tema/'))
      .map((page) => (page.route === '/' ? '/' : `${page.route}/`)),
    '/finnes-ikke/',
  ].sort();
}

describe.each(['light', 'dark'] as const)('every page in the %s theme', (theme: Theme) => {
  let opened: OpenedPage;

  beforeAll(async () => {
    opened = await openPage(browser, { theme, baseURL: site.url });
  });

  afterAll(async () => {
    await opened?.context.close();
  });

  test.each(everyRoute())('%s: axe-core finds no violations, and the page logs no error', async (route) => {
    const { page, problems } = opened;
    problems.splice(0);
    await page.goto(route);
    // Checked as a visitor finds it once it is live: the islands due hydrated, the search hits in.
    await live(page);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const failures = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}) ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
    // This page's problems only: the next route starts with none, whatever this one found.
    const logged = problems.splice(0);
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
  });
});
