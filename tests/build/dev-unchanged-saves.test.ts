import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BuildSession } from '../../generator/pipeline/session.ts';
import type { DevProject } from '../support/dev-project.ts';
import { projectOptions } from '../support/outside-project.ts';
import { CLUB } from '../support/test-sites.ts';

/**
 * A save that leaves a file with the very text the last good build read (an editor's save with
 * nothing changed, a watcher's late second event for a save already built) needs no build
 * (pipeline/session.ts readAsBefore): the dev server builds nothing and reloads no page. Anything
 * else is built: another text, a file the build did not read as text, a failed build still
 * owed, or a clock in another minute.
 */
let project: DevProject;
let session: BuildSession;
let at = Date.parse('2025-12-10T17:00:00Z');
const page = `${CLUB.pages}/om.md`;
let original = '';

beforeAll(async () => {
  project = await CLUB.copy();
  const names = await projectOptions(project.root);
  session = new BuildSession({ ...names, now: undefined, contentDir: project.contentDir, base: '/', clock: () => at });
  await session.update([]);
  session.trustWatcher();
  original = await readFile(project.at(page), 'utf8');
}, 60_000);

afterAll(() => project?.remove());

test('a file written again with the text the last build read needs no build, by its path or relative one', async () => {
  await writeFile(project.at(page), original);
  expect(session.readAsBefore([project.at(page)])).toBe(true);
  expect(session.readAsBefore([page])).toBe(true);
});

test('another text needs a build, and once built, that text needs none; the text before it needs one again', async () => {
  await writeFile(project.at(page), `${original}\nEt nytt avsnitt.\n`);
  expect(session.readAsBefore([page])).toBe(false);
  await session.update([page]);
  expect(session.readAsBefore([page])).toBe(true);
  await writeFile(project.at(page), original);
  expect(session.readAsBefore([page])).toBe(false);
  await session.update([page]);
});

test('a code file, an image or a file the build never read is always built', async () => {
  for (const file of ['templates/index.ts', 'content/images/forside-kurs.svg', `${CLUB.pages}/ny-side.md`])
    expect(session.readAsBefore([file]), file).toBe(false);
  expect(session.readAsBefore([page, 'templates/index.ts'])).toBe(false);
});

test('while a failed build is owed, even an unchanged file is built', async () => {
  await writeFile(project.at(page), original.replace(/^title: .*$/m, 'title: [uavsluttet'));
  await expect(session.update([page])).rejects.toThrow();
  await writeFile(project.at(page), original);
  expect(session.readAsBefore([page])).toBe(false);
  await session.update([page]);
  expect(session.readAsBefore([page])).toBe(true);
});

test('a minute later, the same text is built: a page may show the time', async () => {
  at += 60_000;
  expect(session.readAsBefore([page])).toBe(false);
  await session.update([page]);
  expect(session.readAsBefore([page])).toBe(true);
});
