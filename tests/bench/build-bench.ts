import { build } from '../../generator/pipeline/build.ts';
import { BuildSession } from '../../generator/pipeline/session.ts';
import { median, ms, printTable } from './table.ts';

/** A cold build (site code bundled) against warm ones, and against a dev session's update when nothing changed. */
export async function benchBuild(): Promise<void> {
  const now = '2025-12-10T18:00';
  const coldStart = performance.now();
  const first = await build({ root: process.cwd(), now });
  const cold = performance.now() - coldStart;
  const full: number[] = [];
  const warm: number[] = [];
  const session = new BuildSession({ root: process.cwd(), contentDir: `${process.cwd()}/content`, now, base: '/' });
  await session.update([]);
  for (let run = 0; run < 10; run += 1) {
    let start = performance.now();
    await build({ root: process.cwd(), now });
    full.push(performance.now() - start);
    start = performance.now();
    await session.update([]);
    warm.push(performance.now() - start);
  }
  printTable([
    ['build', 'pages', 'median', 'min'],
    ['first (cold)', first.stats.pages, ms(cold), ms(cold)],
    ['full, warm process', first.stats.pages, ms(median(full)), ms(Math.min(...full))],
    ['dev session, nothing changed', first.stats.pages, ms(median(warm)), ms(Math.min(...warm))],
  ]);
}
