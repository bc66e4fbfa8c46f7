import { readFile, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { makeContentHostile, PAYLOAD } from '../support/hostile-content.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

/**
 * Content is data, never markup: text that looks like a way out of a <script> or an HTML
 * comment, in static HTML and in island props alike, reaches the visitor as the text it is.
 */
const HOSTILE = '</script><script>alert(1)</script> <!-- «kommentar» & "sitat"';

let project: DevProject;
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  project = await copyProject();
  const replace = async (file: string, from: RegExp, to: string) => {
    const text = await readFile(project.at(file), 'utf8');
    if (!from.test(text)) throw new Error(`nothing to replace in ${file}`);
    await writeFile(project.at(file), text.replace(from, to));
  };
  // A FAQ answer (static HTML) and a level-finder result (island props).
  await replace('content/pages/kurs.md', /(\n {4}a: )[^\n]*/, `$1'${HOSTILE}'`);
  await replace('content/courses.yaml', /(\n {6}message: )Hval passer fint\.[^\n]*/, `$1'${HOSTILE}'`);
  // Every other text field of every file, and every page's body, gets the payload too.
  await makeContentHostile(project.contentDir);
  [site, browser] = await Promise.all([
    serveSite('2025-12-10T18:00', { contentDir: project.contentDir }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await project?.remove();
});

test('a FAQ answer and a level-finder message full of markup show as text, run nothing, and hydrate cleanly', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url, clock: site.result.now });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/kurs/');
  const faq = page.locator('.faq details').first();
  await faq.locator('summary').click();
  expect(await faq.locator('p').textContent()).toBe(HOSTILE);

  const island = page.locator('clubsite-island[data-island="level-finder"]');
  // It hydrates at the first interaction.
  await island.getByRole('button').first().focus();
  await island.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' });
  await island.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => island.textContent()).toContain(HOSTILE);
  expect(dialogs).toEqual([]);
  expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(1); // the theme script only
  expect(problems).toEqual([]);
  await context.close();
});

test('every page, with the payload in every text field, shows it as text, runs nothing and logs no error', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url, clock: site.result.now });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const routes = site.result.pages.map((rendered) => rendered.route);
  expect(routes.length).toBeGreaterThan(25);
  const missing: string[] = [];
  for (const route of [...routes, '/finnes-ikke']) {
    await page.goto(route === '/' ? '/' : `${route}/`);
    // Every island hydrated: a mismatch between server markup and props would be an error.
    for (const island of await page.locator('clubsite-island').all()) {
      await island.scrollIntoViewIfNeeded();
      // An island that waits for the visitor hydrates at the first interaction.
      if ((await island.getAttribute('data-when')) === 'interaction')
        await island.locator('button, select, input').first().focus();
      await island.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' });
    }
    if (!(await page.title()).includes(PAYLOAD)) missing.push(`${route}: <title>`);
    const main = (await page.locator('main').textContent()) ?? '';
    if (!main.includes(PAYLOAD)) missing.push(`${route}: main`);
    // Each door's sponsor and prize, and each training row's place, are text fields of their own.
    if (route === '/julekalender/2025') expect(main.split(PAYLOAD).length - 1).toBeGreaterThanOrEqual(48);
    if (route === '/treningstider') expect(main.split(PAYLOAD).length - 1).toBeGreaterThanOrEqual(25);
    if (!(await page.locator('nav.menu-panel').textContent())?.includes(PAYLOAD)) missing.push(`${route}: menu`);
    expect(await page.locator('img[src="x"]').count(), route).toBe(0);
    expect(await page.locator('script:not([src]):not([type="application/json"])').count(), route).toBe(1);
  }
  // The search page shows its widget, not its body; the 404 page's text comes from the site definition.
  expect(missing).toEqual(['/search: main', '/finnes-ikke: main']);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);

test('a search for the payload shows it as text in the heading and runs nothing', async () => {
  const { page, context, problems } = await openPage(browser, { baseURL: site.url, clock: site.result.now });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/search/?${new URLSearchParams({ q: PAYLOAD }).toString()}`);
  const island = page.locator('clubsite-island[data-island="search-results"]');
  await island.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' });
  await expect.poll(() => page.locator('h1').textContent()).toBe(`Søkeresultat for «${PAYLOAD}»`);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
