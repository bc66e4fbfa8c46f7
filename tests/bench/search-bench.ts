import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { build } from '../../generator/pipeline/build.ts';
import { startPreviewServer } from '../../generator/serve/preview-server.ts';
import { writeOutput } from '../../generator/publish/write-output.ts';
import { launchBrowser } from '../support/browser.ts';
import { projectRoot } from '../support/site-build.ts';
import { contentWithSyntheticPages } from '../support/synthetic-pages.ts';
import { median, ms, printTable } from './table.ts';

const RUNS = 20;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Set before any script of the page runs: notes when the first hit is in the DOM and when the widget is live. */
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
  /** DOMContentLoaded → the widget live (the runtime marks the island once its module has mounted: no React). */
  hydrated: number;
}

/** Milliseconds from DOMContentLoaded to the first hit and to the widget being live, for one page load. */
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

interface Visit extends Timing {
  /** Gzip bytes of every file the page fetched (what a host sending gzip would send). */
  bytes: number;
  requests: number;
}

/** One first visit (empty cache) to the search page for a query: timing and transfer. */
async function visit(
  browser: Browser,
  url: string,
  files: Map<string, string | Uint8Array>,
  context?: Awaited<ReturnType<Browser['newContext']>>,
): Promise<Visit> {
  const own = context ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const requested = new Set<string>();
  own.on('request', (request) => requested.add(new URL(request.url()).pathname));
  const timing = await timeFirstHit(browser, url, own);
  let bytes = 0;
  for (const pathname of requested) {
    const file = pathname.replace(/^\//, '');
    const data = files.get(file === '' || file.endsWith('/') ? `${file}index.html` : file);
    if (data !== undefined) bytes += gzipSync(data, { level: 6 }).byteLength;
  }
  if (!context) await own.close();
  return { ...timing, bytes, requests: requested.size };
}

/**
 * The search page in real Chromium against the built site, served as a host would: time
 * from DOMContentLoaded (the page is interactive) to the first hit in the DOM, on a first
 * visit (empty cache) and, for the club site, a return visit (cached); what a first visit
 * transfers (gzip, everything: HTML, CSS, scripts, index parts); and the index's size.
 * `npm run bench -- search 1000 10000` does the same with that many synthetic pages added
 * (tests/support/synthetic-pages.ts), for a rare word from the middle of a page, a typo of
 * it, a word of the club's own pages and two words.
 */
export async function benchSearch(args: string[] = []): Promise<void> {
  const counts = args.map(Number).filter((count) => Number.isInteger(count) && count > 0);
  for (const count of counts.length > 0 ? counts : [0]) await benchSite(count);
}

async function benchSite(count: number): Promise<void> {
  const synthetic =
    count > 0 ? await contentWithSyntheticPages(path.join(projectRoot, 'content'), count, 7) : undefined;
  const started = performance.now();
  const result = await build({ root: projectRoot, contentDir: synthetic?.dir, now: '2025-12-10T18:00' });
  const buildMs = performance.now() - started;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-bench-'));
  await writeOutput(dir, result.files);
  const server = await startPreviewServer({ dir, port: 0, host: '127.0.0.1', quiet: true });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const middle = synthetic?.pages[Math.floor(count / 2)]?.middleWord;
  // A rare word, a one-letter typo of it, a common word (one letter off thousands of words at
  // 10,000 pages) and a query of two words.
  const queries = middle ? [middle, `${middle.slice(0, 3)}x${middle.slice(4)}`, 'hval', 'hval kurs'] : ['hval'];
  const runs = count > 0 ? 5 : RUNS;
  console.log(
    `\n### ${count > 0 ? `${count} synthetic pages and` : ''} the club site: ${result.pages.length} pages, built in ${ms(buildMs)}\n`,
  );
  const browser = await launchBrowser();
  try {
    const rows: Array<Array<string | number>> = [];
    const row = (name: string, visits: Visit[]) => {
      const hits = visits.map((one) => one.firstHit);
      rows.push([
        name,
        ms(median(hits)),
        ms(Math.min(...hits)),
        ms(Math.max(...hits)),
        ms(median(visits.map((one) => one.hydrated))),
        kb(median(visits.map((one) => one.bytes))),
        median(visits.map((one) => one.requests)),
      ]);
    };
    for (const query of queries) {
      const url = `${origin}/search/?${new URLSearchParams({ q: query }).toString()}`;
      const cold: Visit[] = [];
      for (let run = 0; run < runs; run += 1) cold.push(await visit(browser, url, result.files));
      row(`«${query}», first visit`, cold);
      if (count === 0) {
        const shared = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await visit(browser, url, result.files, shared);
        const warm: Visit[] = [];
        for (let run = 0; run < runs; run += 1) warm.push(await visit(browser, url, result.files, shared));
        await shared.close();
        row(`«${query}», return visit`, warm);
      }
    }
    printTable([
      [
        `DOMContentLoaded → first hit (${runs} runs)`,
        'median',
        'min',
        'max',
        'widget live (median)',
        'transfer, gzip (median)',
        'requests',
      ],
      ...rows,
    ]);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
    if (synthetic) await rm(synthetic.dir, { recursive: true, force: true });
  }
  console.log('');
  printTable([['index', 'files', 'raw', 'gzip'], ...indexSizes(result.files)]);
}

/** The index's size by kind of part, and the search widget's chunk. */
function indexSizes(files: Map<string, string | Uint8Array>): string[][] {
  const kinds: Array<[string, RegExp]> = [
    ['manifest (common words)', /^assets\/search-[^/]+\.json$/],
    ['rare words', /^assets\/search\/[^/]+\/r-/],
    ['postings', /^assets\/search\/[^/]+\/w-/],
    ['documents', /^assets\/search\/[^/]+\/d-/],
    ['all index parts', /^assets\/search[-/]/],
    ['search widget + Fuse.js', /^assets\/chunks\/search-results-[^/]+\.js$/],
  ];
  return kinds.map(([name, pattern]) => {
    let raw = 0;
    let gzip = 0;
    let count = 0;
    for (const [file, data] of files) {
      if (!pattern.test(file)) continue;
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      raw += bytes.byteLength;
      gzip += gzipSync(bytes, { level: 6 }).byteLength;
      count += 1;
    }
    return [name, String(count), kb(raw), kb(gzip)];
  });
}
