import { readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../generator/pipeline/build.ts';
import { startDevServer, type DevBuildEvent, type DevServer } from '../../generator/dev/dev-server.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { projectRoot } from '../support/site-build.ts';

let project: DevProject;
let dev: DevServer;
let browser: Browser;
const terminal: string[] = [];
/** Generous: the machine running the tests may be busy; a rebuild normally takes tens of ms. */
const WAIT = 30_000;
const originals = new Map<string, string>();

beforeAll(async () => {
  [project, browser] = await Promise.all([copyProject(), launchBrowser()]);
  dev = await startDevServer({
    root: project.root,
    contentDir: project.contentDir,
    port: 0,
    now: '2025-12-10T18:00',
    log: (line) => terminal.push(line),
  });
  for (const file of [
    'content/pages/om.md',
    'content/pages/kontakt.md',
    'content/menu.yaml',
    'site/styles/base.css',
    'templates/not-found.tsx',
    'templates/training-times.tsx',
    'site/dates.ts',
  ])
    originals.set(file, await readFile(project.at(file), 'utf8'));
});

afterAll(async () => {
  if (process.env.DEV_TEST_LOG) console.log(terminal.join('\n'));
  await browser?.close();
  await dev?.close();
  await project?.remove();
});

/** Fails with a message instead of hanging until the test's own timeout. */
function within<T>(promise: Promise<T>, what: string, ms = WAIT): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const settled = () => within(dev.idle(), 'the dev server never became idle');

/**
 * Closes a page's context once the page has caught up with the last rebuild: closing while
 * the dev server has the page reloading can hang Playwright.
 */
async function finish(page: Page, context: BrowserContext): Promise<void> {
  await settled();
  await page.waitForFunction(
    (revision) => document.querySelector('meta[name="clubsite-revision"]')?.getAttribute('content') === revision,
    dev.revision(),
    { timeout: WAIT },
  );
  await page.waitForLoadState('load');
  await within(context.close(), 'closing the browser context');
}

/** The next finished rebuild. */
function nextBuild(timeoutMs = WAIT, wanted: (event: DevBuildEvent) => boolean = () => true): Promise<DevBuildEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no rebuild happened')), timeoutMs);
    const off = dev.onBuild((event) => {
      if (!wanted(event)) return;
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

/**
 * Saves a file of the copy and waits for the rebuild it causes: the first that sent the page
 * something. On a busy machine a build that changed nothing ('none': a second event the watcher
 * gave for the save before, or the look after a build) may come first, and is not this save's.
 */
async function save(file: string, text: string): Promise<DevBuildEvent> {
  const built = nextBuild(WAIT, (event) => event.sent !== 'none');
  await writeFile(project.at(file), text);
  return built;
}

async function restore(file: string): Promise<void> {
  const original = originals.get(file) ?? '';
  if ((await readFile(project.at(file), 'utf8')) !== original) await save(file, original);
  await settled();
}

/** A raw HTTP request: the path is sent exactly as written (a browser would clean up `/../`). */
function raw(
  pathname: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: dev.port, path: pathname, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(WAIT, () => req.destroy(new Error(`timed out: ${method} ${pathname}`)));
    req.end();
  });
}

const withParagraph = (text: string) => `${originals.get('content/pages/om.md')}\n${text}\n`;

describe('clubsite dev', () => {
  test('saving a page shows the new text in the open page without reloading by hand', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/om/');
    await page.getByRole('heading', { level: 1, name: 'Om klubben' }).waitFor();
    const event = await save('content/pages/om.md', withParagraph('Dette avsnittet kom med et lagret dokument.'));
    expect(event.sent).toBe('reload');
    await page.getByText('Dette avsnittet kom med et lagret dokument.').waitFor({ timeout: WAIT });
    expect(
      terminal.some((line) =>
        /content\/pages\/om\.md → sidene lastet på nytt, \d+ fil(?:er)? endret \(\d+ ms\)/.test(line),
      ),
    ).toBe(true);
    await restore('content/pages/om.md');
    await page.getByText('Dette avsnittet kom med et lagret dokument.').waitFor({ state: 'detached', timeout: WAIT });
    expect(problems).toEqual([]);
    await finish(page, context);
  });

  test('a page saved after the search index was made is found by its new word on /search, and no longer by its old one', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    const hitTitles = async (query: string) => {
      // An open page reloads after a rebuild: it has caught up before it is sent elsewhere.
      await settled();
      if (page.url() !== 'about:blank') {
        await page.waitForFunction(
          (revision) => document.querySelector('meta[name="clubsite-revision"]')?.getAttribute('content') === revision,
          dev.revision(),
          { timeout: WAIT },
        );
      }
      await page.goto(`/search/?${new URLSearchParams({ q: query }).toString()}`);
      const status = page.locator('main').getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: WAIT }).not.toBe('');
      await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: WAIT }).toBe(0);
      return page.locator('main .search-hit').getByRole('link').allTextContents();
    };
    // The index is made when /search first asks for it after a save, and is made again after the next.
    await save('content/pages/om.md', withParagraph('Vi arrangerer kveldsbadstevnet hver vår.'));
    expect(await hitTitles('kveldsbadstevnet')).toContain('Om klubben');
    // The page, and its last section, where the paragraph went.
    const found = ['Om klubben', 'Les mer om klubben – Om klubben'];
    const event = await save('content/pages/om.md', withParagraph('Vi arrangerer morgenkappløpet hver vår.'));
    expect(event.sent).toBe('reload');
    expect(await hitTitles('morgenkappløpet')).toEqual(found);
    expect(await hitTitles('kveldsbadstevnet')).toEqual([]);
    expect(await page.locator('main').getByRole('status').textContent()).toBe('Ingen treff.');
    await restore('content/pages/om.md');
    expect(await hitTitles('morgenkappløpet')).toEqual([]);
    expect(problems).toEqual([]);
    await finish(page, context);
  });

  test('a broken menu.yaml shows an overlay naming the file and line over the last good page; fixing it clears it', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/om/');
    const lines = (originals.get('content/menu.yaml') ?? '').split('\n');
    lines.splice(4, 0, '    published: true: nope');
    const event = await save('content/menu.yaml', lines.join('\n'));
    expect(event.sent).toBe('problems');
    const overlay = page.locator('clubsite-dev-overlay [role="alert"]');
    await overlay.waitFor({ timeout: WAIT });
    const text = await overlay.innerText();
    // In the club's language, at the start of the line that is not «field: value» (issue 44).
    expect(text).toContain('content/menu.yaml:5:5');
    expect(text).toContain('Denne linjen er ikke «felt: verdi»');
    expect(text).toContain('Tips:');
    // The last good page is still there underneath, and the terminal says the same.
    await expect(page.getByRole('heading', { level: 1, name: 'Om klubben' }).isVisible()).resolves.toBe(true);
    expect(terminal.join('\n')).toContain('✖ content/menu.yaml:5:5');
    // A page opened while the problem is there shows it too.
    const other = await context.newPage();
    await other.goto('/kurs/');
    await other.locator('clubsite-dev-overlay [role="alert"]').waitFor({ timeout: WAIT });
    await other.close();

    await restore('content/menu.yaml');
    await overlay.waitFor({ state: 'detached', timeout: WAIT });
    await expect(page.getByRole('heading', { level: 1, name: 'Om klubben' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Meny' }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await finish(page, context);
  });

  test('a stylesheet-only change swaps the stylesheet without reloading the page', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/om/');
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    await page.evaluate(() => Object.assign(window, { stillHere: 'ja' }));
    const before = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    const event = await save(
      'site/styles/base.css',
      `${originals.get('site/styles/base.css')}\n:root { --dev-test-mark: 7px; }\n`,
    );
    expect(event.sent).toBe('css');
    await page.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--dev-test-mark').trim() === '7px',
      undefined,
      { timeout: WAIT },
    );
    await expect(page.evaluate(() => (window as unknown as { stillHere?: string }).stillHere)).resolves.toBe('ja');
    const after = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    expect(after).not.toBe(before);
    expect(navigations).toBe(0);
    // The new stylesheet is what a fresh load gets too.
    expect(await raw('/om/').then((response) => response.body)).toContain(`href="${after}"`);
    await restore('site/styles/base.css');
    expect(problems).toEqual([]);
    await finish(page, context);
  });

  test('a template change re-renders with the new code; a syntax error in it shows in the overlay until fixed', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/finnes-ikke/');
    const template = originals.get('templates/not-found.tsx') ?? '';
    const changed = await save(
      'templates/not-found.tsx',
      template.replace('Vi finner ikke denne siden', 'Denne siden fant vi ikke'),
    );
    expect(changed.sent).toBe('reload');
    await page.getByRole('heading', { level: 1, name: 'Denne siden fant vi ikke' }).waitFor({ timeout: WAIT });
    const lineOfHeading = template.split('\n').findIndex((line) => line.includes('<h1>')) + 1;
    const broken = await save(
      'templates/not-found.tsx',
      template.replace('<h1>Vi finner ikke denne siden</h1>', '<h1>Vi finner ikke denne siden</h2>'),
    );
    expect(broken.sent).toBe('problems');
    const overlay = page.locator('clubsite-dev-overlay [role="alert"]');
    await overlay.waitFor({ timeout: WAIT });
    expect(await overlay.innerText()).toContain(`templates/not-found.tsx:${lineOfHeading}:`);
    await restore('templates/not-found.tsx');
    await overlay.waitFor({ state: 'detached', timeout: WAIT });
    await page.getByRole('heading', { level: 1, name: 'Vi finner ikke denne siden' }).waitFor({ timeout: WAIT });
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await finish(page, context);
  });

  test("a template that throws is told at the site's own file, line and column, with what it threw and the page, in the overlay and the terminal", async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/treningstider/');
    const template = originals.get('templates/training-times.tsx') ?? '';
    const lineOf = (text: string, part: string) => text.split('\n').findIndex((line) => line.includes(part)) + 1;
    const from = terminal.length;
    // The issue's mistake: a field read under a misspelled name, which the date helper then splits.
    const broken = await save(
      'templates/training-times.tsx',
      template.replace('longDate(times.updated)', 'longDate(times.updatedd)'),
    );
    expect(broken.sent).toBe('problems');
    const overlay = page.locator('clubsite-dev-overlay [role="alert"]');
    await overlay.waitFor({ timeout: WAIT });
    const text = await overlay.innerText();
    const threw = `site/dates.ts:${lineOf(originals.get('site/dates.ts') ?? '', 'isoDate.split')}:`;
    const called = `templates/training-times.tsx:${lineOf(template, 'longDate(times.updated)')}:`;
    for (const part of [
      threw,
      called,
      "Cannot read properties of undefined (reading 'split')",
      'content/pages/treningstider.md',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/bug in clubsite|node_modules/);
    const printed = terminal.slice(from).join('\n');
    expect(printed).toContain(`✖ ${threw}`);
    expect(printed).toContain(called);
    expect(printed).not.toMatch(/bug in clubsite|node_modules|chunk-/);
    await restore('templates/training-times.tsx');
    await overlay.waitFor({ state: 'detached', timeout: WAIT });
    expect(problems).toEqual([]);
    await finish(page, context);
  });

  test('answers as the host does: no file outside the output, GET and HEAD only, redirects and the 404 page', async () => {
    for (const attempt of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/kurs/..%2f..%2fpackage.json',
      '/..%5cpackage.json',
    ]) {
      const response = await raw(attempt);
      expect(response.status, attempt).toBe(404);
      expect(response.body, attempt).toContain('Vi finner ikke denne siden');
      expect(response.body, attempt).not.toContain('"devDependencies"');
    }
    // A page that is a symlink to a file outside the content is not followed.
    const built = nextBuild(3000).catch(() => undefined);
    await symlink(path.join(projectRoot, 'package.json'), project.at('content/pages/hemmelig.md'));
    await built;
    await settled();
    expect((await raw('/hemmelig/')).status).toBe(404);
    await unlink(project.at('content/pages/hemmelig.md'));

    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await raw('/', method);
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
    const head = await raw('/om/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(await raw('/kurs')).toMatchObject({ status: 301, headers: { location: '/kurs/' } });
    expect((await raw('/__clubsite/nothing')).status).toBe(404);

    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    const response = await page.goto('/finnes-ikke');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Vi finner ikke denne siden');
    const redirected = await page.goto('/kurs');
    expect(new URL(page.url()).pathname).toBe('/kurs/');
    expect(redirected?.status()).toBe(200);
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await finish(page, context);
  });

  test('under a base path it serves what build --base writes, and only there', async () => {
    const based = await startDevServer({
      root: project.root,
      contentDir: project.contentDir,
      port: 0,
      now: '2025-12-10T18:00',
      base: '/klubb/',
      log: () => {},
    });
    try {
      const get = (pathname: string) => fetch(`${based.url}${pathname}`, { redirect: 'manual' });
      expect((await get('/om/')).status).toBe(404);
      expect((await get('/klubb')).headers.get('location')).toBe('/klubb/');
      expect((await get('/klubb/om')).headers.get('location')).toBe('/klubb/om/');
      const html = await (await get('/klubb/om/')).text();
      expect(html).toContain('href="/klubb/assets/');
      expect(html).toContain('<script type="module" src="/__clubsite/reload-');
      const full = await build({
        root: project.root,
        contentDir: project.contentDir,
        now: '2025-12-10T18:00',
        base: '/klubb/',
      });
      expect(
        html.replace(
          /<meta name="clubsite-revision"[^>]*><script type="module" src="\/__clubsite\/[^"]*"><\/script>/,
          '',
        ),
      ).toBe(full.files.get('om/index.html'));
    } finally {
      await based.close();
    }
  });

  test('saves during a build fold into one next build and the pages end consistent', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/kontakt/');
    const kontakt = 'content/pages/kontakt.md';
    const withLine = (text: string) => `${originals.get(kontakt)}\n${text}\n`;
    const starts: string[][] = [];
    const stop = dev.onStart((files) => {
      starts.push(files);
      if (starts.length === 1) {
        // Saves while the first build runs: om.md twice (which that build may read as it is by
        // then), and kontakt.md twice, which that build was not started for and does not read.
        writeFileSync(project.at('content/pages/om.md'), withParagraph('Andre lagring.'));
        writeFileSync(project.at(kontakt), withLine('Andre lagring av kontakt.'));
        writeFileSync(project.at('content/pages/om.md'), withParagraph('Tredje lagring.'));
        writeFileSync(project.at(kontakt), withLine('Tredje lagring av kontakt.'));
      }
    });
    await writeFile(project.at('content/pages/om.md'), withParagraph('Første lagring.'));
    await page.getByText('Tredje lagring av kontakt.').waitFor({ timeout: WAIT });
    await settled();
    stop();
    // One build for the first save, one for all the saves made during it; a late second event
    // for a file already built as it is builds nothing.
    expect(starts).toHaveLength(2);
    expect(starts[1]).toContain(project.at(kontakt));
    const om = (await raw('/om/')).body;
    expect(om).toContain('Tredje lagring.');
    expect(om).not.toContain('Andre lagring.');
    expect((await raw('/kontakt/')).body).not.toContain('Andre lagring av kontakt.');
    await restore(kontakt);
    await restore('content/pages/om.md');
    expect(problems).toEqual([]);
    await finish(page, context);
  });

  test('a file saved as it was builds nothing and reloads no page', async () => {
    await settled();
    const revision = dev.revision();
    const starts: string[][] = [];
    const stop = dev.onStart((files) => starts.push(files));
    const lines = terminal.length;
    await writeFile(project.at('content/pages/om.md'), await readFile(project.at('content/pages/om.md')));
    await within(
      (async () => {
        while (!terminal.slice(lines).some((line) => line.includes('content/pages/om.md → lagret uendret')))
          await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      'the terminal never said the save changed nothing',
    );
    await settled();
    stop();
    expect(starts).toEqual([]);
    expect(dev.revision()).toBe(revision);
  });

  test('a half-written or vanishing file never stops the server', async () => {
    const { page, problems, context } = await openPage(browser, { baseURL: dev.url });
    await page.goto('/om/');
    // An editor that truncates, writes part, then the rest.
    const file = project.at('content/pages/om.md');
    const full = withParagraph('Hele filen kom til slutt.');
    writeFileSync(file, '');
    writeFileSync(file, full.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 5));
    writeFileSync(file, full);
    await page.getByText('Hele filen kom til slutt.').waitFor({ timeout: WAIT });
    // Saved as "write a new file, delete the old, rename": the page is briefly missing.
    await unlink(file);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await writeFile(`${file}.tmp`, withParagraph('Etter sletting og ny fil.'));
    const { rename } = await import('node:fs/promises');
    await rename(`${file}.tmp`, file);
    await page.getByText('Etter sletting og ny fil.').waitFor({ timeout: WAIT });
    // A half-written YAML is a problem in the overlay, not a crash. (A rebuild for an event the
    // watcher told late about om.md may come first: the one that reads the YAML tells problems.)
    await settled();
    const built = nextBuild(WAIT, (event) => event.sent === 'problems');
    writeFileSync(project.at('content/menu.yaml'), 'items:\n  - label: Fors');
    expect((await built).sent).toBe('problems');
    await restore('content/menu.yaml');
    await restore('content/pages/om.md');
    expect((await raw('/om/')).status).toBe(200);
    expect(problems).toEqual([]);
    await finish(page, context);
  });
});
