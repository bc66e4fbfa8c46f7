// A volunteer edits the club's site at /admin/ in `clubsite dev` (Decap CMS in local mode: the
// files under content/ on disk), as content/README.md tells them to: a news post for later
// today with a photo and a PDF, a training time, tonight's winner of a calendar door. What the
// admin writes builds with no problem and the pages show it; what the build would refuse, the
// form refuses with a message first.
import { readdir, readFile } from 'node:fs/promises';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../generator/pipeline/build.ts';
import type { DevServer } from '../../generator/dev/dev-server.ts';
import {
  ADMIN_WAIT,
  type AdminPage,
  type AdminSession,
  adminSession,
  cameraPhoto,
  expandItem,
  field,
  publish,
  published,
  uploadAndChoose,
} from '../support/admin-driver.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { tinyPdf } from '../support/tiny-pdf.ts';

let session: AdminSession<DevProject>;
let project: DevProject;
let dev: DevServer;
let browser: Browser;
let admin: AdminPage;
// 21:00 in Oslo: today's door (10 December) has been drawn at 20:00.
const NOW = '2025-12-10T21:00';

beforeAll(async () => {
  session = await adminSession(copyProject, NOW);
  ({ project, dev, browser, admin } = session);
}, 120_000);

afterAll(() => session?.close());

/** The dev server's page at `route` once it has built what was saved. */
async function served(route: string): Promise<string> {
  await dev.idle();
  return (await fetch(`${dev.url}${route}`)).text();
}

const fileText = (file: string) => readFile(project.at(file), 'utf8');

