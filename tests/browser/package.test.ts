/**
 * Issue 29 and 44, as a new user would do it: `npm pack` of the project, then README.md's
 * commands for another club, as they are written there, in an empty folder outside the
 * repository (npx installs the tarball; `clubsite new` keeps a copy of it in the new site's
 * vendor/; `npm install`), then check, the site's own `tsc --noEmit` and dev (a page served and
 * reloaded after a save, in Chromium). The new site committed and cloned as CI clones it, its
 * workflow's `npm ci` lines pass there, and preview serves what they built. A site made from a
 * git repository (`git+file://`, as from GitHub) keeps the same tarball. The mini site, whose
 * folders have names of its own, is built, checked and served, and its `schema` written. Last,
 * the mini site copied with its node_modules: the copy runs a generator made from its own files,
 * and the pages of both run in Chromium without errors.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { temporaryModuleCache } from '../../generator/typescript-module.js';
import { field, openAdmin } from '../support/admin-driver.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import {
  anotherClubsCommands,
  command,
  type Outcome,
  npmInstall,
  outsideFolder,
  packedTool,
  removeNpxInstall,
  serve,
} from '../support/packed-tool.ts';
import { projectRoot } from '../support/site-build.ts';

const NOW = '2025-12-10T18:00';
let tarball: string;
let place: Awaited<ReturnType<typeof outsideFolder>>;
let browser: Browser;
let gitSpec: string | undefined;
const at = (...parts: string[]) => path.join(place.dir, ...parts);
const npx = (cwd: string, ...args: string[]) => command('npx', args, cwd);
// npm's cache as a test run has it (the packages are the repository's own): no command is changed.
const CACHED = { npm_config_prefer_offline: 'true' };
const git = (cwd: string, ...args: string[]) =>
  command('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.no', ...args], cwd);
/** `npx <git+file:// spec> new viagit`, as from GitHub, started in beforeAll beside the other installs (its test reads it). */
let fromGit: Promise<Outcome>;

/** The packed tool as a git repository, and `clubsite new viagit` run from it by npx in an empty folder. */
async function newFromGit(): Promise<Outcome> {
  await mkdir(at('repo'));
  await mkdir(at('git-empty'));
  const steps: Array<[string, string[]]> = [
    ['tar', ['-xzf', tarball, '--strip-components=1', '-C', at('repo')]],
    ...[
      ['init', '-q'],
      ['add', '-A'],
      ['commit', '-qm', 'clubsite'],
    ].map((args): [string, string[]] => ['git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.no', ...args]]),
  ];
  for (const [file, args] of steps) {
    const outcome = await command(file, args, at('repo'));
    if (outcome.code !== 0) return { ...outcome, stderr: `${file} ${args.join(' ')}: ${outcome.stderr}` };
  }
  gitSpec = `git+file://${at('repo')}`;
  return command('npx', ['--yes', gitSpec, 'new', 'viagit'], at('git-empty'), CACHED);
}

/** What a tarball holds, by path. */
const listing = async (file: string) => (await command('tar', ['-tzf', file], path.dirname(file))).stdout.trim();

