/**
 * `npm run bench`: speed and memory, measured on this machine and printed as tables. Figures
 * are only comparable within one run (the machine is shared and noisy). Nothing here is a test.
 */
import { benchBuild } from './build-bench.ts';
import { benchDev } from './dev-bench.ts';
import { benchIncremental } from './incremental-bench.ts';
import { benchLock } from './lock-bench.ts';
import { benchMarkdown } from './markdown-bench.ts';
import { benchPhotos } from './photo-bench.ts';
import { benchScale } from './scale-bench.ts';
import { benchSearch } from './search-bench.ts';
import { benchWorkflow } from './workflow-bench.ts';
import { benchStartup } from './startup-bench.ts';
import { benchSearchRelevance } from './search-relevance-bench.ts';

const benches: Array<[string, (args: string[]) => Promise<void>]> = [
  ['build', benchBuild],
  ['search', benchSearch],
  ['search-relevance', benchSearchRelevance],
  ['dev', benchDev],
  ['photos', benchPhotos],
  ['startup', benchStartup],
  ['lock', benchLock],
  ['markdown', benchMarkdown],
];

// `npm run bench -- search 1000 10000`: one bench, with its own arguments.
const [only, ...args] = process.argv.slice(2);
// Not in the default run (minutes at 10,000 pages): `npm run bench -- scale 1000 10000 [--compare]`.
if (only === 'scale') {
  console.log('\n## scale');
  await benchScale(args);
}
// Not in the default run (minutes at 10,000 pages): `npm run bench -- incremental 1000 10000 [--runs R] [--posts P]`.
if (only === 'incremental') {
  console.log('\n## incremental');
  await benchIncremental(args);
}
// Not in the default run either (an `npm ci` in a fresh copy): `npm run bench -- workflow [runs]`.
if (only === 'workflow') {
  console.log('\n## workflow');
  await benchWorkflow(args);
}
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  console.log(`\n## ${name}`);
  await run(args);
}