describe('a volunteer at /admin/ on the club site', () => {
  test('the admin is in Norwegian from the sign-in screen on, and loads nothing from elsewhere', async () => {
    const fresh = await browser.newPage({ locale: 'en-US' });
    await fresh.goto(`${dev.url}/admin/`);
    await expect.poll(() => fresh.getByRole('button', { name: 'Logg inn' }).count(), { timeout: ADMIN_WAIT }).toBe(1);
    expect(await fresh.locator('meta[name=robots]').getAttribute('content')).toBe('noindex, nofollow');
    await fresh.close();
    await admin.open('collections/news');
    for (const name of ['Nyheter', 'Sider', 'Treningstider', 'Menyen', 'Kurs og nivåtest'])
      await expect.poll(() => admin.page.getByRole('link', { name }).count()).toBeGreaterThan(0);
    expect(admin.problems).toEqual([]);
  });

  test('writes a news post for later today with a photo and a PDF: the files build, and the post shows at its time', async () => {
    const { page } = admin;
    await admin.open('collections/news/new');
    await field(page, 'title').fill('Ekstra trening i kveld');
    await field(page, 'description').fill('Gruppe A trener ekstra i Aquarama i kveld.');
    await field(page, 'date').fill('2025-12-10T22:30');
    await page.getByRole('button', { name: 'Velg et bilde' }).click();
    await uploadAndChoose(page, await cameraPhoto('Trening I Kveld.JPG'));
    await field(page, 'alt').fill('Svømmere i hver sin bane');
    // The preview pane shows the post with the site's own stylesheet.
    await expect
      .poll(() =>
        page
          .locator('iframe')
          .evaluateAll((frames) =>
            frames.flatMap((frame) =>
              [...((frame as HTMLIFrameElement).contentDocument?.querySelectorAll('link[rel=stylesheet]') ?? [])].map(
                (link) => new URL((link as HTMLLinkElement).href).pathname,
              ),
            ),
          ),
      )
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/style-\w+\.css$/)]));
    await page.locator('[contenteditable=true]').click();
    await page.keyboard.type('Vi sees i bassenget. Her er planen: ');
    await page.getByRole('button', { name: 'Add Component' }).click();
    await page.getByRole('menuitem', { name: 'Dokument (PDF)' }).click();
    await field(page, 'text').fill('Treningsplanen (PDF)');
    await page.getByRole('button', { name: 'Velg en fil' }).click();
    await uploadAndChoose(page, { name: 'Treningsplan.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Plan') });
    await publish(page);
    await published(page);

    const post = 'content/nyheter/2025-12-10-ekstra-trening-i-kveld.md';
    const text = await fileText(post);
    expect(text).toContain('title: Ekstra trening i kveld\n');
    expect(text).toContain('date: 2025-12-10 22:30\n');
    expect(text).toContain('image: images/trening-i-kveld.jpg\n');
    expect(text).toContain('[Treningsplanen (PDF)](files/treningsplan.pdf)');
    expect(await readdir(project.at('content/images'))).toContain('trening-i-kveld.jpg');
    expect(await readdir(project.at('content/files'))).toContain('treningsplan.pdf');

    // Before its time the live site leaves it out; at 22:30 it is there, with the photo and the PDF.
    const before = await build({ root: project.root, now: NOW });
    expect(before.files.has('nyheter/ekstra-trening-i-kveld/index.html')).toBe(false);
    const after = await build({ root: project.root, now: '2025-12-10T22:30' });
    expect(after.warnings.map((warning) => warning.file)).not.toContain(post);
    const html = String(after.files.get('nyheter/ekstra-trening-i-kveld/index.html'));
    expect(html).toContain('Ekstra trening i kveld');
    expect(html).toContain('alt="Svømmere i hver sin bane"');
    expect(html).toContain('href="/files/treningsplan.pdf"');
    expect(after.files.get('files/treningsplan.pdf')).toBeDefined();
    expect(admin.problems).toEqual([]);
  });

  test('changes a training time: the file keeps its other slots, and /treningstider/ shows it', async () => {
    const { page } = admin;
    const watcher = await browser.newPage();
    await watcher.goto(`${dev.url}/treningstider/`);
    await admin.open('collections/trainingTimes/entries/trainingTimes');
    await expandItem(page, 'A · Mandag · 16:00 - 18:00');
    await field(page, 'time').fill('16:15 - 18:00');
    await publish(page);
    await published(page);
    const yaml = await fileText('content/training-times.yaml');
    expect(yaml).toMatch(/time: 16:15 - 18:00/);
    expect(yaml.match(/time:/g)).toHaveLength(25);
    // A save writes the file anew: its comments are gone (their guidance is in the form's hints).
    expect(yaml).not.toContain('#');
    // The page open in another tab reloads as after any save.
    await expect.poll(() => watcher.locator('body').innerText(), { timeout: ADMIN_WAIT }).toContain('16:15–18:00');
    await watcher.close();
    expect(await served('/treningstider/')).toContain('16:15–18:00');
  });

  test('a slot’s group is picked from the file’s own list of groups', async () => {
    const { page } = admin;
    await admin.open('collections/trainingTimes/entries/trainingTimes');
    await expandItem(page, 'B · Mandag · 16:00 - 18:00');
    const group = page.locator('[id^="group-field-"]:visible').first();
    await group.click();
    const yaml = await fileText('content/training-times.yaml');
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F'])
      await expect.poll(() => page.getByRole('option', { name, exact: true }).count()).toBe(1);
    expect(yaml).toContain('groups:');
    await page.keyboard.press('Escape');
  });

  test('enters tonight’s winner of door 10, and the calendar shows it', async () => {
    const { page } = admin;
    await admin.open('collections/pages/entries/julekalender-2025');
    await expandItem(page, /^10 · 2025-12-10/);
    await field(page, 'winner').fill('Ola (kalender 0815)');
    await publish(page);
    await published(page);
    expect(await fileText('content/pages/julekalender/2025.yaml')).toContain('winner: Ola (kalender 0815)');
    await expect.poll(() => served('/julekalender/2025/'), { timeout: ADMIN_WAIT }).toContain('Ola (kalender 0815)');
    const checked = await build({ root: project.root, now: NOW });
    expect(checked.files.has('julekalender/2025/index.html')).toBe(true);
  });

  test('what the build refuses, the form refuses with a message, and writes nothing', async () => {
    const { page } = admin;
    const posts = await readdir(project.at('content/nyheter'));
    await admin.open('collections/news/new');
    await field(page, 'description').fill('Uten overskrift.');
    await publish(page);
    await expect.poll(() => page.getByText('Overskrift er påkrevd').count()).toBeGreaterThan(0);
    expect(await readdir(project.at('content/nyheter'))).toEqual(posts);

    await admin.open('collections/trainingTimes/entries/trainingTimes');
    await expandItem(page, 'C · Mandag · 17:30 - 19:00');
    await field(page, 'time').fill('kl. 17');
    await publish(page);
    await expect.poll(() => page.getByText('Fra og til med klokkeslett, som').count()).toBeGreaterThan(0);
    expect(await fileText('content/training-times.yaml')).not.toContain('kl. 17');

    const calendar = await fileText('content/pages/julekalender/2025.yaml');
    await admin.open('collections/pages/entries/julekalender-2025');
    await expandItem(page, /^11 · 2025-12-11/);
    await field(page, 'day').fill('25');
    await publish(page);
    await expect.poll(() => page.getByText(/mellom 1 og 24/).count()).toBeGreaterThan(0);
    expect(await fileText('content/pages/julekalender/2025.yaml')).toBe(calendar);
  });
});
