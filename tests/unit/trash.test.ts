/**
 * Removing what a build replaced (generator/publish/trash.ts): by the system's `rm` where there
 * is one, by Node's own removal where there is none, and in the background for the site a swap
 * moved aside, whose removal the build does not wait for.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { emptyTrash, readyRemover, removeReplaced } from '../../generator/publish/trash.ts';

let dir: string | undefined;
const path0 = process.env.PATH;
afterEach(async () => {
  process.env.PATH = path0;
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A trash folder holding two replaced sites, pages and folders in them. */
async function trashOfTwoSites(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'trash-'));
  const trash = path.join(dir, 'trash');
  for (const site of ['dist-1', 'dist-2'])
    for (const page of ['index.html', 'om/index.html', 'nyheter/side/2/index.html']) {
      await mkdir(path.dirname(path.join(trash, site, page)), { recursive: true });
      await writeFile(path.join(trash, site, page), `<p>${site} ${page}</p>`);
    }
  return trash;
}

test('the trash is emptied, every site in it gone, the folder itself kept', async () => {
  const trash = await trashOfTwoSites();
  await emptyTrash(trash);
  expect(await readdir(trash)).toEqual([]);
});

test('without rm on the PATH, Node removes them instead', async () => {
  const trash = await trashOfTwoSites();
  process.env.PATH = path.join(os.tmpdir(), 'no-such-folder');
  await emptyTrash(trash);
  expect(await readdir(trash)).toEqual([]);
});

test('a replaced site is moved into the trash at once, and removed from there in the background', async () => {
  const trash = await trashOfTwoSites();
  await emptyTrash(trash);
  const old = path.join(dir ?? '', '.dist-old');
  await mkdir(path.join(old, 'om'), { recursive: true });
  await writeFile(path.join(old, 'om', 'index.html'), '<p>om</p>');
  await removeReplaced(old, trash);
  expect(existsSync(old)).toBe(false);
  await expect.poll(() => readdir(trash), { timeout: 10_000 }).toEqual([]);
});

test('a remover made ready as the build began removes the replaced site; with a newline in its name, rm does', async () => {
  const trash = await trashOfTwoSites();
  await emptyTrash(trash);
  for (const name of ['.dist-old', '.dist\nold']) {
    const letGo = readyRemover(trash);
    const old = path.join(dir ?? '', name);
    await mkdir(path.join(old, 'om'), { recursive: true });
    await writeFile(path.join(old, 'om', 'index.html'), '<p>om</p>');
    await removeReplaced(old, trash);
    letGo();
    expect(existsSync(old)).toBe(false);
    await expect.poll(() => readdir(trash), { timeout: 10_000 }).toEqual([]);
  }
});
