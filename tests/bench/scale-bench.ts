/**
 * `npm run bench -- scale N [N…] [--runs R] [--workers W] [--compare] [--baseline DIR]`: the club site with N
 * synthetic pages added (synthetic-pages.ts), in a temporary copy, built cold by `clubsite build`
 * in a child process; wall time, pages per second and the child's peak RSS (GNU time). With
 * --compare, Hugo and Eleventy build the same Markdown in the same run (other-generators.ts).
 * With --baseline, the clubsite checked out in DIR (an earlier commit, `npm ci` done) builds
 * its own site with the same pages, in the same run: a before-and-after. The median of R runs
 * (default 2) is printed.
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
    for (const { name, root } of builds) {
      const project = await copyProject(root);
      try {
        await writeSyntheticPages(path.join(project.contentDir, 'pages'), count);
        const out = path.join(project.root, 'dist');
        const results: Run[] = [];
        for (let run = 0; run < runs; run += 1) {
          await rm(out, { recursive: true, force: true });
          const flags = workers ? ['--workers', workers] : [];
          const command = [path.join(root, 'bin/clubsite.js'), 'build', '--out', out, ...flags];
          results.push(await measure(process.execPath, command, project.root));
        }
        row(name, count, results);
      } finally {
        await project.remove();
      }
    }
    for (const other of others) {
      const dir = path.join(os.tmpdir(), `clubsite-scale-${other.name.split(' ')[0]}-${process.pid}`);
      try {
        const out = path.join(dir, 'public');
        const { command, args: otherArgs, cwd } = await other.prepare(dir, count, out);
        const results: Run[] = [];
        for (let run = 0; run < runs; run += 1) {
          await rm(out, { recursive: true, force: true });
          results.push(await measure(command, otherArgs, cwd));
        }
        row(other.name, count, results);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
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
