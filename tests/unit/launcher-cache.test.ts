import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import {
  bundleTypeScript,
  importTypeScript,
  moduleCache,
  temporaryModuleCache,
} from '../../generator/typescript-module.js';
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
    [entry, helper, `${cache}/${name}.inputs.json`, `${cache}/chunks/${name}`].map((file) =>
      rm(path.resolve(projectRoot, file), { force: true, recursive: true }),
    ),
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

test('what the entry imports with import() is a chunk of its own, kept while a module uses it and removed a minute after', async () => {
  const chunks = path.join(cache, 'chunks', name);
  const chunkFiles = async () => (await readdir(chunks).catch(() => [])).sort();
  await writeFile(path.join(projectRoot, helper), "export const word = 'fire';\n");
  await writeFile(
    path.join(projectRoot, entry),
    `export const said = async () => (await import('./.launcher-helper-${process.pid}.ts')).word;\n`,
  );
  const first = await importTypeScript<{ said: () => Promise<string> }>(entry);
  expect(await first.said()).toBe('fire');
  const [used] = await chunkFiles();
  expect(await chunkFiles()).toHaveLength(1);
  // A chunk gone from the cache (a folder cleaned by hand) is made again, not imported in vain.
  await rm(path.join(chunks, used as string));
  await importTypeScript(entry);
  expect(await chunkFiles()).toEqual([used]);
  // The entry changes, the chunk does not: two minutes old, it is still the new module's.
  const then = new Date(Date.now() - 120_000);
  await utimes(path.join(chunks, used as string), then, then);
  await writeFile(
    path.join(projectRoot, entry),
    `export const said = async () => (await import('./.launcher-helper-${process.pid}.ts')).word.toUpperCase();\n`,
  );
  expect(await (await importTypeScript<{ said: () => Promise<string> }>(entry)).said()).toBe('FIRE');
  expect(await chunkFiles()).toEqual([used]);
  // The chunk changes: the old one, no module's for over a minute, goes.
  await utimes(path.join(chunks, used as string), then, then);
  await writeFile(path.join(projectRoot, helper), "export const word = 'fem';\n");
  expect(await (await importTypeScript<{ said: () => Promise<string> }>(entry)).said()).toBe('FEM');
  const after = await chunkFiles();
  expect(after).toHaveLength(1);
  expect(after).not.toContain(used);
});

/** The packages a module loads before it runs: its static imports, and those of the chunks it imports, all the way down. */
async function packagesLoadedBy(file: string, seen = new Set<string>()): Promise<Set<string>> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = await readFile(file, 'utf8');
  // A package the launcher keeps as one file (generator/cached-package.js), run as the module loads.
  for (const [, bundled] of code.matchAll(/cachedPackage\("[^"]*\/packages\/(.+?)-[0-9a-f]{12}\.cjs"\)/g))
    packages.add((bundled as string).replaceAll('+', '/'));
  for (const [, specifier] of code.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)";|^import\s*"([^"]+)";/gm)) {
    if (specifier === undefined || specifier.endsWith('/generator/cached-package.js')) continue;
    // Packages are imported by their real paths, resolved from the tool's folder as the module was made.
    const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(specifier)?.[1];
    if (specifier.startsWith('.')) {
      for (const found of await packagesLoadedBy(path.resolve(path.dirname(file), specifier), seen))
        packages.add(found);
    } else if (inPackage) packages.add(inPackage);
    else if (!specifier.startsWith('node:')) packages.add(specifier);
  }
  return packages;
}

test('clubsite --help and --version load commander only: esbuild, React, sharp and the rest come with the command that runs', async () => {
  const cli = await bundleTypeScript('generator/cli.ts');
  expect([...(await packagesLoadedBy(cli))]).toEqual(['commander']);
  const { stdout } = await promisify(execFile)(process.execPath, [
    path.join(projectRoot, 'bin/clubsite.js'),
    '--version',
  ]);
  expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
});

test('a module made for another project or another copy of the tool (a copied node_modules, a cache restored elsewhere) is made again, never run', async () => {
  await writeFile(path.join(projectRoot, helper), "export const word = 'seks';\n");
  await writeFile(
    path.join(projectRoot, entry),
    `import { word } from './.launcher-helper-${process.pid}.ts';\nexport const said = () => word;\n`,
  );
  expect((await importTypeScript<Entry>(entry)).said()).toBe('seks');
  // What another checkout left: the same inputs, as they are, and a module of its own.
  const stamps = path.join(cache, `${name}.inputs.json`);
  const noted = JSON.parse(await readFile(stamps, 'utf8'));
  const theirs = path.join(cache, `${name}-000000000000.mjs`);
  await writeFile(theirs, "export const said = () => 'the other checkout';\n");
  // Made for this project and tool, it would be run (the stamps are believed)…
  await writeFile(stamps, JSON.stringify({ ...noted, file: theirs }));
  expect((await importTypeScript<Entry>(entry)).said()).toBe('the other checkout');
  // …made for another project or another tool, it is not.
  for (const other of [{ project: '/elsewhere/klubb' }, { tool: '/elsewhere/klubb/node_modules/clubsite' }]) {
    await writeFile(stamps, JSON.stringify({ ...noted, file: theirs, ...other }));
    expect((await importTypeScript<Entry>(entry)).said()).toBe('seks');
  }
  await rm(theirs, { force: true });
});

test('a project whose node_modules cannot be written gets its modules in a folder of its own in the temporary folder', async () => {
  const project = await mkdtemp(path.join(os.tmpdir(), 'clubsite-no-cache-'));
  // A node_modules that is a file: nothing can be made in it, as in a read-only one (root writes anyway).
  await writeFile(path.join(project, 'node_modules'), '');
  await writeFile(path.join(projectRoot, helper), "export const word = 'sju';\n");
  await writeFile(
    path.join(projectRoot, entry),
    `import { word } from './.launcher-helper-${process.pid}.ts';\nexport const said = () => word;\n`,
  );
  try {
    const folder = moduleCache(project);
    expect(folder).toBe(temporaryModuleCache(project));
    expect(path.dirname(path.dirname(folder))).toBe(os.tmpdir());
    expect(path.basename(folder)).toMatch(/^modules-[0-9a-f]{12}$/);
    const made = await bundleTypeScript(entry, project);
    expect(path.dirname(made)).toBe(folder);
    expect(((await import(made)) as Entry).said()).toBe('sju');
    // A project without node_modules at all (clubsite new in an empty folder) gets none made either.
    await rm(path.join(project, 'node_modules'));
    expect(moduleCache(project)).toBe(folder);
    expect(await readdir(project)).toEqual([]);
    await rm(folder, { recursive: true, force: true });
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
