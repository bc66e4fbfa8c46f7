// The site `clubsite new` writes has the admin too, made from its own schemas: a volunteer
// writes a news post with a photo in its text and changes an activity's time at /admin/ in
// `clubsite dev`; the files build, the pages show them, and an empty title is refused in the form.
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
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
import { type StarterSite, starterSite } from '../support/starter-site.ts';

let session: AdminSession<StarterSite>;
let site: StarterSite;
let dev: DevServer;
let admin: AdminPage;
const NOW = '2025-12-10T18:00';

beforeAll(async () => {
  session = await adminSession(starterSite, NOW);
  ({ project: site, dev, admin } = session);
}, 120_000);

afterAll(() => session?.close());

test('a news post with a photo in its text, and an activity’s new time: written, built and shown', async () => {
  const { page } = admin;
  await admin.open('collections/news/new');
  await field(page, 'title').fill('Sommeravslutning');
  await field(page, 'description').fill('Vi avslutter sesongen med grilling.');
  await field(page, 'date').fill('2025-12-10');
  await page.locator('[contenteditable=true]').click();
  await page.keyboard.type('Alle er velkomne. ');
  await page.getByRole('button', { name: 'Add Component' }).click();
  await page.getByRole('menuitem', { name: /^(Bilde|Image)$/ }).click();
  await page.getByRole('button', { name: 'Velg et bilde' }).click();
  await uploadAndChoose(page, await cameraPhoto('Grill.jpg'));
  await publish(page);
  await published(page);
  const names = await readdir(site.at('content/nyheter'));
  expect(names).toContain('sommeravslutning.md');
  const post = await readFile(site.at('content/nyheter/sommeravslutning.md'), 'utf8');
  expect(post).toContain('date: 2025-12-10\n');
  expect(post).toContain('(images/grill.jpg)');
  expect(await readdir(site.at('content/images'))).toContain('grill.jpg');

  await admin.open('collections/activities/entries/activities');
  await expandItem(page, 'Barn · Mandag · 17:00 - 18:00');
  await field(page, 'time').fill('17:15 - 18:15');
  await publish(page);
  await published(page);
  expect(await readFile(site.at('content/aktiviteter.yaml'), 'utf8')).toContain('time: 17:15 - 18:15');

  const built = await build({ root: site.root, now: NOW });
  expect(String(built.files.get('nyheter/sommeravslutning/index.html'))).toContain('Sommeravslutning');
  expect(String(built.files.get('nyheter/sommeravslutning/index.html'))).toMatch(/<img[^>]+grill/);
  expect(String(built.files.get('index.html'))).toContain('17:15 - 18:15');
  await dev.idle();
  await expect
    .poll(async () => (await fetch(`${dev.url}/`)).text(), { timeout: ADMIN_WAIT })
    .toContain('17:15 - 18:15');
  expect(admin.problems).toEqual([]);
});

test('an empty title is refused in the form, and nothing is written', async () => {
  const { page } = admin;
  const before = await readdir(site.at('content/nyheter'));
  await admin.open('collections/news/new');
  await field(page, 'description').fill('Uten overskrift.');
  await publish(page);
  await expect.poll(() => page.getByText('Overskrift er påkrevd').count()).toBeGreaterThan(0);
  expect(await readdir(site.at('content/nyheter'))).toEqual(before);
});
