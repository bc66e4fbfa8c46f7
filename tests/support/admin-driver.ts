/**
 * A volunteer at /admin/ (Decap CMS, in Norwegian) in Chromium, as the dev server serves it in
 * local mode: signs in, opens an entry, fills fields, uploads a photo or a document through the
 * media library, and saves (Publiser → Publiser nå). What it clicks is what the volunteers'
 * guide (content/README.md) tells them to click.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright';
import { type DevServer, startDevServer } from '../../generator/dev/dev-server.ts';
import { launchBrowser } from './browser.ts';

/** Generous: the machine running the tests may be busy. */
export const ADMIN_WAIT = 30_000;

export interface AdminPage {
  page: Page;
  /** Console errors and uncaught exceptions of the admin, and the requests it sent off the machine. */
  problems: string[];
  /** Opens an address of the admin (`collections/news/new`), loaded afresh. */
  open: (address: string) => Promise<void>;
  close: () => Promise<void>;
}

/** A signed-in admin at `origin` (the dev server). */
export async function openAdmin(browser: Browser, origin: string): Promise<AdminPage> {
  const context = await browser.newContext({
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    viewport: { width: 1280, height: 900 },
  });
  const problems: string[] = [];
  // Nothing leaves the machine: the admin is served by the site itself, never from a CDN.
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      problems.push(`request off the machine: ${route.request().url()}`);
      return route.abort();
    },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // A favicon the admin asks for and the site may not have is not a problem of the admin.
    if (message.type() === 'error' && !/favicon|status of 404/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  let visit = 0;
  const admin: AdminPage = {
    page,
    problems,
    // A new query each time: Decap keeps an entry it has open when only the hash changes.
    open: async (address) => {
      visit += 1;
      await page.goto(`${origin}/admin/?visit=${visit}#/${address}`);
      await page.getByText('Skriver i samlingen').or(page.getByText('Samlinger')).first().waitFor();
    },
    close: () => context.close(),
  };
  await page.goto(`${origin}/admin/`);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await page.getByText('Samlinger').waitFor({ timeout: ADMIN_WAIT });
  return admin;
}

/** The input of the field `name` that shows (Decap numbers its ids: `time-field-12`). */
export const field = (page: Page, name: string): Locator => page.locator(`[id^="${name}-field-"]:visible`).first();

/** Opens the item of a list whose summary (its first fields) is `summary`. */
export async function expandItem(page: Page, summary: string | RegExp): Promise<void> {
  const label = page.getByText(summary).first();
  await label.locator('xpath=preceding-sibling::div[1]/button[1]').click();
}

/** Saves the entry: Publiser, then Publiser nå. */
export async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publiser', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publiser nå' }).click();
}

/** Waits until the entry is saved (the button says Publisert). */
export async function published(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publisert' }).waitFor({ timeout: ADMIN_WAIT });
}

/** In the open media library: uploads a file and picks it. */
export async function uploadAndChoose(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type=file]').setInputFiles(file);
  const chosen = page.getByRole('button', { name: 'Velg markert' });
  await chosen.waitFor();
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('button')].find((each) => each.textContent === 'Velg markert');
    return button !== undefined && !button.disabled;
  });
  await chosen.click();
}

/** A dev server on a project (its folder made by `make`), Chromium, and a signed-in admin: what a test of the admin starts with. */
export interface AdminSession<Project> {
  project: Project;
  dev: DevServer;
  browser: Browser;
  admin: AdminPage;
  close: () => Promise<void>;
}

export async function adminSession<Project extends { root: string; remove: () => Promise<void> }>(
  make: () => Promise<Project>,
  now: string,
): Promise<AdminSession<Project>> {
  const [project, browser] = await Promise.all([make(), launchBrowser()]);
  const dev = await startDevServer({ root: project.root, port: 0, now, log: () => {} });
  const admin = await openAdmin(browser, dev.url);
  const close = async () => {
    await admin.close();
    await browser.close();
    await dev.close();
    await project.remove();
  };
  return { project, dev, browser, admin, close };
}

/** A photo to upload, under a name as a camera or phone gives it. */
export const cameraPhoto = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await readFile(new URL('../unit/fixtures/photo-800x420.jpg', import.meta.url)),
});
