import { readFile, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
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
  await replace('content/pages/kurs.md', /(\n    a: )[^\n]*/, `$1'${HOSTILE}'`);
  await replace('content/courses.yaml', /(\n      message: )Hval passer fint\.[^\n]*/, `$1'${HOSTILE}'`);
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
  await island.scrollIntoViewIfNeeded();
  await island.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' });
  await island.getByRole('button', { name: 'Ja', exact: true }).click();
  await expect.poll(() => island.textContent()).toContain(HOSTILE);
  expect(dialogs).toEqual([]);
  expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(1); // the theme script only
  expect(problems).toEqual([]);
  await context.close();
});
