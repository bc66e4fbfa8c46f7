import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { importTypeScript } from '../../generator/typescript-module.js';
import { projectRoot } from '../support/site-build.ts';

/** The test's entry: it says the word its helper exports. */
type Entry = { said: () => string };

const name = `.launcher-entry-${process.pid}`;
const entry = `tests/unit/${name}.ts`;
const helper = `tests/unit/.launcher-helper-${process.pid}.ts`;
const cache = path.join(projectRoot, 'node_modules/.cache/clubsite');
/** The modules the launcher made of this test's entry. */
const made = async () => (await readdir(cache)).filter((file) => file.startsWith(`${name}-`)).sort();
afterAll(async () => {
  for (const file of await made()) await rm(path.join(cache, file), { force: true });
  await Promise.all(
    [entry, helper, `${cache}/${name}.inputs.json`].map((file) => rm(path.resolve(projectRoot, file), { force: true })),
  );
});

test('the launcher runs esbuild again when a file the module was made of changes, and only then', async () => {
  await writeFile(path.join(projectRoot, helper), "export const word = 'hval';\n");
  await writeFile(
    path.join(projectRoot, entry),
    `import { word } from './.launcher-helper-${process.pid}.ts';\nexport const said = () => word;\n`,
  );
  const first = await importTypeScript<Entry>(entry);
  expect(first.said()).toBe('hval');
  // Nothing changed: the same module, made last time.
  expect(await importTypeScript<Entry>(entry)).toBe(first);
  // A file it imports changes (same size): a new module.
  await writeFile(path.join(projectRoot, helper), "export const word = 'sel!';\n");
  const second = await importTypeScript<Entry>(entry);
  expect(second.said()).toBe('sel!');
  await rm(path.join(projectRoot, helper));
  await expect(importTypeScript<Entry>(entry)).rejects.toThrow();
});

test('a module made from older sources is removed once it is over a minute old; a newer one is left', async () => {
  for (const file of await made()) await rm(path.join(cache, file));
  await writeFile(path.join(projectRoot, helper), "export const word = 'en';\n");
  await writeFile(
    path.join(projectRoot, entry),
    `import { word } from './.launcher-helper-${process.pid}.ts';\nexport const said = () => word;\n`,
  );
  await importTypeScript<Entry>(entry);
  const [old] = await made();
  expect(old).toMatch(/-[0-9a-f]{12}\.mjs$/);
  // Two minutes old: as if made by an earlier version of the generator.
  const then = new Date(Date.now() - 120_000);
  await utimes(path.join(cache, old as string), then, then);
  await writeFile(path.join(projectRoot, helper), "export const word = 'to';\n");
  expect((await importTypeScript<Entry>(entry)).said()).toBe('to');
  const afterSecond = await made();
  expect(afterSecond).not.toContain(old);
  expect(afterSecond).toHaveLength(1);
  // Made seconds ago (another clubsite may be about to import it): left.
  await writeFile(path.join(projectRoot, helper), "export const word = 'tre';\n");
  expect((await importTypeScript<Entry>(entry)).said()).toBe('tre');
  expect(await made()).toHaveLength(2);
});
