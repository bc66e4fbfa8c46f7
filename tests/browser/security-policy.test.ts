// The Content-Security-Policy as a visitor's browser applies it: every page works under it
// (the theme script runs by its hash, islands hydrate), what it forbids is really forbidden,
// and the Instagram service's hosts are allowed only where the feed is. Every other browser
// test also fails on any violation (tests/support/csp-guard.ts).
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, takeCspViolations } from '../support/browser.ts';
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

describe('Content-Security-Policy in Chromium', () => {
  test('the preview server sends the headers from _headers: CSP with the header-only frame-ancestors, nosniff, referrer policy, immutable assets', async () => {
    const home = await fetch(`${site.url}/kurs/`);
    const policy = home.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'; /);
    expect(policy).not.toMatch(/'unsafe-(inline|eval)'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await home.text();
    const script = /<script src="([^"]+\.js)"|src="(\/assets\/[^"]+\.js)"/.exec(html);
    const asset = await fetch(`${site.url}${script?.[1] ?? script?.[2]}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('under the policy the theme script runs and the islands hydrate, with no violation on home, /kurs and /sosiale-medier', async () => {
    const { page, context, problems } = await openPage(browser, { baseURL: site.url, theme: 'dark' });
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(site.url)) thirdParty.push(new URL(request.url()).host);
    });
    for (const route of ['/', '/kurs/', '/sosiale-medier/']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    }
    await page.goto('/kurs/');
    await page.getByRole('button', { name: 'Ja' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Start på nytt' }).count()).toBeGreaterThan(0);
    // Asked for, the feed's script was allowed to leave (and then cut off by the test's network rule).
    await page.goto('/sosiale-medier/');
    await page.locator('.instagram-feed').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Vis Instagram-bilder' }).click();
    await expect.poll(() => thirdParty.includes('elfsightcdn.com')).toBe(true);
    expect(takeCspViolations()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an injected inline script and the feed service on a page without the feed are blocked and reported', async () => {
    const { page, context } = await openPage(browser, { baseURL: site.url });
    await page.goto('/kurs/');
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'document.title = "hacked"';
      document.head.append(inline);
    });
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/script-src-elem blocked inline/);
    expect(await page.title()).not.toBe('hacked');
    await page.goto('/kurs/');
    await page.evaluate(() => {
      const feed = document.createElement('script');
      feed.src = 'https://elfsightcdn.com/platform.js';
      document.head.append(feed);
    });
    await expect
      .poll(() => takeCspViolations().join('\n'))
      .toContain('script-src-elem blocked https://elfsightcdn.com/platform.js on /kurs/');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p style="color: red">x</p>'));
    await expect.poll(() => takeCspViolations().join('\n')).toContain('style-src-attr blocked inline');
    await context.close();
  });
});
