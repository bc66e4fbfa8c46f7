/**
 * TypeScript of this project as modules Node runs: plain JavaScript, since bin/ runs it before
 * anything is bundled. The launcher (bin/clubsite.js) imports the CLI through it, and the
 * render workers' module is bundled with it (generator/pipeline/worker-pool.ts).
 *
 * The modules are made for one project and one copy of the tool: they go into the project's
 * node_modules/.cache/clubsite/ (the project being the folder clubsite runs in), or, when that
 * cannot be written (a read-only node_modules), into a folder of the system's temporary folder
 * named after the project's real path, inside this user's own folder there (privateFolder). The packages they import are resolved from the tool's
 * own folder as the module is made, and written into it by their real paths: a module runs the
 * same wherever its file lies, even where the project has no packages of its own (pnpm). This
 * file is never bundled into a module itself (its own place is the tool's), and what a module
 * was made for (the tool's and the project's real paths) is checked before it is run again: a
 * project copied with its node_modules, or a cache restored at another path, makes its own.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, utimes } from 'node:fs/promises';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeWholeAsync } from './whole-file.js';

/** The tool's folder, above generator/ (its real path: a linked or installed tool is where its files are). */
export const toolRoot = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

/**
 * Loads a package's CommonJS build as the generator's own code resolves it (from the tool's
 * folder), when first asked: what a build may not need (YAML's parser when no YAML changed,
 * esbuild when the site's code is kept) is not loaded at every start (generator/lazy-package.ts).
 */
export const requirePackage = module.createRequire(import.meta.url);

/**
 * React's packages (`react`, `react/jsx-runtime`, …): CommonJS, one copy in a thread, loaded
 * with `require` by the generator's modules (tool-folder-plugin.js) and the site's code, as the
 * bundled React renderer loads them (cached-package.js). Node's `import` of a CommonJS file
 * first scans its source, and the files it re-exports, for the names it exports
 * (cjs-module-lexer, in JavaScript that has not warmed up): 10 to 30 ms of every build for
 * `react` and `react/jsx-runtime`, for the very exports object `require` gives.
 */
export const REQUIRED_PACKAGES = /^react(?:\/|$)/;

/**
 * Imports a package as the generator's own code imports it: resolved from the tool's folder, so
 * the site's code gets the very copy the generator uses (one React, one Zod). One of
 * REQUIRED_PACKAGES is required, and handed out as `import` hands out a CommonJS package: its
 * exports as `default`, and each of them by name.
 */
export async function importPackage(specifier) {
  if (!REQUIRED_PACKAGES.test(specifier)) return import(specifier);
  const exports = requirePackage(specifier);
  return { ...exports, default: exports };
}

/** Imports a TypeScript entry of this project, bundled by bundleTypeScript. */
export async function importTypeScript(entry) {
  enableCompileCache();
  const file = await bundleTypeScript(entry);
  // The module's name holds the hash of the code it was made of (its chunks' names included):
  // what the generator's page cache is keyed by (pipeline/generator-code.ts).
  process.env.CLUBSITE_CODE ??= path.basename(file, '.mjs');
  return import(pathToFileURL(file).href);
}

/**
 * Bundles a TypeScript entry of the tool (a path in its folder) for Node into the module cache
 * (moduleCache) under its content hash (written whole, see writeModule), and returns the
 * module's path. The files it was made of are noted with their stamps (size, modification
 * time, inode), and the real paths of the tool and the project it was made for: while those
 * are the same and no file has changed, the module made last time is returned without running
 * esbuild at all.
 *
 * What the entry imports with `import()` is split into chunks of its own (chunks/<entry>/, named
 * by their content), with the packages they import: in one file, esbuild would hoist every
 * package import to the top, and `clubsite --help` would load esbuild, React and sharp before
 * commander reads the arguments (`npm run bench -- startup`: 293 ms before against 94 ms now,
 * where `node -e 0` takes 64 ms).
 */
