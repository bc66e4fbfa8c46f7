/**
 * A dev session equals a cold build, byte for byte: the seeded edits of equivalence.ts applied
 * to a copy of the site, and after each one `session.update()` (the page cache, the read
 * checker and everything a session keeps across saves) compared with a cold build of the same
 * state with drafts shown (as dev shows them), every file, the deferred ones made. As in
 * `clubsite dev` once its watcher watches, each update is told the files the edit wrote (found
 * here by their stamps), and trusts that no other file changed.
 * `node bin/run-ts.js tests/support/dev-equivalence.ts [edits] [seed] [pages]`.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../generator/pipeline/build.ts';
import { BuildSession } from '../../generator/pipeline/session.ts';
import { allFiles } from '../../generator/dev/served-files.ts';
import { BuildFailed, formatError } from '../../generator/errors.ts';
import { writeSyntheticPages } from '../bench/synthetic-pages.ts';
import { copyProject } from './dev-project.ts';
import { type Edit, EDITS, type State } from './equivalence.ts';
import { seeded } from './synthetic-pages.ts';

const [count = 40, seed = 1, pages = 0] = process.argv.slice(2).map(Number);
const minute = (at: number) => Math.floor(at / 60_000) * 60_000;

const project = await copyProject(process.cwd());
try {
  if (pages > 0) await writeSyntheticPages(path.join(project.contentDir, 'pages'), pages);
  const random = seeded(seed);
  const state: State = { now: Date.UTC(2025, 11, 10, 17, 0), added: [], posts: [], drafts: [], count: 0 };
  const options = { root: project.root, contentDir: project.contentDir, base: '/' };
  const session = new BuildSession({ ...options, clock: () => state.now });
  const total = EDITS.reduce((sum, [weight]) => sum + weight, 0);
  const outcome = (run: () => Promise<{ files: ReadonlyMap<string, string | Uint8Array> }>) =>
    run().then(
      (result) => ({ files: result.files }),
      (error: unknown) => {
        if (error instanceof BuildFailed) return { problems: error.errors.map(formatError).join('\n') };
        throw error;
      },
    );
  await session.update([]);
  session.trustWatcher();
  let failures = 0;
  for (let step = 1; step <= count; step += 1) {
    const edit = editAt(random() * total);
    const before = stampsOf(project.contentDir);
    const did = await edit(project.root, state, random);
    const saved = [...codeFilesOf(did), ...changedBetween(before, stampsOf(project.contentDir))];
    const dev = await outcome(async () => ({ files: allFiles(await session.update(saved)) }));
    const cold = await outcome(() => build({ ...options, now: new Date(minute(state.now)), drafts: true }));
    const differences =
      'files' in dev && 'files' in cold
        ? [...new Set([...dev.files.keys(), ...cold.files.keys()])].filter(
            (file) => Buffer.compare(asBytes(dev.files.get(file)), asBytes(cold.files.get(file))) !== 0,
          )
        : 'problems' in dev && 'problems' in cold && dev.problems === cold.problems
          ? []
          : ['(one build failed, the other did not, or with other problems)'];
    if (differences.length > 0) failures += 1;
    const { rendered, reused } = session.counts;
    console.log(`${step}. ${did} → ${rendered} rendered, ${reused} reused; ${differences.join(', ') || 'same'}`);
  }
  console.log(failures === 0 ? '\nThe dev session equals a cold build after every edit.' : `\n${failures} differ.`);
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  await project.remove();
}

/** The edit whose share of the weights `roll` (0 to their total) falls in. */
function editAt(roll: number): Edit {
  let left = roll;
  for (const [weight, edit] of EDITS) {
    left -= weight;
    if (left < 0) return edit;
  }
  return EDITS[0]![1];
}

/** The code file an edit changed (the dev server's watcher names it; content files are looked at anyway). */
function codeFilesOf(did: string): string[] {
  if (did.includes('template')) return ['templates/article.tsx'];
  if (did.includes('stylesheet')) return ['site/styles/base.css'];
  if (did.includes('browser script')) return ['site/scripts/theme-switch.ts'];
  return [];
}

function asBytes(data: string | Uint8Array | undefined): Buffer {
  return data === undefined ? Buffer.from('\u0000missing') : Buffer.from(data);
}

/** Every file under `dir` with its stamp (modification time in nanoseconds, size, inode). */
function stampsOf(dir: string): Map<string, string> {
  const stamps = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (stats?.isFile()) stamps.set(file, `${stats.mtimeNs}:${stats.size}:${stats.ino}`);
  }
  return stamps;
}

/** The files added, removed or written between two looks: what the dev server's watcher reports. */
function changedBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([file, stamp]) => before.get(file) !== stamp).map(([file]) => file);
  return [...changed, ...[...before.keys()].filter((file) => !after.has(file))];
}
