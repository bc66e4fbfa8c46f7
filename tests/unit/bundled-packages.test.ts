/**
 * The packages the launcher bundles beside Zod (generator/cached-package.js): those the
 * generator's modules import at every start (React's server renderer, commander, picomatch) and
 * those it loads when first needed (gray-matter, yaml, markdown-it, entities: lazy-package.ts),
 * each one file in the module cache run with V8's code cache. React stays one copy (its hooks
 * work in the bundled renderer), a new copy of any package bundled in, npm ci, makes the
 * module again, and every project sharing the tool makes the very same files.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { bundleTypeScript } from '../../generator/typescript-module.js';
import { launcherEntry, moduleCacheFolder } from '../support/launcher-entry.ts';
import { projectRoot } from '../support/site-build.ts';

const { name, entry, write } = launcherEntry('lazy-entry');
const cache = moduleCacheFolder;

interface Entry {
  sameReact: () => Promise<boolean>;
  frontMatter: () => { data: Record<string, unknown>; content: string };
  ownEngine: () => unknown;
  heading: () => string;
  rendered: () => string;
}

test('bundled packages load from one file each, with one React, and the module knows every package bundled in', async () => {
  await write([
    "import { createElement, useId } from 'react';",
    "import { renderToStaticMarkup } from 'react-dom/server';",
    "import { lazyPackage } from '../../generator/lazy-package.ts';",
    "import { importPackage } from '../../generator/typescript-module.js';",
    "// The site's code gets React from importPackage (bundle/shared-packages.ts) as `import` hands out a CommonJS package.",
    "export const sameReact = async () => { const react = await importPackage('react'); return react.default?.createElement === createElement && react.createElement === createElement; };",
    'type Matter = (text: string, options?: object) => { data: Record<string, unknown>; content: string };',
    "const matter = lazyPackage<Matter>('gray-matter');",
    "const yaml = lazyPackage<{ parse: (text: string) => object }>('yaml');",
    "const markdownIt = lazyPackage<new () => { render: (text: string) => string }>('markdown-it');",
    "const text = '---\\ntittel: Svømming\\n---\\nTekst';",
    '// As load/page-source.ts reads front matter: split by gray-matter, parsed by yaml.',
    'export const frontMatter = () => matter()(text, { engines: { yaml: (raw: string) => yaml().parse(raw) } });',
    "export const ownEngine = () => matter()('---\\nbane: 4\\n---\\n');",
    "export const heading = () => new (markdownIt())().render('# Hei');",
    "const Lane = () => createElement('p', { id: useId() }, 'Bane 4');",
    'export const rendered = () => renderToStaticMarkup(createElement(Lane));',
  ]);
  const made = await bundleTypeScript(entry);
  const code = await readFile(made, 'utf8');
  const packages = path.join(cache, 'packages');
  for (const bundled of ['gray-matter', 'yaml', 'markdown-it', 'entities', 'react-dom\\+server'])
    expect(code).toMatch(new RegExp(`${packages.replaceAll('/', '\\/')}\\/${bundled}-[0-9a-f]{12}\\.cjs`));
  // Not Node's copies of them: the bundled files, by their paths in the module cache.
  expect(code).not.toMatch(/node_modules\/(gray-matter|markdown-it|react-dom)\//);
  // React by `require`, not `import` (which would scan its files for their names first), as the renderer's bundle has it.
  expect(code).not.toMatch(/node_modules\/react\//);
  expect(code).toMatch(/requirePackage\("react"\)/);
  const module = (await import(made)) as Entry;
  expect(module.frontMatter()).toMatchObject({ data: { tittel: 'Svømming' }, content: 'Tekst' });
  // gray-matter's own YAML engine (js-yaml) is left out of its bundle: the generator never calls it.
  expect(module.ownEngine).toThrow(/clubsite bundles gray-matter without js-yaml/);
  expect(module.heading()).toBe('<h1>Hei</h1>\n');
  // A hook needs the renderer's React to be the one the element was made with.
  expect(module.rendered()).toMatch(/^<p id="[^"]+">Bane 4<\/p>$/);
  expect(await module.sameReact()).toBe(true);
  // section-matter comes inside gray-matter's file: its package.json is one of what the module was made of; js-yaml's is not.
  const inputs = JSON.parse(await readFile(path.join(cache, `${name}.inputs.json`), 'utf8')) as {
    inputs: Array<[string, string]>;
  };
  const files = inputs.inputs.map(([file]) => file);
  expect(files).toContain(path.join(projectRoot, 'node_modules/section-matter/package.json'));
  expect(files).not.toContain(path.join(projectRoot, 'node_modules/js-yaml/package.json'));
  expect(files).toContain(path.join(projectRoot, 'node_modules/react-dom/package.json'));
  expect(files).toContain(path.join(projectRoot, 'node_modules/react/package.json'));
});

test('projects that share the tool (one node_modules linked into several) make the same package files, none removing what another runs', async () => {
  // Run from two folders, as two projects' builds are: esbuild would name files from its working folder.
  const folders = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'clubsite-shared-tool-'))));
  // At another depth too: a path relative to one folder differs from the same path relative to the other.
  const deeper = path.join(folders[1] as string, 'klubb', 'nettsted');
  await mkdir(deeper, { recursive: true });
  try {
    const made = await Promise.all(
      [folders[0] as string, deeper].map(async (folder) => {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `import { bundleTypeScript } from ${JSON.stringify(path.join(projectRoot, 'generator/typescript-module.js'))};
             process.stdout.write(await bundleTypeScript(${JSON.stringify(entry)}));`,
          ],
          { cwd: folder },
        );
        const code = await readFile(stdout, 'utf8');
        return [...code.matchAll(/\/packages\/([^"/]+\.cjs)"/g)].map((found) => found[1] as string).sort();
      }),
    );
    const names = (made[0] ?? []).map((file) => file.replace(/-[0-9a-f]{12}\.cjs$/, ''));
    expect(names).toEqual(['entities', 'gray-matter', 'markdown-it', 'react-dom+server', 'yaml']);
    expect(made[1]).toEqual(made[0]);
  } finally {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  }
});
