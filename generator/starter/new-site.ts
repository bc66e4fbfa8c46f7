/**
 * `clubsite new [dir]`: the starter site (the tool's starter/ folder: a front page, pages, a
 * data collection, news, one island, a stylesheet, a README for its volunteers and the GitHub
 * workflow) written into a new or empty folder, with a package.json that depends on this very
 * clubsite and the editors' JSON Schemas. `npm install && npx clubsite dev` is what is left.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildFailed, ContentError } from '../errors.ts';
import { loadSite } from '../bundle/load-site.ts';
import { toolFile } from '../bundle/tool-files.ts';
import { DEFAULT_NAMES } from '../model/project.ts';
import { OutputError } from '../publish/output-error.ts';
import { requirePackage } from '../typescript-module.js';
import { writeEditorSchemas } from '../schema/schema-command.ts';
import { slugOf } from '../slug.ts';
import { toolSpec } from './tool-spec.ts';

interface ToolManifest {
  version: string;
  allowScripts?: Record<string, boolean>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** Writes the site into `target` (`shown`: as the user named it); what to type next. */
export async function newSite(target: string, shown: string): Promise<string> {
  const there = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENOTDIR')
      throw new OutputError(`${shown} is a file: clubsite new writes a site into a folder.`, 2);
    throw error;
  });
  if (there && there.length > 0)
    throw new OutputError(
      `${shown === '.' ? 'This folder' : shown} is not empty: clubsite new writes a site into a new or empty folder only, so nothing of yours is replaced.\n  Hint: clubsite new ${shellWord(freeFolder(target, shown))} makes a new folder for it.`,
      2,
    );
  try {
    await writeSite(target);
  } catch (error) {
    // The folder was new or empty: what a failed run wrote goes, so the next run finds it as it was.
    if (there)
      await Promise.all((await readdir(target)).map((name) => rm(path.join(target, name), { recursive: true })));
    else await rm(target, { recursive: true, force: true });
    throw error;
  }
  const into = shown === '.' ? [] : [`  cd ${shellWord(shown)}`];
  return [
    `A new site in ${shown === '.' ? 'this folder' : `${shown}/`}. Next:`,
    ...into,
    '  npm install',
    '  npx clubsite dev',
  ].join('\n');
}

async function writeSite(target: string): Promise<void> {
  const starter = toolFile('starter');
  await mkdir(target, { recursive: true });
  await cp(starter, target, { recursive: true });
  // npm leaves a package's .gitignore out of its tarball: the starter keeps it under another name.
  await rename(path.join(target, 'gitignore'), path.join(target, '.gitignore'));
  await mkdir(path.join(target, '.github/scripts'), { recursive: true });
  await cp(toolFile('.github/scripts/build-due.mjs'), path.join(target, '.github/scripts/build-due.mjs'));
  const tool = JSON.parse(await readFile(toolFile('package.json'), 'utf8')) as ToolManifest;
  const name = slugOf(path.basename(target)) || 'klubb';
  await writeFile(
    path.join(target, 'package.json'),
    `${JSON.stringify(manifest(name, tool, await toolSpec(target, tool.version)), null, 2)}\n`,
  );
  // The schemas of the starter's own code, read where the tool has it (the new folder has no packages yet).
  const site = await loadSite(starter, DEFAULT_NAMES.siteEntry).catch((error: unknown) => {
    if (error instanceof ContentError) throw new BuildFailed([error]);
    throw error;
  });
  const content = DEFAULT_NAMES.contentDir;
  await writeEditorSchemas(site.site, target, path.join(target, content, '.schemas'), content);
}

/** A folder name beside `target` (or in it, for `.`) that is free, as the user would type it: minklubb, full-2. */
function freeFolder(target: string, shown: string): string {
  const [parent, base, prefix] =
    shown === '.' ? [target, 'minklubb', ''] : [path.dirname(target), path.basename(target), path.dirname(shown)];
  for (let n = shown === '.' ? 1 : 2; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!existsSync(path.join(parent, name))) return prefix === '' || prefix === '.' ? name : path.join(prefix, name);
  }
}

/** A path as a shell reads it: quoted when it holds a space or another character the shell reads. */
const shellWord = (word: string): string =>
  /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/** The new site's package.json: this clubsite, and the versions of the packages its code shares with the tool's. */
function manifest(name: string, tool: ToolManifest, clubsite: string) {
  const pick = (from: Record<string, string>, names: string[]) =>
    Object.fromEntries(names.map((dependency) => [dependency, from[dependency]]));
  return {
    name,
    private: true,
    type: 'module',
    scripts: {
      dev: 'clubsite dev',
      build: 'clubsite build',
      check: 'clubsite check',
      schema: 'clubsite schema',
      typecheck: 'tsc --noEmit',
    },
    engines: { node: '>=20.19' },
    ...(tool.allowScripts ? { allowScripts: tool.allowScripts } : {}),
    dependencies: { clubsite, ...pick(tool.dependencies, SHARED) },
    devDependencies: pick(tool.devDependencies, ['@types/react', '@types/react-dom', 'typescript']),
    overrides: { 'decap-cms': buildOnlyPackages() },
  };
}

/** The packages a new site's own code shares with the tool's: the site installs them itself. */
const SHARED = ['react', 'react-dom', 'zod'];

/** An empty package, put in place of each package that only building Decap CMS's bundle needs. */
export const EMPTY_PACKAGE = 'npm:empty-npm-package@1.0.0';

/**
 * Decap CMS's dependencies, each replaced by an empty package. The admin serves the package's
 * prebuilt dist/ only, a bundle that brings everything it runs (a UMD bundle that imports
 * nothing); its dependencies (its sources, webpack loaders, CodeMirror) are what built it: 580
 * packages and 300 MB more in every `npm ci` of the site. React stays, the site has it anyway.
 */
function buildOnlyPackages(): Record<string, string> {
  const decap = requirePackage('decap-cms/package.json') as { dependencies?: Record<string, string> };
  const names = Object.keys(decap.dependencies ?? {}).filter((name) => !SHARED.includes(name));
  return Object.fromEntries(names.sort().map((name) => [name, EMPTY_PACKAGE]));
}
