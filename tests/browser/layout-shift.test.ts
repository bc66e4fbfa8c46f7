import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, live, openPage, settled, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

// Issue 8: nothing moves once it is on screen. Cumulative layout shift, as Chromium reports it
// (PerformanceObserver `layout-shift`), stays under 0.01 while a page loads, hydrates and gets
// what arrives later: logos, the stale-build date correction, search hits.

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Sums every layout shift not caused by input, from the first paint on, with what moved. */
async function measureShift(page: Page, url: string): Promise<{ cls: number; moved: string[] }> {
  await page.addInitScript(() => {
    const record = { cls: 0, moved: [] as string[] };
    (window as unknown as { __shift: typeof record }).__shift = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        record.cls += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | undefined;
          record.moved.push(
            `${entry.value.toFixed(4)} ${node?.nodeName ?? '?'}.${node instanceof Element ? node.className : ''}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // Islands hydrate, the index arrives, images decode, the date correction runs: every island due
  // is live and busy with nothing, the network is quiet, and what came is drawn in the next frames.
  await live(page);
  await page.waitForLoadState('networkidle');
  await settled(page);
  return page.evaluate(() => (window as unknown as { __shift: { cls: number; moved: string[] } }).__shift);
}

const PAGES = ['/julekalender/2025/', '/search/?q=hval', '/', '/kurs/', '/treningstider/'];

describe.each(['mobile', 'desktop'] as const)('layout shift at %s width', (viewport: ViewportName) => {
  test('/julekalender/2025/ built in the season and visited a season later stays put (CLS < 0.01)', async () => {
    // «Dagens trekning» showed door 10; on that day there is no door, and the block keeps its place.
    const { page, context } = await openPage(browser, {
      viewport,
      baseURL: site.url,
      clock: new Date('2026-11-26T12:00:00+01:00'),
    });
    await page.route(/\/assets\/(?!style-)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const { cls, moved } = await measureShift(page, '/julekalender/2025/');
    expect(await page.locator('[data-todays-draw] .calendar__today-none').count()).toBe(1);
    expect(cls, moved.join(', ')).toBeLessThan(0.01);
    await context.close();
  });

  test.each(PAGES)('%s stays put while it loads (CLS < 0.01)', async (url) => {
    // The browser a day after the build: the page corrects what a stale build shows.
    for (const clock of ['2025-12-10T18:00:00+01:00', '2025-12-11T20:30:00+01:00']) {
      const { page, context } = await openPage(browser, { viewport, baseURL: site.url, clock: new Date(clock) });
      // A slow connection, as Lighthouse simulates one: the page paints before scripts, images and the index arrive.
      await page.route(/\/assets\/(?!style-)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      const { cls, moved } = await measureShift(page, url);
      console.log(
        `CLS ${viewport} ${url} clock ${clock}: ${cls.toFixed(4)}${moved.length ? ` (${moved.join(', ')})` : ''}`,
      );
      expect(cls, `${url} at ${viewport}, clock ${clock}: ${moved.join(', ')}`).toBeLessThan(0.01);
      await context.close();
    }
  });
});
