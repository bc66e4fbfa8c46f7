/**
 * `npm run bench -- scale N [N…] [--runs R] [--workers W] [--compare] [--baseline DIR]`: the club site with N
 * synthetic pages added (synthetic-pages.ts), in a temporary copy, built cold by `clubsite build`
 * in a child process; wall time, pages per second and the child's peak RSS (GNU time). With
 * --compare, Hugo and Eleventy build the same Markdown in the same run (other-generators.ts).
 * With --baseline, the clubsite checked out in DIR (an earlier commit, `npm ci` done) builds
 * its own site with the same pages, in the same run: a before-and-after. The median of R runs
 * (default 2) is printed. The builds of one size take turns (each generator once a round), each
 * after a pause that lets the file system finish deleting the output before it (settle()).
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
}

/** Runs a command under GNU time: wall milliseconds and peak RSS in bytes; throws when it fails. */
function measure(command: string, args: string[], cwd: string): Promise<Run> {
  const rssFile = path.join(os.tmpdir(), `clubsite-scale-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', rssFile, command, ...args], {
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
      const kb = Number((await readFile(rssFile, 'utf8').catch(() => '0')).trim().split('\n').pop());
      await rm(rssFile, { force: true });
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4000)}`));
      else resolve({ ms, rss: kb * 1024 });
    });
  });
}

interface Contender {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  out: string;
  results: Run[];
  remove: () => Promise<void>;
}

/**
 * Waits for the file system to finish with what was just deleted. On this machine's ext4
 * (mounted with discard), creating files right after 10,000 were removed costs up to 25 times
 * the kernel time it does a few seconds later: without the pause, each build would be timed
 * partly on the deletion of the one before it.
 */
async function settle(): Promise<void> {
  spawnSync('sync');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

const SETTLE_MS = Number(process.env.SCALE_BENCH_SETTLE_MS ?? 5000);

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
    ...(baseline ? [{ name: `clubsite at ${path.basename(baseline)} (baseline)`, root: path.resolve(baseline) }] : []),
    { name: `clubsite${workers ? ` (--workers ${workers})` : ''}`, root: projectRoot },
  ];
  const rows: Array<Array<string | number>> = [['generator', 'pages', 'wall (median)', 'pages/s', 'peak RSS']];
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
    ]);
  };
  for (const count of counts) {
    // Every generator's site is written first; then the builds take turns, round by round, so
    // that a slow spell of the machine falls on all of them rather than on one.
    const contenders: Contender[] = [];
    try {
      for (const { name, root } of builds) {
        const project = await copyProject(root);
        const out = path.join(project.root, 'dist');
        const flags = workers ? ['--workers', workers] : [];
        const command = [path.join(root, 'bin/clubsite.js'), 'build', '--out', out, ...flags];
        contenders.push({
          name,
          command: process.execPath,
          args: command,
          cwd: project.root,
          out,
          results: [],
          remove: project.remove,
        });
        await writeSyntheticPages(path.join(project.contentDir, 'pages'), count);
      }
      for (const other of others) {
        const dir = path.join(os.tmpdir(), `clubsite-scale-${other.name.split(' ')[0]}-${process.pid}`);
        const out = path.join(dir, 'public');
        const remove = () => rm(dir, { recursive: true, force: true });
        contenders.push({ name: other.name, ...(await other.prepare(dir, count, out)), out, results: [], remove });
      }
      for (let run = 0; run < runs; run += 1) {
        for (const contender of contenders) {
          await rm(contender.out, { recursive: true, force: true });
          await settle();
          contender.results.push(await measure(contender.command, contender.args, contender.cwd));
        }
      }
      for (const contender of contenders) row(contender.name, count, contender.results);
    } finally {
      for (const contender of contenders) await contender.remove();
    }
  }
  console.log(`${os.availableParallelism()} cores, ${runs} run(s) each, cold process per build`);
  printTable(rows);
  // Linear means 10× the pages take about 10× the time (the issue allows 12×).
  const name = `clubsite${workers ? ` (--workers ${workers})` : ''}`;
  const small = walls.get(`${name} 1000`);
  const large = walls.get(`${name} 10000`);
  if (small && large) console.log(`clubsite 10,000 pages / 1,000 pages: ${(large / small).toFixed(1)}× the time`);
}
