// `npm run equivalence -- [edits] [--seed N] [--site club|synthetic|both]`: incremental builds
// against cold ones after each of a seeded sequence of edits (tests/support/equivalence.ts), on
// a copy of the club site and of the club site with 300 synthetic pages. Prints each edit, what
// the incremental build rendered and reused, and every file that differs; exits 1 if any does.
import path from 'node:path';
import { writeSyntheticPages } from '../bench/synthetic-pages.ts';
import { copyProject } from './dev-project.ts';
import { equivalence } from './equivalence.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const edits = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 200);
const seed = Number(option('--seed') ?? 1);
const which = option('--site') ?? 'both';
let failed = 0;
for (const site of which === 'both' ? ['club', 'synthetic'] : [which]) {
  const project = await copyProject(process.cwd());
  if (site === 'synthetic') await writeSyntheticPages(path.join(project.contentDir, 'pages'), 300);
  console.log(`\n## ${site}: ${edits} edits, seed ${seed} (${project.root})`);
  let step = 0;
  for await (const result of equivalence(project.root, edits, seed)) {
    step += 1;
    const counts =
      result.rendered === undefined ? 'failed as cold did' : `${result.rendered} rendered, ${result.reused} reused`;
    const verdict = result.differences.length === 0 ? 'same' : `DIFFERS: ${result.differences.slice(0, 5).join(', ')}`;
    if (result.differences.length > 0) failed += 1;
    console.log(`${String(step).padStart(3)}. ${result.did} → ${counts}; ${verdict}`);
  }
  if (failed === 0) await project.remove();
}
console.log(failed === 0 ? '\nIncremental equals cold after every edit.' : `\n${failed} edits differ.`);
process.exitCode = failed === 0 ? 0 : 1;