beforeAll(async () => {
  [tarball, place, browser] = await Promise.all([packedTool(), outsideFolder('package'), launchBrowser()]);
  // The projects are installed at once: npm waits for the disk and the cache more than for a core.
  fromGit = newFromGit().catch((error: unknown) => ({ code: 1, stdout: '', stderr: String(error) }));
  await Promise.all([
    fromGit,
    (async () => {
      // The tarball `npm pack` made, alone in an empty folder, and the README's lines run there as
      // they are written; the last one, `npx clubsite dev`, serves until it is stopped: the test starts it.
      await mkdir(at('empty'));
      await cp(tarball, at('empty', path.basename(tarball)));
      const lines = await anotherClubsCommands();
      expect(lines[0], 'README.md names the tarball npm pack makes').toContain(` ./${path.basename(tarball)} `);
      expect(lines.at(-1)).toBe('npx clubsite dev');
      const made = await command('sh', ['-c', ['set -e', ...lines.slice(0, -1)].join('\n')], at('empty'), CACHED);
      if (made.code !== 0) throw new Error(`README.md's commands for another club failed:\n${made.stderr}`);
    })(),
    (async () => {
      await cp(path.join(projectRoot, 'tests/build/fixtures/mini'), at('mini'), { recursive: true });
      const manifest = JSON.parse(await readFile(at('mini/package.json'), 'utf8'));
      manifest.dependencies.clubsite = `file:${tarball}`;
      await writeFile(at('mini/package.json'), JSON.stringify(manifest, null, 2));
      await npmInstall(at('mini'));
    })(),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (gitSpec) await removeNpxInstall(gitSpec);
  // clubsite new ran where there were no node_modules: its generator was made in the temporary folder.
  for (const dir of ['empty', 'git-empty']) await rm(temporaryModuleCache(at(dir)), { recursive: true, force: true });
  await place?.remove();
});

/** Builds, checks and type-checks the project in `dir`: each exits 0. */
async function buildsAndChecks(dir: string): Promise<void> {
  for (const args of [
    ['clubsite', 'build', '--now', NOW],
    ['clubsite', 'check', '--now', NOW],
    ['tsc', '--noEmit'],
  ]) {
    const outcome = await npx(dir, ...args);
    expect(outcome.code, `${args.join(' ')}:\n${outcome.stdout}${outcome.stderr}`).toBe(0);
  }
}

/**
 * `clubsite dev`: the page is served, and the open page reloads by itself with a saved change;
 * with `admin`, /admin/ signs in and opens a new post's form with its Markdown editor (a chunk
 * the bundle loads from beside itself), with no error: Decap CMS's dist/ needs none of the
 * packages the site replaced with an empty one.
 */
async function devReloads(dir: string, page: string, file: string, admin = false): Promise<void> {
  const dev = await serve(dir, ['dev', '--now', NOW]);
  const opened = await openPage(browser, { baseURL: dev.url });
  try {
    await opened.page.goto(page);
    const text = await readFile(path.join(dir, file), 'utf8');
    await writeFile(path.join(dir, file), `${text}\nLagret mens dev kjører.\n`);
    await opened.page.getByText('Lagret mens dev kjører.').waitFor({ timeout: 30_000 });
    expect(opened.problems).toEqual([]);
    if (admin) {
      const editor = await openAdmin(browser, dev.url);
      try {
        await editor.open('collections/news/new');
        await field(editor.page, 'title').fill('Sommeravslutning');
        await editor.page.locator('[contenteditable=true]').first().waitFor();
        expect(editor.problems).toEqual([]);
      } finally {
        await editor.close();
      }
    }
  } finally {
    await opened.context.close();
    await dev.stop();
  }
}

/** `clubsite preview` serves what build wrote, as a host would: the page, and 404.html with status 404. */
async function previews(dir: string, heading: string): Promise<void> {
  const preview = await serve(dir, ['preview']);
  try {
    const home = await fetch(`${preview.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(heading);
    expect((await fetch(`${preview.url}/finnes-ikke/`)).status).toBe(404);
  } finally {
    await preview.stop();
  }
}

describe("README.md's commands for another club, and the site they make", () => {
  test('the site depends on the tarball in its own vendor/ (no registry), checks, type-checks, runs under dev', async () => {
    // npm, npx and clubsite run on the Node that runs the tests (the workflow runs them on 20, 22 and 24).
    expect((await command('node', ['--version'], at('empty/minklubb'))).stdout.trim()).toBe(process.version);
    const vendored = `vendor/${path.basename(tarball)}`;
    const manifest = JSON.parse(await readFile(at('empty/minklubb/package.json'), 'utf8'));
    expect(manifest.dependencies.clubsite).toBe(`file:${vendored}`);
    // The very tarball npm pack made, byte for byte, and npm installed it from there.
    expect(await readFile(at('empty/minklubb', vendored))).toEqual(await readFile(tarball));
    const lock = JSON.parse(await readFile(at('empty/minklubb/package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/clubsite'].resolved).toBe(`file:${vendored}`);
    // What only building Decap CMS's bundle needs is an empty package: its sources, its loaders.
    const decap = JSON.parse(await readFile(at('empty/minklubb/node_modules/decap-cms/package.json'), 'utf8'));
    for (const name of Object.keys(decap.dependencies).filter((name) => !/^react(-dom)?$/.test(name)))
      expect(lock.packages[`node_modules/${name}`]?.name, name).toBe('empty-npm-package');
    expect(lock.packages['node_modules/react']).toMatchObject({ version: manifest.dependencies.react });
    expect(lock.packages['node_modules/react']).not.toHaveProperty('name');
    for (const args of [
      ['clubsite', 'check', '--now', NOW],
      ['tsc', '--noEmit'],
    ]) {
      const outcome = await npx(at('empty/minklubb'), ...args);
      expect(outcome.code, `${args.join(' ')}:\n${outcome.stdout}${outcome.stderr}`).toBe(0);
    }
    await devReloads(at('empty/minklubb'), '/om/', 'content/pages/om.md', true);
  }, 180_000);

  test("committed and cloned as CI clones it: its workflow's npm ci lines pass, and preview serves what they built", async () => {
    for (const args of [
      ['init', '-q', '-b', 'main'],
      ['add', '-A'],
      ['commit', '-qm', 'Min klubb'],
    ]) {
      const outcome = await git(at('empty/minklubb'), ...args);
      expect(outcome.code, outcome.stderr).toBe(0);
    }
    const tracked = (await git(at('empty/minklubb'), 'ls-files')).stdout.split('\n');
    expect(tracked).toEqual(expect.arrayContaining([`vendor/${path.basename(tarball)}`, 'package-lock.json']));
    expect(tracked.filter((file) => /^(node_modules|dist|\.clubsite)\//.test(file))).toEqual([]);
    const cloned = await git(place.dir, 'clone', '-q', at('empty/minklubb'), at('minklubb-ci'));
    expect(cloned.code, cloned.stderr).toBe(0);
    const workflow = parse(await readFile(at('minklubb-ci/.github/workflows/site.yml'), 'utf8')) as {
      env?: Record<string, string>;
      jobs: Record<string, { steps: Array<{ run?: string }> }>;
    };
    const lines = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.flatMap((step) => (step.run?.startsWith('npm ci') ? [step.run.trim()] : [])),
    );
    expect(lines).toEqual(expect.arrayContaining(['npm ci && npx clubsite check', 'npm ci && npx clubsite build']));
    for (const line of lines) {
      const outcome = await command('sh', ['-c', line], at('minklubb-ci'), { ...CACHED, ...workflow.env });
      expect(outcome.code, `${line}:\n${outcome.stdout}${outcome.stderr}`).toBe(0);
    }
    await previews(at('minklubb-ci'), 'Velkommen til Min klubb');
  }, 180_000);

  test('made from a git repository (git+file://, as from GitHub): the same tarball in vendor/', async () => {
    // npm packs a git dependency as it is, unless a script asks it to install every devDependency first.
    const { scripts } = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'));
    for (const name of ['build', 'prepare', 'prepack', 'preinstall', 'install', 'postinstall'])
      expect(scripts, name).not.toHaveProperty(name);
    const made = await fromGit;
    expect(made.code, made.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(at('git-empty/viagit/package.json'), 'utf8'));
    const vendored = `vendor/${path.basename(tarball)}`;
    expect(manifest.dependencies.clubsite).toBe(`file:${vendored}`);
    expect(await listing(at('git-empty/viagit', vendored))).toBe(await listing(tarball));
  }, 180_000);
});

describe('the mini site, an outside project with folders of its own', () => {
  test('builds into public/, checks, type-checks, writes its schemas into data/, runs under dev and preview', async () => {
    await buildsAndChecks(at('mini'));
    const schema = await npx(at('mini'), 'clubsite', 'schema');
    expect(schema.stdout).toMatch(
      /^\d+ schemas in data\/\.schemas, all up to date|^\d+ schemas in data\/\.schemas; written/,
    );
    await devReloads(at('mini'), '/om/', 'data/routes/om.md');
    await previews(at('mini'), '<h1>Home</h1>');
  }, 180_000);
});

describe('a project copied with its node_modules', () => {
  test('the copy runs a generator of its own files, and the pages of both run in Chromium without errors', async () => {
    await cp(at('mini'), at('mini-copy'), { recursive: true, verbatimSymlinks: true });
    // The copy's tool says which copy it is on every page with an island.
    const runtime = at('mini-copy/node_modules/clubsite/client/browser/island-runtime.ts');
    await writeFile(runtime, `${await readFile(runtime, 'utf8')}\ndocument.documentElement.dataset.copy = 'yes';\n`);
    const built = await npx(at('mini-copy'), 'clubsite', 'build', '--now', NOW);
    expect(built.code, built.stderr).toBe(0);
    const stamps = JSON.parse(await readFile(at('mini-copy/node_modules/.cache/clubsite/cli.inputs.json'), 'utf8'));
    const copy = await realpath(at('mini-copy'));
    expect(stamps.project).toBe(copy);
    for (const [input] of stamps.inputs as Array<[string, string]>) expect(input.startsWith(`${copy}/`)).toBe(true);
    for (const [project, copy] of [
      ['mini', false],
      ['mini-copy', true],
    ] as const) {
      const preview = await serve(at(project), ['preview']);
      const opened = await openPage(browser, { baseURL: preview.url });
      try {
        await opened.page.goto('/events/');
        const counter = opened.page.getByRole('button', { name: /Events: 2/ });
        await counter.click();
        await opened.page.getByRole('button', { name: 'Events: 3' }).waitFor();
        await opened.page.goto('/find/?q=autumn');
        await opened.page.getByRole('link', { name: 'Events' }).waitFor();
        expect(await opened.page.evaluate(() => document.documentElement.dataset.copy)).toBe(copy ? 'yes' : undefined);
        expect(opened.problems, project).toEqual([]);
      } finally {
        await opened.context.close();
        await preview.stop();
      }
    }
  }, 180_000);
});

// A read-only node_modules needs root here (a private mount namespace); elsewhere this is skipped.
const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;

describe('a project whose node_modules is read-only', () => {
  test.skipIf(!canMount)(
    'builds: the generator is made in a folder of its own in the temporary folder',
    async () => {
      const dir = at('empty/minklubb');
      await rm(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
      const elsewhere = temporaryModuleCache(dir);
      await rm(elsewhere, { recursive: true, force: true });
      const script = `set -e; mount --bind node_modules node_modules; mount -o remount,bind,ro node_modules; ${process.execPath} node_modules/.bin/clubsite build --now ${NOW} --out ro-dist`;
      const outcome = spawnSync('unshare', ['-m', 'sh', '-c', script], { cwd: dir, encoding: 'utf8' });
      try {
        expect(outcome.status, outcome.stderr).toBe(0);
        // The starter is in Norwegian (lang: nb), and so is what clubsite tells of it.
        expect(outcome.stdout).toMatch(/^\d+ sider → ro-dist på /);
        expect(existsSync(path.join(dir, 'node_modules/.cache'))).toBe(false);
        expect(existsSync(path.join(elsewhere, 'cli.inputs.json'))).toBe(true);
      } finally {
        await rm(elsewhere, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
