/**
 * `npm run bench -- workflow [runs]`: the scheduled workflow's work, timed on this machine. The
 * check (.github/scripts/build-due.mjs, as a process against a deployed site served on
 * 127.0.0.1) with nothing due and with a post due; then what the build job runs when something
 * is due, in a fresh copy of the project: `npm ci` (npm's download cache warm, as setup-node
 * restores it) and `npx clubsite build` without and with the .clubsite/ cache a previous run
 * left. GitHub adds its own steps (job setup, checkout, cache restore, artifact upload, deploy):
 * the figures here are what the project's code costs inside them.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../support/site-build.ts';
import { deployedSite, manifest } from '../support/workflow-check.ts';
import { median, printTable } from './table.ts';

const run = promisify(execFile);
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** The project as a fresh checkout has it: sources and lock file, no node_modules, no caches. */
async function freshCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-workflow-bench-'));
  const entries = ['bin', 'client', 'content', 'generator', 'site', 'templates', 'package.json', 'package-lock.json'];
  await Promise.all(
    entries.map((entry) => cp(path.join(projectRoot, entry), path.join(dir, entry), { recursive: true })),
  );
  await cp(path.join(projectRoot, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  return dir;
}

export async function benchWorkflow(args: string[]): Promise<void> {
  const runs = Number(args[0] ?? 5);
  const site = await deployedSite();
  const check = async (nextChange: string) => {
    site.serve(manifest(nextChange, 'content/nyheter/2026-11-27-kveldstrening.md'));
    const times: number[] = [];
    for (let index = 0; index < runs; index += 1) times.push(await timed(() => site.check('2026-11-27T17:07:00Z')));
    return median(times);
  };
  const nothingDue = await check('2026-11-28T23:00:00Z');
  const postDue = await check('2026-11-27T17:00:00Z');
  await site.close();

  const dir = await freshCopy();
  // As the workflow's env: the photos in .clubsite/, which actions/cache keeps between runs.
  const env = { ...process.env, CLUBSITE_IMAGE_CACHE: '.clubsite/images' };
  const npmCi = await timed(() => run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, env }));
  // Each run's npm ci starts node_modules afresh: the launcher's bundle of the CLI too.
  const build = async () => {
    await rm(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
    await run('npx', ['clubsite', 'build'], { cwd: dir, env });
  };
  const cold = await timed(build);
  const warm = await timed(build);
  await rm(dir, { recursive: true, force: true });

  printTable([
    ['step', 'median of', 'time'],
    ['check, nothing due (node build-due.mjs)', runs, seconds(nothingDue)],
    ['check, a post due', runs, seconds(postDue)],
    ['npm ci (download cache warm)', 1, seconds(npmCi)],
    ['npx clubsite build, no .clubsite/ cache', 1, seconds(cold)],
    ['npx clubsite build, .clubsite/ from the last run', 1, seconds(warm)],
    ['job with nothing due: the check', '', seconds(nothingDue)],
    ['jobs with a post due: the check, npm ci, the build (cache)', '', seconds(postDue + npmCi + warm)],
  ]);
}
