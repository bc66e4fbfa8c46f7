/**
 * `npm run bench -- incremental [N…] [--runs R] [--posts P]`: what `clubsite build` costs when
 * it is not the first build, on the club site with N synthetic pages (default 1,000 and
 * 10,000) in a temporary copy (TMPDIR=/mnt/ram for a RAM disk), each build a whole process:
 *
 * - cold: `--no-cache`, every page rendered;
 * - one edit: one page's text changed, then a build;
 * - nothing changed, page cache only: the last build's record removed, so every page is looked up;
 * - nothing changed: the output folder left as it was (pipeline/last-build.ts);
 * - nightly: the clock a day later and nothing else (December: the calendar's door turns);
 * - a post added: a news post written on a site that has P posts (default 2,000) besides the N pages.
 *
 * Hugo and Eleventy build the same Markdown in the same run (other-generators.ts); neither
 * keeps anything between runs, so each of their builds is a cold one, whatever changed. The
 * median, fastest and slowest of R runs (default 3) are printed, with the pages clubsite
 * rendered (from its summary line).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { projectRoot } from '../support/site-build.ts';
import { otherGenerators } from './other-generators.ts';
import { syntheticName, SYNTHETIC_FOLDER, writeSyntheticPages } from './synthetic-pages.ts';
import { median, printTable } from './table.ts';

const NOW = Date.parse('2025-12-10T17:00:00Z');
const DAY = 86_400_000;

interface Timed {
  ms: number;
  stdout: string;
}

function timed(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CLUBSITE_NOW: new Date(NOW).toISOString(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4000)}`));
      else resolve({ ms, stdout });
    });
  });
}

/** `12 rendered, 9988 reused` from a clubsite summary (`12 laget på nytt, 9988 gjenbrukt` for the club's), or every page for a build without a cache. */
const renderedOf = (stdout: string) => {
  const counted = /(\d+) (?:rendered|laget på nytt), \d+ (?:reused|gjenbrukt)/.exec(stdout)?.[1];
  return counted ?? /^(\d+) (?:pages|sider)/.exec(stdout)?.[1] ?? '?';
};

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

type Row = Array<string | number>;

function row(generator: string, pages: number, scenario: string, results: Timed[], rendered: string): Row {
  const walls = results.map((result) => result.ms);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [generator, pages, scenario, s(median(walls)), `${s(Math.min(...walls))}–${s(Math.max(...walls))}`, rendered];
}

/** The post written in run `run`: an hour before the build's clock, so it is published. */
function post(run: number, now: number): [string, string] {
  const at = new Date(now - 3_600_000);
  const day = at.toISOString().slice(0, 10);
  return [
    `${day}-benk-nyhet-${run}.md`,
    [
      '---',
      `title: Nyhet ${run} skrevet under målingen`,
      'description: En nyhet lagt til for å måle hva en ny nyhet koster.',
      `date: ${day} 08:00`,
      'tags: [svømming]',
      '---',
      '',
      `Nyhet ${run} fra bassenget, med en lenke til [svømmekurs](/kurs).`,
      '',
    ].join('\n'),
  ];
}

/** P posts over the two years before the clock, a tag on every other one. */
async function writePosts(project: DevProject, count: number): Promise<void> {
  const folder = path.join(project.contentDir, 'nyheter');
  await mkdir(folder, { recursive: true });
  for (let start = 0; start < count; start += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - start) }, (_, offset) => {
        const n = start + offset;
        const day = new Date(NOW - (n + 2) * (DAY / 3)).toISOString().slice(0, 10);
        const text = [
          '---',
          `title: Arkivnyhet ${n}`,
          `description: Nyhet ${n} i arkivet.`,
          `date: ${day}`,
          ...(n % 2 === 0 ? ['tags: [stevner]'] : []),
          '---',
          '',
          `Arkivnyhet ${n}: resultater, treninger og dugnad.`,
          '',
        ].join('\n');
        return writeFile(path.join(folder, `${day}-arkiv-${n}.md`), text);
      }),
    );
  }
}

/** Waits until every file written is older than a build vouches for (pipeline/last-build.ts: 2 s). */
async function letSettle(file: string): Promise<void> {
  const { ctimeMs } = await stat(file);
  while (Date.now() < ctimeMs + 2100) await sleep(100);
}

