import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { build } from '../../generator/build.ts';
import { startPreviewServer } from '../../generator/serve/preview-server.ts';
import { writeOutput } from '../../generator/write/write-output.ts';
import { launchBrowser } from '../support/browser.ts';
import { median, ms, printTable } from './table.ts';

const RUNS = 20;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Set before any script of the page runs: notes when the first hit is in the DOM and when the widget has hydrated. */
function watchForFirstHit(): void {
  const state = window as unknown as { firstHitAt?: number; hydratedAt?: number };
  new MutationObserver((_, observer) => {
    if (state.hydratedAt === undefined && document.querySelector('clubsite-island[data-hydrated]'))
      state.hydratedAt = performance.now();
    if (state.firstHitAt === undefined && document.querySelector('.search-hit')) state.firstHitAt = performance.now();
    if (state.firstHitAt !== undefined && state.hydratedAt !== undefined) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
}

interface Timing {
  /** DOMContentLoaded → first hit in the DOM. */
  firstHit: number;
  /** DOMContentLoaded → React loaded and hydrateRoot called (the runtime marks the island then). */
  hydrated: number;
}

/** Milliseconds from DOMContentLoaded to the first hit and to hydration, for one page load. */
async function timeFirstHit(
  browser: Browser,
  url: string,
  context?: Awaited<ReturnType<Browser['newContext']>>,
): Promise<Timing> {
  const own = context ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await own.newPage();
  await page.addInitScript(watchForFirstHit);
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const state = window as unknown as { firstHitAt?: number; hydratedAt?: number };
      return state.firstHitAt !== undefined && state.hydratedAt !== undefined;
    },
    undefined,
    { timeout: 15_000 },
  );
  const elapsed = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const state = window as unknown as { firstHitAt: number; hydratedAt: number };
    const start = navigation?.domContentLoadedEventStart ?? 0;
    return { firstHit: state.firstHitAt - start, hydrated: state.hydratedAt - start };
  });
  await page.close();
  if (!context) await own.close();
  return elapsed;
}

/**
 * The search page in real Chromium against the built site, served as a host would: time
 * from DOMContentLoaded (the page is interactive) to the first hit of `/search/?q=hval` in
 * the DOM, on a first visit (empty cache) and a return visit (scripts and index cached);
 * and what the search costs in bytes.
 */
export async function benchSearch(): Promise<void> {
  const result = await build({ root: process.cwd(), now: '2025-12-10T18:00' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-bench-'));
  await writeOutput(dir, result.files);
  const server = await startPreviewServer({ dir, port: 0, host: '127.0.0.1', quiet: true });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/search/?q=hval`;
  const browser = await launchBrowser();
  try {
    const cold: Timing[] = [];
    for (let run = 0; run < RUNS; run += 1) cold.push(await timeFirstHit(browser, url));
    const shared = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await timeFirstHit(browser, url, shared);
    const warm: Timing[] = [];
    for (let run = 0; run < RUNS; run += 1) warm.push(await timeFirstHit(browser, url, shared));
    await shared.close();
    const row = (name: string, timings: Timing[]) => {
      const hits = timings.map((timing) => timing.firstHit);
      const afterHydration = timings.map((timing) => timing.firstHit - timing.hydrated);
      return [
        name,
        ms(median(hits)),
        ms(Math.min(...hits)),
        ms(Math.max(...hits)),
        ms(median(timings.map((timing) => timing.hydrated))),
        ms(median(afterHydration)),
      ];
    };
    printTable([
      [
        `DOMContentLoaded → first hit (${RUNS} runs)`,
        'median',
        'min',
        'max',
        'of which: → React starts hydrating (median)',
        'hydration starts → first hit (median)',
      ],
      row('first visit (empty cache)', cold),
      row('return visit (cached)', warm),
    ]);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  }
  const sizes = [...result.files]
    .filter(
      ([file]) => /^assets\/search-[^/]+\.json$/.test(file) || /^assets\/chunks\/search-results-[^/]+\.js$/.test(file),
    )
    .map(([file, data]) => {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      return [
        file.endsWith('.json') ? `index (${result.stats.searchDocuments} documents)` : 'search widget + Fuse.js',
        file,
        kb(bytes.byteLength),
        kb(gzipSync(bytes, { level: 9 }).byteLength),
      ];
    });
  console.log('');
  printTable([['file', 'path', 'raw', 'gzip'], ...sizes]);
}
