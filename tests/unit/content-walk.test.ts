/**
 * The one look at the content folder a build shares between its last-build record and its
 * load (generator/load/content-walk.ts): a stamp from it is the stamp a stat of the file
 * would give, and none where a stat would give none (a file just written, a link's target).
 */
import { mkdtemp, mkdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ContentWalk } from '../../generator/load/content-walk.ts';
import { stampOf } from '../../generator/load/load-content.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function content(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'content-walk-'));
  await mkdir(path.join(dir, 'pages', 'om'), { recursive: true });
  const old = new Date(Date.now() - 60_000);
  for (const file of ['site.yaml', 'pages/index.md', 'pages/om/styret.md']) {
    await writeFile(path.join(dir, file), `${file}\n`);
    await utimes(path.join(dir, file), old, old);
  }
  return dir;
}

test('every file and folder is looked at once, folders before what they hold, each folder sorted', async () => {
  const root = await content();
  const walk = new ContentWalk(root);
  expect(walk.taken).toBe(false);
  expect([...walk.stats().keys()].map((file) => path.relative(root, file))).toEqual([
    '',
    'pages',
    'pages/index.md',
    'pages/om',
    'pages/om/styret.md',
    'site.yaml',
  ]);
  expect(walk.taken).toBe(true);
});

test('a stamp from the look is the one a stat gives; a file written just now has none', async () => {
  const root = await content();
  await writeFile(path.join(root, 'pages', 'ny.md'), 'new\n');
  const walk = new ContentWalk(root);
  walk.stats();
  const styret = path.join(root, 'pages', 'om', 'styret.md');
  expect(walk.stampOf(styret)).toBeDefined();
  expect(walk.stampOf(styret)).toBe(stampOf(styret));
  expect(walk.stampOf(path.join(root, 'pages', 'ny.md'))).toBeUndefined();
});

test('the look stays as it was taken: a file written after it keeps the stamp it had, and is looked at by the next build', async () => {
  const root = await content();
  const walk = new ContentWalk(root);
  walk.stats();
  const index = path.join(root, 'pages', 'index.md');
  const before = walk.stampOf(index);
  await writeFile(index, 'changed\n');
  expect(walk.stampOf(index)).toBe(before);
  expect(new ContentWalk(root).stampOf(index)).not.toBe(before);
});

test('with no look taken, a stamp is a stat of the file now, and a file written just now is noted (its build is not recorded)', async () => {
  const root = await content();
  const walk = new ContentWalk(root);
  const styret = path.join(root, 'pages', 'om', 'styret.md');
  expect(walk.stampOf(styret)).toBe(stampOf(styret));
  expect(walk.taken).toBe(false);
  expect(walk.justWritten).toBe(false);
  await writeFile(styret, 'just now\n');
  expect(walk.stampOf(styret)).toBeUndefined();
  expect(walk.justWritten).toBe(true);
});

test('a link is stamped by its target, and a file the look did not see by a stat of its own', async () => {
  const root = await content();
  await symlink(path.join(root, 'site.yaml'), path.join(root, 'lenke.yaml'));
  const walk = new ContentWalk(root);
  walk.stats();
  const link = path.join(root, 'lenke.yaml');
  expect(walk.stampOf(link)).toBe(stampOf(link));
  const later = path.join(root, 'later.md');
  await writeFile(later, 'x\n');
  await utimes(later, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  expect(walk.stampOf(later)).toBe(stampOf(later));
});
