import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
// @ts-expect-error: the launcher is plain JavaScript without types.
import { importTypeScript } from '../../bin/load-generator.js';
import { projectRoot } from '../support/site-build.ts';

const entry = `tests/unit/.launcher-entry-${process.pid}.ts`;
const helper = `tests/unit/.launcher-helper-${process.pid}.ts`;
const stamps = `node_modules/.cache/clubsite/.launcher-entry-${process.pid}.inputs.json`;
afterAll(() => Promise.all([entry, helper, stamps].map((file) => rm(path.join(projectRoot, file), { force: true }))));

test('the launcher runs esbuild again when a file the module was made of changes, and only then', async () => {
  await writeFile(path.join(projectRoot, helper), "export const word = 'hval';\n");
  await writeFile(
    path.join(projectRoot, entry),
    `import { word } from './.launcher-helper-${process.pid}.ts';\nexport const said = () => word;\n`,
  );
  const first = await importTypeScript(entry);
  expect(first.said()).toBe('hval');
  // Nothing changed: the same module, made last time.
  expect(await importTypeScript(entry)).toBe(first);
  // A file it imports changes (same size): a new module.
  await writeFile(path.join(projectRoot, helper), "export const word = 'sel!';\n");
  const second = await importTypeScript(entry);
  expect(second.said()).toBe('sel!');
  await rm(path.join(projectRoot, helper));
  await expect(importTypeScript(entry)).rejects.toThrow();
});