export async function benchIncremental(args: string[]): Promise<void> {
  const runs = Number(option(args, '--runs') ?? 3);
  const posts = Number(option(args, '--posts') ?? 2000);
  const counts = args
    .filter((arg, at) => /^\d+$/.test(arg) && !['--runs', '--posts'].includes(args[at - 1] ?? ''))
    .map(Number);
  if (counts.length === 0) counts.push(1000, 10000);
  const others = otherGenerators(spawnSync('hugo', ['version']).status === 0);
  const rows: Row[] = [['generator', 'pages', 'case', 'wall (median)', 'fastest–slowest', 'pages rendered']];
  const cli = path.join(projectRoot, 'bin/clubsite.js');
  const removals: Array<() => Promise<unknown>> = [];
  try {
    for (const count of counts) {
      const project = await copyProject(projectRoot);
      removals.push(project.remove);
      await writeSyntheticPages(path.join(project.contentDir, 'pages'), count);
      const clubsite = (env: Record<string, string> = {}, ...flags: string[]) =>
        timed(process.execPath, [cli, 'build', ...flags], project.root, env);
      const series = async (
        scenario: string,
        before: (run: number) => Promise<unknown>,
        env = (_run: number) => ({}),
      ) => {
        const results: Timed[] = [];
        for (let run = 0; run < runs; run += 1) {
          await before(run);
          results.push(await clubsite(env(run)));
        }
        const rendered = [...new Set(results.map((result) => renderedOf(result.stdout)))].join(', ');
        rows.push(row('clubsite', count, scenario, results, rendered));
        return results;
      };
      const cold: Timed[] = [];
      await clubsite({}, '--no-cache'); // not timed: fills the bundled code and photo caches
      for (let run = 0; run < runs; run += 1) cold.push(await clubsite({}, '--no-cache'));
      rows.push(row('clubsite', count, 'cold (--no-cache)', cold, String(count + 40)));
      await clubsite(); // fills the page cache
      const edited = path.join(project.contentDir, 'pages', SYNTHETIC_FOLDER, `${syntheticName(count >> 1)}.md`);
      await series('one page edited', (run) =>
        writeFile(edited, `\nEn linje lagt til i måling ${run}.\n`, { flag: 'a' }),
      );
      const record = path.join(project.root, '.clubsite/cache/last-build.json');
      await letSettle(edited);
      await clubsite(); // vouches for the files: records the build
      await series('nothing changed, page cache only', () => rm(record, { force: true }));
      await clubsite();
      await series('nothing changed', async () => {});
      await series(
        'nightly (clock +1 day)',
        async () => {},
        (run) => ({ CLUBSITE_NOW: new Date(NOW + (run + 1) * DAY).toISOString() }),
      );
      for (const other of others) {
        const dir = path.join(os.tmpdir(), `clubsite-incremental-${other.name.split(' ')[0]}-${count}-${process.pid}`);
        removals.push(() => rm(dir, { recursive: true, force: true }));
        const { command, args: otherArgs } = await other.prepare(dir, count, path.join(dir, 'out'));
        const results: Timed[] = [];
        await timed(command, otherArgs, dir);
        for (let run = 0; run < runs; run += 1) results.push(await timed(command, otherArgs, dir));
        rows.push(row(other.name, count, 'any (every build is cold)', results, String(count)));
      }
    }
    if (posts > 0) {
      const project = await copyProject(projectRoot);
      removals.push(project.remove);
      await writePosts(project, posts);
      const build = () => timed(process.execPath, [cli, 'build'], project.root);
      await build();
      const results: Timed[] = [];
      for (let run = 0; run < runs; run += 1) {
        const [name, text] = post(run, NOW);
        await writeFile(path.join(project.contentDir, 'nyheter', name), text);
        results.push(await build());
      }
      const rendered = [...new Set(results.map((result) => renderedOf(result.stdout)))].join(', ');
      rows.push(row('clubsite', posts, `a post added (${posts} posts)`, results, rendered));
    }
  } finally {
    for (const remove of removals) await remove();
  }
  console.log(`${os.availableParallelism()} cores, ${runs} run(s) each, a whole process per build, in ${os.tmpdir()}`);
  printTable(rows);
}
