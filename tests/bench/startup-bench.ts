/**
 * `npm run bench -- startup [--runs N] [--baseline DIR]`: how long `clubsite --help` and
 * `clubsite --version` take against a bare `node -e 0`, each started as a new process, the
 * commands taking turns run by run (so a burst of load on the shared machine falls on all of
 * them). The launcher's module is made once before timing, as any earlier run would have.
 * With --baseline, the clubsite checked out in DIR (an earlier commit, `npm ci` done) runs the
 * same commands in the same rounds: a before-and-after.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../support/site-build.ts';
import { median, ms, printTable } from './table.ts';

interface Command {
  name: string;
  args: string[];
  times: number[];
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Wall milliseconds of one run, from spawn to exit; throws when it fails. */
function timeRun(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const elapsed = performance.now() - start;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}:\n${run.stderr}`);
  return elapsed;
}

export async function benchStartup(args: string[]): Promise<void> {
  const runs = Number(option(args, '--runs') ?? 20);
  const baseline = option(args, '--baseline');
  const launchers: Array<[string, string]> = [
    ['', path.join(projectRoot, 'bin/clubsite.js')],
    ...(baseline ? [[' (baseline)', path.join(path.resolve(baseline), 'bin/clubsite.js')] as [string, string]] : []),
  ];
  const commands: Command[] = [
    { name: 'node -e 0', args: ['-e', '0'], times: [] },
    ...launchers.flatMap(([label, bin]) => [
      { name: `clubsite --help${label}`, args: [bin, '--help'], times: [] },
      { name: `clubsite --version${label}`, args: [bin, '--version'], times: [] },
    ]),
  ];
  for (const command of commands) timeRun(command.args);
  for (let run = 0; run < runs; run += 1) {
    for (const command of commands) command.times.push(timeRun(command.args));
  }
  const bare = median(commands[0]?.times ?? []);
  console.log(`${runs} runs each, taking turns; median and fastest wall time from spawn to exit.`);
  printTable([
    ['command', 'median', 'fastest', 'slowest', 'over node -e 0 (median)'],
    ...commands.map((command) => [
      command.name,
      ms(median(command.times)),
      ms(Math.min(...command.times)),
      ms(Math.max(...command.times)),
      ms(median(command.times) - bare),
    ]),
  ]);
}
