import { build } from '../../generator/build.ts';
import { median, ms, printTable } from './table.ts';

/** A cold build (site code bundled) against warm ones (site module and client bundle reused, as dev does). */
export async function benchBuild(): Promise<void> {
  const now = '2025-12-10T18:00';
  const coldStart = performance.now();
  const first = await build({ root: process.cwd(), now });
  const cold = performance.now() - coldStart;
  const full: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    let start = performance.now();
    await build({ root: process.cwd(), now });
    full.push(performance.now() - start);
    start = performance.now();
    await build({ root: process.cwd(), now, reuse: { site: first.site, client: first.client } });
    warm.push(performance.now() - start);
  }
  printTable([
    ['build', 'pages', 'median', 'min'],
    ['first (cold)', first.stats.pages, ms(cold), ms(cold)],
    ['full, warm process', first.stats.pages, ms(median(full)), ms(Math.min(...full))],
    ['content only (site and bundle reused)', first.stats.pages, ms(median(warm)), ms(Math.min(...warm))],
  ]);
}