export async function bundleTypeScript(entry, project = process.cwd()) {
  const cache = moduleCache(project);
  const name = path.basename(entry, '.ts');
  const stamps = path.join(cache, `${name}.inputs.json`);
  const madeFor = { tool: toolRoot, project: realOr(project) };
  const unchanged = await madeFrom(stamps, madeFor);
  if (unchanged) return unchanged;
  const esbuild = await import('esbuild');
  // Loaded only to make a module: a module made before imports what it needs itself.
  const cachedPackages = await import('./cached-package.js');
  const { CACHED, fromToolFolder } = await import('./tool-folder-plugin.js');
  /** The packages bundled for the module (cached-package.js), by name. */
  const packages = new Map();
  const result = await esbuild.build({
    entryPoints: [path.resolve(toolRoot, entry)],
    absWorkingDir: toolRoot,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [
      fromToolFolder(
        cache,
        { toolRoot, esbuild, writeModule, requirePackage, REQUIRED_PACKAGES, ...cachedPackages },
        packages,
      ),
    ],
    jsx: 'automatic',
    write: false,
    metafile: true,
    sourcemap: 'inline',
    outdir: cache,
    entryNames: name,
    chunkNames: `chunks/${name}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
  const entryOutput = path.join(cache, `${name}.mjs`);
  const chunks = result.outputFiles.filter((output) => output.path !== entryOutput);
  // The chunks first: an entry that is there always finds them. One made before is touched,
  // so that its age says when a module last used it (removeOlder).
  for (const chunk of chunks) await writeModule(chunk.path, chunk.text, true);
  const code = result.outputFiles.find((output) => output.path === entryOutput).text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = path.join(cache, `${name}-${hash}.mjs`);
  await writeModule(file, code);
  await removeOlder(cache, name, file, new Set(chunks.map((chunk) => chunk.path)));
  // This file too: how it bundles is part of what it made. A bundled package by its package.json (its version).
  const inputs = [
    ...Object.keys(result.metafile.inputs)
      .filter((input) => !input.startsWith(`${CACHED}:`))
      .map((input) => path.resolve(toolRoot, input)),
    ...['typescript-module.js', 'cached-package.js', 'tool-folder-plugin.js'].map((own) =>
      fileURLToPath(new URL(own, import.meta.url)),
    ),
    ...[...packages.values()].flatMap((bundled) => bundled.packageFiles),
  ];
  const bundledFiles = [...packages.values()].map((bundled) => bundled.file);
  const made = { ...madeFor, file, chunks: [...chunks.map((chunk) => chunk.path), ...bundledFiles] };
  await writeModule(stamps, JSON.stringify({ ...made, inputs: inputs.map((input) => [input, stampOf(input)]) }));
  return file;
}

/**
 * The module cache of a project: its node_modules/.cache/clubsite/ when it has a node_modules
 * that can be written, else a folder of the system's temporary folder of its own (named by the
 * project's real path): `clubsite new` in an empty folder leaves no node_modules behind.
 */
export function moduleCache(project = process.cwd()) {
  const real = realOr(project);
  const own = path.join(real, 'node_modules', '.cache', 'clubsite');
  return existsSync(path.join(real, 'node_modules')) && writable(own) ? own : temporaryModuleCache(real);
}

/** A project's module cache in the system's temporary folder, named by the project's real path. */
export function temporaryModuleCache(project) {
  const named = createHash('sha256').update(realOr(project)).digest('hex').slice(0, 12);
  return path.join(privateFolder(), `modules-${named}`);
}

/**
 * This user's own folder in the system's temporary folder (`clubsite-<uid>`), where the modules
 * the launcher runs are kept when a project's node_modules cannot hold them, and Node's compile
 * cache: made 0700, and used only while it is a real folder of this user's that no one else can
 * write. Another user could make one by that name first, with a module in it for this user to
 * run; such a folder is not used, and this run makes its modules in a new folder of its own
 * (`mkdtemp`, 0700), saying so in one line.
 */
export function privateFolder() {
  if (checkedPrivate !== undefined) return checkedPrivate;
  const uid = process.getuid?.();
  const folder = path.join(os.tmpdir(), uid === undefined ? 'clubsite' : `clubsite-${uid}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (error?.code !== 'EEXIST') throw error;
  }
  const stats = lstatSync(folder);
  const own = stats.isDirectory() && (uid === undefined || (stats.uid === uid && (stats.mode & 0o077) === 0));
  if (own) checkedPrivate = folder;
  else {
    checkedPrivate = mkdtempSync(path.join(os.tmpdir(), 'clubsite-'));
    const owner = stats.isDirectory()
      ? `owned by uid ${stats.uid}, mode ${(stats.mode & 0o777).toString(8)}`
      : 'not a folder';
    process.stderr.write(
      `clubsite: ${folder} is not this user's own folder (${owner}), so nothing in it is run; this run keeps its modules in ${checkedPrivate}\n`,
    );
  }
  return checkedPrivate;
}
let checkedPrivate;

function writable(folder) {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const realOr = (folder) => {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
};

/**
 * Node 22.1 and later keep the code they compile (this module's, and its packages') on disk,
 * and a run starts sooner the next time: `clubsite --version` 155 → 130 ms on Node 22 here.
 * Node 20 has no such cache. NODE_COMPILE_CACHE chooses the folder, and hands the cache on to
 * the render workers; Node's own NODE_DISABLE_COMPILE_CACHE turns it off. Node's default folder
 * is shared by every user of the temporary folder and checks no owner: the cache is kept in
 * this user's own folder instead (privateFolder).
 */
function enableCompileCache() {
  if (typeof module.enableCompileCache !== 'function') return;
  const chosen = process.env.NODE_COMPILE_CACHE ?? path.join(privateFolder(), 'compile-cache');
  const enabled = module.enableCompileCache(chosen);
  if (enabled?.directory && process.env.NODE_COMPILE_CACHE === undefined)
    process.env.NODE_COMPILE_CACHE = enabled.directory;
}

/**
 * Removes the modules made earlier from the same entry, and their chunks: each change to the
 * generator makes a new module (about a megabyte), and only the newest is imported again. One
 * made or used in the last minute is left: another clubsite, started from other sources, may be
 * about to import it.
 */
async function removeOlder(cache, name, keep, chunks) {
  const made = (file) => file.startsWith(`${name}-`) && /^[0-9a-f]{12}\.mjs$/.test(file.slice(name.length + 1));
  const modules = (await readdir(cache).catch(() => []))
    .filter((file) => made(file))
    .map((file) => path.join(cache, file));
  const chunkFolder = path.join(cache, 'chunks', name);
  const older = (await readdir(chunkFolder).catch(() => [])).map((file) => path.join(chunkFolder, file));
  const minuteAgo = Date.now() - 60_000;
  for (const file of [...modules, ...older]) {
    if (file === keep || chunks.has(file)) continue;
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && stats.mtimeMs < minuteAgo) await rm(file, { force: true }).catch(() => undefined);
  }
}

/** A file's size, modification time and inode, or null when it is gone. */
function stampOf(file) {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.size}:${stats.mtimeMs}:${stats.ino}` : null;
}

/**
 * The module noted in `stamps` when it was made for this tool and project, it and its chunks are
 * there, and every file it was made of is as it was then; else undefined.
 */
async function madeFrom(stamps, madeFor) {
  try {
    const { tool, project, file, chunks = [], inputs } = JSON.parse(await readFile(stamps, 'utf8'));
    if (tool !== madeFor.tool || project !== madeFor.project) return undefined;
    if (![file, ...chunks].every((made) => existsSync(made)) || inputs.length === 0) return undefined;
    return inputs.every(([input, stamp]) => stampOf(input) === stamp) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a cached module under a temporary name and renames it into place, so that another
 * clubsite running at the same time imports a whole file or none (never a half-written one).
 * A module already there with the same code is left alone (its time set to now with `touch`).
 */
async function writeModule(file, code, touch = false) {
  if ((await readFile(file, 'utf8').catch(() => undefined)) === code) {
    if (touch) await utimes(file, new Date(), new Date()).catch(() => undefined);
    return;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeWholeAsync(file, code);
}
