/**
 * The spare output folder (generator/publish/spare-folder.ts), on real files with the real CLI:
 * the site a swap replaced is kept in the cache, and the build after the next writes in place of
 * a fresh folder. Whatever that folder holds by then (files added by hand, a page replaced, a
 * folder where a file goes, a symlink to a file outside), the output is exactly what a cold
 * build makes, and nothing outside it is written through.
 */
import { link, mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { fixtureSite } from '../support/fixture-site.ts';
import { differences } from '../support/output-tree.ts';
import { buildIn } from '../support/run-cli.ts';

const build = (dir: string, ...args: string[]) => buildIn(dir, args);

async function built(dir: string, ...args: string[]): Promise<void> {
  const run = await build(dir, ...args);
  expect(run.stderr, run.stdout).toBe('');
  expect(run.code).toBe(0);
}

const inode = async (file: string) => (await stat(file)).ino;

let dir: string;
let dist: string;
let spare: string;

beforeAll(async () => {
  dir = await fixtureSite('mini');
  dist = path.join(dir, 'public');
  spare = path.join(dir, '.clubsite/cache/spare');
});

test('the site a swap replaced is written in place two builds later, and ends as a cold build makes it', async () => {
  await built(dir);
  const first = await inode(dist);
  // What a volunteer or a host may leave in an output folder, and a file outside it behind a symlink.
  const outside = path.join(dir, 'outside.txt');
  await writeFile(outside, 'not the site\n');
  await writeFile(path.join(dist, 'notes.txt'), 'hand-written\n');
  await mkdir(path.join(dist, 'old/deep'), { recursive: true });
  await writeFile(path.join(dist, 'old/deep/page.html'), '<p>old</p>\n');
  await mkdir(path.join(dist, 'empty'));
  await rm(path.join(dist, 'index.html'));
  await writeFile(path.join(dist, 'index.html'), '<p>changed by hand</p>\n');
  await rm(path.join(dist, 'om'), { recursive: true });
  await writeFile(path.join(dist, 'om'), 'a file where a folder goes\n');
  await rm(path.join(dist, 'snart/index.html'));
  await symlink(outside, path.join(dist, 'snart/index.html'));

  // The next build swaps a fresh folder in and keeps that one as the spare.
  await writeFile(
    path.join(dir, 'data/routes/find.md'),
    `${await readFile(path.join(dir, 'data/routes/find.md'), 'utf8')}\nMore.\n`,
  );
  await built(dir);
  expect(await inode(spare)).toBe(first);

  // The one after writes into it: a page gone, another changed.
  await rm(path.join(dir, 'data/routes/snart.md'));
  await writeFile(
    path.join(dir, 'data/routes/find.md'),
    `${await readFile(path.join(dir, 'data/routes/find.md'), 'utf8')}\nAnd more.\n`,
  );
  await built(dir);
  expect(await inode(dist)).toBe(first);
  await built(dir, '--no-cache', '--out', 'cold');
  expect(await differences(dist, path.join(dir, 'cold'))).toEqual([]);
  expect(await readFile(outside, 'utf8')).toBe('not the site\n');
});

test('--no-cache neither takes the spare nor keeps one', async () => {
  const kept = await inode(spare);
  await built(dir, '--no-cache');
  expect(await inode(spare)).toBe(kept);
  await built(dir, '--no-cache', '--out', 'cold');
  expect(await differences(dist, path.join(dir, 'cold'))).toEqual([]);
});

test('a build refused for a content mistake keeps the spare it took, and the next one still ends as a cold build', async () => {
  await built(dir);
  const kept = await inode(spare);
  const styret = path.join(dir, 'data/routes/om/styret.md');
  const text = await readFile(styret, 'utf8');
  // A page another links to, gone: the build is refused after the spare was taken.
  await rm(styret);
  const refused = await build(dir);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('/om/styret');
  expect(await inode(spare)).toBe(kept);
  await writeFile(styret, text);
  await built(dir);
  expect(await inode(dist)).toBe(kept);
  await built(dir, '--no-cache', '--out', 'cold');
  expect(await differences(dist, path.join(dir, 'cold'))).toEqual([]);
});

/** Every folder under `folder`, itself included. */
async function foldersUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return [
    folder,
    ...entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(entry.parentPath, entry.name)),
  ];
}

test("a folder written in place leaves a list of what it holds; two builds later only what was touched since is looked at again, and the output is still a cold build's", async () => {
  const lists = path.join(dir, '.clubsite/cache/output-lists');
  const edit = async (line: string) =>
    writeFile(
      path.join(dir, 'data/routes/find.md'),
      `${await readFile(path.join(dir, 'data/routes/find.md'), 'utf8')}\n${line}\n`,
    );
  // Two builds: the second is written in place, and its folder's list is kept.
  await edit('One.');
  await built(dir);
  await edit('Two.');
  await built(dir);
  const listed = await inode(dist);
  expect(await readdir(lists)).toContain(`${listed}.list`);
  // An hour old, as a site between nightly builds is; then touched by hand in two places.
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const folder of await foldersUnder(dist)) await utimes(folder, hourAgo, hourAgo);
  await writeFile(path.join(dist, 'om/notes.txt'), 'hand-written\n');
  await rm(path.join(dist, 'find/index.html'));
  await writeFile(path.join(dist, 'find/index.html'), '<p>changed by hand</p>\n');
  // The next build keeps that folder as its spare, and the one after takes it with its list.
  await edit('Three.');
  await built(dir);
  await edit('Four.');
  await built(dir);
  expect(await inode(dist)).toBe(listed);
  await built(dir, '--no-cache', '--out', 'cold');
  expect(await differences(dist, path.join(dir, 'cold'))).toEqual([]);
  expect((await readdir(lists)).length).toBeLessThanOrEqual(2);
});

test('render workers write their pages into a spare brought up to date in place: over what lies there, never through it', async () => {
  // Enough pages that the worker renders some while this thread renders its share.
  await mkdir(path.join(dir, 'data/routes/ekstra'), { recursive: true });
  for (let page = 1; page <= 800; page += 1) {
    const text = `---\ntitle: Side ${page}\ndescription: Side ${page}.\n---\n\nTekst ${page}.\n`;
    await writeFile(path.join(dir, `data/routes/ekstra/side-${page}.md`), text);
  }
  await built(dir, '--origin', 'https://a.example');
  await built(dir, '--origin', 'https://b.example');
  const taken = await inode(spare);
  // The spare as someone left it: a file where a page's folder goes, a page that is another name of a file outside.
  const outside = path.join(dir, 'outside-page.html');
  await writeFile(outside, '<p>not the site</p>\n');
  await rm(path.join(spare, 'om'), { recursive: true });
  await writeFile(path.join(spare, 'om'), 'a file where a folder goes\n');
  await rm(path.join(spare, 'ekstra'), { recursive: true });
  await writeFile(path.join(spare, 'ekstra'), 'a file where the folder of 800 pages goes\n');
  // Every other page too: whichever thread renders it.
  const pages = (await readdir(spare, { recursive: true })).filter((file) => file.endsWith('index.html'));
  for (const page of pages) {
    await rm(path.join(spare, page));
    await link(outside, path.join(spare, page));
  }
  // Another origin: every page is rendered again, on two workers.
  await built(dir, '--origin', 'https://c.example', '--workers', '2');
  expect(await inode(dist)).toBe(taken);
  await built(dir, '--no-cache', '--out', 'cold', '--origin', 'https://c.example');
  expect(await differences(dist, path.join(dir, 'cold'))).toEqual([]);
  expect(await readFile(outside, 'utf8')).toBe('<p>not the site</p>\n');
});
