/**
 * `npm run bench -- scale N [N…] [--runs R] [--workers W] [--compare] [--baseline DIR]`: the club site with N
 * synthetic pages added (synthetic-pages.ts), in a temporary copy, built cold by `clubsite build`
 * in a child process; wall time, pages per second and the child's peak RSS (GNU time). With
 * --compare, Hugo and Eleventy build the same Markdown in the same run (other-generators.ts).
 * With --baseline, the clubsite checked out in DIR (an earlier commit, `npm ci` done) builds
 * its own site with the same pages, in the same run: a before-and-after. The median of R runs
 * (default 2) is printed, after one build each that is not timed. The builds of one size take
 * turns (each generator once a round); each writes a fresh output folder, and nothing is
 * deleted until every build is done (settle()).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyProject } from '../support/dev-project.ts';
import { projectRoot } from '../support/site-build.ts';
import { otherGenerators } from './other-generators.ts';
import { writeSyntheticPages } from './synthetic-pages.ts';
import { mb, median, printTable } from './table.ts';

interface Run {
  ms: number;
  rss: number;
  /** CPU seconds in the kernel (making folders and files, mostly). */
  kernel: number;
}

/** Runs a command under GNU time: wall milliseconds, peak RSS in bytes and kernel time; throws when it fails. */
function measure(command: string, args: string[], cwd: string): Promise<Run> {
  const rssFile = path.join(os.tmpdir(), `clubsite-scale-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M %S', '-o', rssFile, command, ...args], {
      cwd,
      env: { ...process.env, CLUBSITE_NOW: '2025-12-10T18:00' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', async (code) => {
      const ms = performance.now() - start;
      const last = (await readFile(rssFile, 'utf8').catch(() => '0 0')).trim().split('\n').pop() ?? '';
      const [kb, kernel] = last.split(' ').map(Number);
      await rm(rssFile, { force: true });
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4000)}`));
      else resolve({ ms, rss: (kb ?? 0) * 1024, kernel: kernel ?? 0 });
    });
  });
}

interface Contender {
  name: string;
  /** The command that builds into `out`. */
  build: (out: string) => { command: string; args: string[]; cwd: string };
  /** Where its output folders go: one for each run. */
  outs: string;
  results: Run[];
}

/**
 * Lets the disk write what the last build left in memory, so that it is not timed in the next.
 * Nothing is deleted between builds: on this machine's ext4 (mounted with discard), making
 * 10,000 folders and files right after as many were deleted costs six times the kernel time it
 * does on a disk left alone (3.1 s against 0.5 s, measured with a plain loop of mkdir and
 * writeFile), and it takes minutes to come back, so every build would be timed partly on the
 * deletions before it, by a different amount each time.
 */
async function settle(): Promise<void> {
  spawnSync('sync');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

/** Stands for the output folder in another generator's command, until a run chooses it. */
const OUT_MARK = '@OUT@';

const SETTLE_MS = Number(process.env.SCALE_BENCH_SETTLE_MS ?? 3000);

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

export async function benchScale(args: string[]): Promise<void> {
  const runs = Number(option(args, '--runs') ?? 2);
  const workers = option(args, '--workers');
  const counts = args
    .filter((arg, at) => /^\d+$/.test(arg) && !['--runs', '--workers', '--baseline'].includes(args[at - 1] ?? ''))
    .map(Number);
  if (counts.length === 0) counts.push(1000, 10000);
  const compare = args.includes('--compare');
  const hasHugo = spawnSync('hugo', ['version']).status === 0;
  const others = compare ? otherGenerators(hasHugo) : [];
  if (compare && others.length < 2)
    console.log('(Hugo or Eleventy missing: `apt-get install -y hugo`; Eleventy 3.1.7 in $CLUBSITE_ELEVENTY)');
  const baseline = option(args, '--baseline');
  const builds = [
    ...(baseline
      ? [{ name: `clubsite at ${path.basename(baseline)} (baseline)`, root: path.resolve(baseline), flags: [] }]
      : []),
    // A cold build: without --no-cache every build after the first takes its pages from the page cache.
    { name: `clubsite${workers ? ` (--workers ${workers})` : ''}`, root: projectRoot, flags: ['--no-cache'] },
  ];
  const rows: Array<Array<string | number>> = [
    ['generator', 'pages', 'wall (median)', 'pages/s', 'peak RSS', 'kernel time'],
  ];
  const walls = new Map<string, number>();
  const row = (name: string, count: number, results: Run[]) => {
    const wall = median(results.map((run) => run.ms));
    walls.set(`${name} ${count}`, wall);
    rows.push([
      name,
      count,
      `${(wall / 1000).toFixed(2)} s`,
      Math.round((count / wall) * 1000),
      mb(median(results.map((run) => run.rss))),
      `${median(results.map((run) => run.kernel)).toFixed(2)} s`,
    ]);
  };
  // Every project and output stays until the end (settle()); then all are removed.
  const removals: Array<() => Promise<void>> = [];
  try {
    for (const count of counts) {
      // Every generator's site is written first; then the builds take turns, round by round, so
      // that a slow spell of the machine falls on all of them rather than on one.
      const contenders: Contender[] = [];
      for (const { name, root, flags: own } of builds) {
        const project = await copyProject(root);
        removals.push(project.remove);
        const flags = [...own, ...(workers ? ['--workers', workers] : [])];
        contenders.push({
          name,
          build: (out) => ({
            command: process.execPath,
            args: [path.join(root, 'bin/clubsite.js'), 'build', '--out', out, ...flags],
            cwd: project.root,
          }),
          outs: project.root,
          results: [],
        });
        await writeSyntheticPages(path.join(project.contentDir, 'pages'), count);
      }
      for (const other of others) {
        const dir = path.join(os.tmpdir(), `clubsite-scale-${other.name.split(' ')[0]}-${count}-${process.pid}`);
        removals.push(() => rm(dir, { recursive: true, force: true }));
        const { command, args } = await other.prepare(dir, count, OUT_MARK);
        contenders.push({
          name: other.name,
          build: (out) => ({ command, args: args.map((arg) => arg.replace(OUT_MARK, out)), cwd: dir }),
          outs: dir,
          results: [],
        });
      }
      // Run −1 is not timed: it fills what any earlier build leaves behind (clubsite's bundled
      // code and processed photos under node_modules/.cache, each generator's files in the
      // system's cache), which a fresh checkout's first build would otherwise be timed on.
      for (let run = -1; run < runs; run += 1) {
        for (const contender of contenders) {
          await settle();
          const { command, args, cwd } = contender.build(path.join(contender.outs, `out-${run + 1}`));
          const result = await measure(command, args, cwd);
          if (run >= 0) contender.results.push(result);
        }
      }
      for (const contender of contenders) row(contender.name, count, contender.results);
    }
  } finally {
    for (const remove of removals) await remove();
  }
  console.log(`${os.availableParallelism()} cores, ${runs} run(s) each, cold process per build`);
  printTable(rows);
  // Linear means 10× the pages take about 10× the time (the issue allows 12×).
  const name = `clubsite${workers ? ` (--workers ${workers})` : ''}`;
  const small = walls.get(`${name} 1000`);
  const large = walls.get(`${name} 10000`);
  if (small && large) console.log(`clubsite 10,000 pages / 1,000 pages: ${(large / small).toFixed(1)}× the time`);
}
