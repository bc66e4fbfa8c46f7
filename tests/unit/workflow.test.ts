// The GitHub workflow is the club's nightly rebuild: if its cron lines or its guard drift, the
// calendar's door of the day goes stale without anyone noticing. This reads the workflow as
// GitHub does (YAML), plays its schedule over two whole years through the real guard script,
// and checks that the test job runs exactly what README.md tells a new user to run.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../support/site-build.ts';

const run = promisify(execFile);
const guardScript = path.join(projectRoot, '.github/scripts/oslo-hour.mjs');

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  container?: string;
  steps?: Step[];
  outputs?: Record<string, string>;
  permissions?: Record<string, string>;
}
interface Workflow {
  on: { schedule: Array<{ cron: string }>; push?: unknown; pull_request?: unknown; workflow_dispatch?: unknown };
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

async function workflow(): Promise<Workflow> {
  return parse(await readFile(path.join(projectRoot, '.github/workflows/site.yml'), 'utf8')) as Workflow;
}

/** The guard's decision for each instant, from the real script (one process for all). */
async function guard(instants: Date[], env: Record<string, string> = {}): Promise<boolean[]> {
  const { stdout } = await run(process.execPath, [guardScript, ...instants.map((instant) => instant.toISOString())], {
    env: { ...process.env, ...env },
  });
  return stdout
    .trim()
    .split('\n')
    .map((line) => line === 'run=true');
}

/** Every instant in [from, to) UTC at which a five-field cron line (numbers and * only) fires. */
function cronInstants(line: string, from: Date, to: Date): Date[] {
  const [minute, hour, day, month, weekday] = line.split(' ');
  const matches = (field: string | undefined, value: number) => field === '*' || Number(field) === value;
  const instants: Date[] = [];
  for (let time = from.getTime(); time < to.getTime(); time += 86_400_000) {
    const date = new Date(time);
    if (
      matches(day, date.getUTCDate()) &&
      matches(month, date.getUTCMonth() + 1) &&
      matches(weekday, date.getUTCDay())
    ) {
      instants.push(
        new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), Number(hour), Number(minute))),
      );
    }
  }
  return instants;
}

const oslo = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo', dateStyle: 'short', timeStyle: 'short' });

/** README.md's first sh block: the commands a new user runs. */
async function readmeCommands(): Promise<string[]> {
  const readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

describe('the GitHub workflow (.github/workflows/site.yml)', () => {
  test('cron lines for 00:05 in Oslo in summer and winter time, and 20:10 in December', async () => {
    const { on } = await workflow();
    expect(on.schedule.map((entry) => entry.cron)).toEqual(['5 22 * * *', '5 23 * * *', '10 19 * 12 *']);
    expect(on).toHaveProperty('workflow_dispatch');
    expect(on).toHaveProperty('push');
    expect(on).toHaveProperty('pull_request');
  });

  test('schedule plus guard build once a night at 00:05 in Oslo, and at 20:10 every day of December, over two years of clock changes', async () => {
    const { on } = await workflow();
    const from = new Date('2025-01-01T00:00:00Z');
    const to = new Date('2027-01-01T00:00:00Z');
    const fired = on.schedule.flatMap((entry) => cronInstants(entry.cron, from, to));
    const decisions = await guard(fired);
    const built = fired.filter((_, index) => decisions[index]).map((instant) => oslo.format(instant));

    const expected: string[] = [];
    for (let time = Date.UTC(2025, 0, 2); time <= Date.UTC(2027, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expected.push(`${day} 00:05`);
      if (day.slice(5, 7) === '12') expected.push(`${day} 20:10`);
    }
    expect(built.sort()).toEqual(expected.sort());
  });

  test('the guard script, fixed dates in summer and winter; anything but a scheduled run always builds', async () => {
    expect(await guard([new Date('2025-07-01T22:05:00Z'), new Date('2025-07-01T23:05:00Z')])).toEqual([true, false]);
    expect(await guard([new Date('2025-01-15T22:05:00Z'), new Date('2025-01-15T23:05:00Z')])).toEqual([false, true]);
    expect(await guard([new Date('2025-12-10T19:10:00Z'), new Date('2025-11-10T19:10:00Z')])).toEqual([true, false]);
    // A scheduled run late by 40 minutes still builds; by the next hour it does not.
    expect(await guard([new Date('2025-07-01T22:45:00Z'), new Date('2025-07-01T23:45:00Z')])).toEqual([true, false]);
    const byHand = await run(process.execPath, [guardScript], {
      env: { ...process.env, GITHUB_EVENT_NAME: 'workflow_dispatch' },
    });
    expect(byHand.stdout).toBe('run=true\n');
    expect(byHand.stderr).toMatch(
      /^Clock: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z = \d{4}-\d\d-\d\d \d\d:\d\d in Europe\/Oslo: build\n$/,
    );
  });

  test('the build job runs the guard first, and nothing is built or deployed when it says no', async () => {
    const { jobs } = await workflow();
    const steps = jobs.build?.steps ?? [];
    const guardStep = steps.find((step) => step.id === 'guard');
    expect(guardStep?.run).toBe('node .github/scripts/oslo-hour.mjs >> "$GITHUB_OUTPUT"');
    for (const step of steps.slice(steps.indexOf(guardStep!) + 1))
      expect(step.if).toBe("steps.guard.outputs.run == 'true'");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a JavaScript template.
    expect(jobs.build?.outputs?.run).toBe('${{ steps.guard.outputs.run }}');
    expect(jobs.deploy?.if).toContain("needs.build.outputs.run == 'true'");
  });

  test('the test job runs the README commands on Debian with Chromium installed as .ci/run does', async () => {
    const { jobs } = await workflow();
    const commands = await readmeCommands();
    expect(commands).toEqual(['npm ci && npx clubsite build', 'npm test']);
    const runs = (jobs.test?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));
    expect(runs.filter((line) => commands.includes(line))).toEqual(commands);
    expect(jobs.test?.container).toMatch(/bookworm|debian/);
    const ci = await readFile(path.join(projectRoot, '.ci/run'), 'utf8');
    expect(ci).toContain('sh tests/support/ensure-chromium.sh');
    expect(runs.indexOf('sh tests/support/ensure-chromium.sh')).toBeLessThan(runs.indexOf(commands[0]!));
    expect(runs.indexOf('sh tests/support/ensure-chromium.sh')).toBeGreaterThanOrEqual(0);
  });

  test('main is built with npm cache and the image cache, and deployed with the Pages actions', async () => {
    const { jobs } = await workflow();
    const build = jobs.build!;
    expect(build.if).toContain("github.ref == 'refs/heads/main'");
    expect(build.if).toContain("github.event_name != 'pull_request'");
    const uses = (job: Job) => (job.steps ?? []).map((step) => step.uses?.replace(/@.*/, ''));
    expect(uses(build)).toEqual(
      expect.arrayContaining([
        'actions/checkout',
        'actions/setup-node',
        'actions/cache',
        'actions/upload-pages-artifact',
      ]),
    );
    expect(build.steps?.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.cache).toBe('npm');
    expect(build.steps?.find((step) => step.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path).toBe(
      'dist',
    );
    expect(build.steps?.some((step) => step.run === 'npm ci && npx clubsite build')).toBe(true);
    expect(uses(jobs.deploy!)).toEqual(['actions/deploy-pages']);
    expect(jobs.deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  });
});
