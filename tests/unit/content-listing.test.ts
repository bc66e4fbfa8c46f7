/**
 * The content folder listed from a look taken already (a build with a cache: its thread looks at
 * every file before the load) is the listing a fresh listing makes: the same files, the same
 * links followed and refused, the same problems in the same order.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { ContentError } from '../../generator/errors.ts';
import { listContentFiles, listLookedFiles } from '../../generator/load/content-files.ts';
import { ContentWalk } from '../../generator/load/content-walk.ts';

let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-listing-'));
  dirs.push(dir);
  return dir;
}

test('a listing from the look is the listing of the folder, links and hidden files alike', async () => {
  const outside = await folder();
  await writeFile(path.join(outside, 'secret.md'), 'secret\n');
  const root = path.join(await folder(), 'content');
  for (const sub of ['pages/om', '.hidden', 'pages/.drafts', 'images', 'b-folder'])
    await mkdir(path.join(root, sub), { recursive: true });
  const files = ['site.yaml', 'README.md', 'pages/index.md', 'pages/om/styret.md', 'pages/om/README.md'];
  for (const file of [...files, '.hidden/a.md', 'pages/.drafts/x.md', 'pages/.skjult.md', 'images/logo.svg'])
    await writeFile(path.join(root, file), `${file}\n`);
  await symlink(path.join(root, 'site.yaml'), path.join(root, 'pages', 'lenke.md'));
  await symlink(path.join(outside, 'secret.md'), path.join(root, 'pages', 'ute.md'));
  await symlink(path.join(root, 'nowhere.md'), path.join(root, 'a-dangling.md'));
  await symlink(path.join(root, 'images'), path.join(root, 'pages', 'bilder'));
  const told = (errors: ContentError[]) => errors.map(({ code, file, message }) => `${code} ${file} ${message}`);
  const report = (inContent: string) => `content/${inContent}`.replace(/\/$/, '');
  const listedErrors: ContentError[] = [];
  const listed = await listContentFiles(root, report, listedErrors);
  const lookedErrors: ContentError[] = [];
  const looked = listLookedFiles(root, new ContentWalk(root).stats(), report, lookedErrors);
  expect(looked).toEqual(listed);
  expect(told(lookedErrors)).toEqual(told(listedErrors));
  expect(listed.files).toEqual([
    'images/logo.svg',
    'pages/index.md',
    'pages/lenke.md',
    'pages/om/styret.md',
    'site.yaml',
  ]);
  expect(listed.linked).toBe(true);
  expect([...listed.refused]).toEqual(['a-dangling.md', 'pages/bilder', 'pages/ute.md']);
});
