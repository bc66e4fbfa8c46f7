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

/** Set before any script of the page runs: notes when the first hit is in the DOM. */
function watchForFirstHit(): void {
  const state = window as unknown as { firstHitAt?: number };
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.search-hit')) return;
    state.firstHitAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** Milliseconds from DOMContentLoaded to the first hit, for one page load. */
async function timeFirstHit(browser: Browser, url: string, context?: Awaited<ReturnType<Browser['newContext']>>): Promise<number> {
  const own = context ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await own.newPage();
  await page.addInitScript(watchForFirstHit);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { firstHitAt?: number }).firstHitAt !== undefined, undefined, { timeout: 15_000 });
  const elapsed = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return ((window as unknown as { firstHitAt: number }).firstHitAt ?? 0) - (navigation?.domContentLoadedEventStart ?? 0);
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
    const cold: number[] = [];
    for (let run = 0; run < RUNS; run += 1) cold.push(await timeFirstHit(browser, url));
    const shared = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await timeFirstHit(browser, url, shared);
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run += 1) warm.push(await timeFirstHit(browser, url, shared));
    await shared.close();
    printTable([
      [`DOMContentLoaded → first hit (${RUNS} runs)`, 'median', 'min', 'max'],
      ['first visit (empty cache)', ms(median(cold)), ms(Math.min(...cold)), ms(Math.max(...cold))],
      ['return visit (cached)', ms(median(warm)), ms(Math.min(...warm)), ms(Math.max(...warm))],
    ]);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  }
  const sizes = [...result.files]
    .filter(([file]) => /^assets\/search-[^/]+\.json$/.test(file) || /^assets\/chunks\/search-results-[^/]+\.js$/.test(file))
    .map(([file, data]) => {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      return [file.endsWith('.json') ? `index (${result.stats.searchDocuments} documents)` : 'search widget + Fuse.js', file, kb(bytes.byteLength), kb(gzipSync(bytes, { level: 9 }).byteLength)];
    });
  console.log('');
  printTable([['file', 'path', 'raw', 'gzip'], ...sizes]);
}
