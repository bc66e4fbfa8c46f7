/**
 * Several clubsite commands at once, counting crashes: six `build`s into their own folders,
 * six `build`s into one folder, and `check` beside `build`. They share the module cache in
 * node_modules/.cache/clubsite, and the second case shares dist/ too. Slow (minutes) and not
 * part of `npm run bench` or CI: `node bin/run-ts.js tests/bench/concurrency.ts [rounds] [own|one|check]`
 * (check beside build runs 3 × rounds pairs; name one case to run only that).
 *
 * A run counts as a crash when it exits with anything but 0, except a build that stops
 * because another build is writing the same folder (exit 1 with that message).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { copyProject } from '../support/dev-project.ts';
import { projectRoot } from '../support/site-build.ts';
import { printTable } from './table.ts';

interface Run {
  code: number;
  stderr: string;
}

const cli = path.join(projectRoot, 'bin/clubsite.js');
const env = { ...process.env, CLUBSITE_NOW: '2025-12-10T18:00' };

function clubsite(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
    });
  });
}

const isCrash = (run: Run) => run.code !== 0 && !(run.code === 1 && /another build is writing/i.test(run.stderr));

async function scenario(name: string, rounds: number, commands: (round: number) => string[][], cwd: string) {
  let runs = 0;
  let crashes = 0;
  let stopped = 0;
  const kinds = new Map<string, number>();
  for (let round = 0; round < rounds; round += 1) {
    const results = await Promise.all(commands(round).map((args) => clubsite(args, cwd)));
    for (const result of results) {
      runs += 1;
      if (result.code !== 0 && !isCrash(result)) stopped += 1;
      if (!isCrash(result)) continue;
      crashes += 1;
      const first =
        result.stderr.split('\n').find((line) => /Error|✖/.test(line)) ?? result.stderr.split('\n')[0] ?? '';
      kinds.set(first.trim().slice(0, 100), (kinds.get(first.trim().slice(0, 100)) ?? 0) + 1);
    }
  }
  return { name, runs, crashes, stopped, kinds };
}

const rounds = Number(process.argv[2] ?? 30);
const only = process.argv[3];
const project = await copyProject();
try {
  const cases: Array<[string, string, number, (round: number) => string[][]]> = [
    [
      'own',
      '6 builds, each into its own folder',
      rounds,
      (round) => Array.from({ length: 6 }, (_, i) => ['build', '--out', `out-${round}-${i}`]),
    ],
    ['one', '6 builds into one folder (dist/)', rounds, () => Array.from({ length: 6 }, () => ['build'])],
    ['check', 'check beside build', rounds * 3, () => [['check'], ['build', '--out', 'dist-check']]],
  ];
  const results = [];
  for (const [key, name, count, commands] of cases) {
    if (!only || only === key) results.push(await scenario(name, count, commands, project.root));
  }
  printTable([
    ['commands at once', 'runs', 'crashes', 'stopped: another build'],
    ...results.map((r) => [r.name, r.runs, r.crashes, r.stopped]),
  ]);
  for (const result of results)
    for (const [kind, count] of result.kinds) console.log(`  ${result.name}: ${count} × ${kind}`);
} finally {
  await project.remove();
}
