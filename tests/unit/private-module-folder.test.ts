/**
 * The launcher's folder in the system's temporary folder (typescript-module.js privateFolder):
 * a site made by `clubsite new` has no node_modules of its own, and the launcher keeps the
 * modules it runs there. A folder by that name made first by another user, with a module of
 * theirs in it, must never be run by this user (root, in a club's CI or a maintainer's `sudo`).
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { projectRoot } from '../support/site-build.ts';

const run = promisify(execFile);
const launcher = path.join(projectRoot, 'bin/clubsite.js');
/** A user that is not this one: `nobody` (Debian's 65534). */
const OTHER_UID = 65534;
const isRoot = process.getuid?.() === 0;

let tmp: string;
let project: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'clubsite-tmpdir-'));
  project = await mkdtemp(path.join(os.tmpdir(), 'clubsite-no-modules-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

/** `clubsite --version` in a folder without node_modules, with the temporary folder `tmp`. */
const version = () =>
  run(process.execPath, [launcher, '--version'], { cwd: project, env: { ...process.env, TMPDIR: tmp } });

/** The module the launcher made for the CLI in `folder`, with code added that leaves `marker` when it runs. */
async function plant(folder: string, marker: string) {
  const modules = (await readdir(folder, { recursive: true })).filter((file) =>
    /^modules-[^/]+\/cli-[0-9a-f]{12}\.mjs$/.test(file),
  );
  expect(modules).toHaveLength(1);
  const file = path.join(folder, modules[0] as string);
  const code = await readFile(file, 'utf8');
  await writeFile(
    file,
    `import { writeFileSync as planted } from 'node:fs'; planted(${JSON.stringify(marker)}, 'ran');\n${code}`,
  );
}

test('the folder is made for this user alone, and a second run uses the modules made in it', async () => {
  await version();
  const folder = path.join(tmp, `clubsite-${process.getuid?.()}`);
  expect(statSync(folder).mode & 0o777).toBe(0o700);
  expect(statSync(folder).uid).toBe(process.getuid?.());
  const first = await readdir(folder, { recursive: true });
  const again = await version();
  expect(again.stderr).toBe('');
  expect(await readdir(folder, { recursive: true })).toEqual(first);
});

test.skipIf(!isRoot)('a module planted by another user in a folder of that name is never run', async () => {
  await version();
  const folder = path.join(tmp, `clubsite-${process.getuid?.()}`);
  const marker = path.join(tmp, 'planted-code-ran');
  await plant(folder, marker);
  // The planted module runs while the folder is this user's own (the cache is believed): the plant works.
  await version();
  expect(existsSync(marker)).toBe(true);
  await rm(marker);
  // The same folder, owned by another user: nothing in it runs, and the command still works.
  for (const file of await readdir(folder, { recursive: true }))
    await chown(path.join(folder, file), OTHER_UID, OTHER_UID);
  await chown(folder, OTHER_UID, OTHER_UID);
  const outcome = await version();
  expect(outcome.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  expect(outcome.stderr).toContain(`${folder} is not this user's own folder (owned by uid ${OTHER_UID}`);
  expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  expect(existsSync(marker)).toBe(false);
});

test('a folder of this user that others can write is not used either', async () => {
  const folder = path.join(tmp, `clubsite-${process.getuid?.()}`);
  await mkdir(folder);
  await chmod(folder, 0o777);
  const outcome = await version();
  expect(outcome.stderr).toContain('mode 777');
  expect(await readdir(folder)).toEqual([]);
});
