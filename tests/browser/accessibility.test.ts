import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, type Theme } from '../support/browser.ts';
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
  test('axe-core finds no violations, and no page logs an error', async () => {
    const { page, context, problems } = await openPage(browser, { theme, baseURL: site.url });
    const failures: string[] = [];
    for (const route of everyRoute()) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      for (const violation of results.violations) {
        failures.push(
          `${route}: ${violation.id} (${violation.impact}) ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
        );
      }
      expect(problems.map((problem) => `${route}: ${problem}`)).toEqual([]);
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);
});
