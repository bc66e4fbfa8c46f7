/**
 * TypeScript of this project as modules Node runs: plain JavaScript, since bin/ runs it before
 * anything is bundled. The launcher (bin/clubsite.js) imports the CLI through it, and the
 * render pool (generator/render/render-pool.ts) bundles its workers' module with it.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The tool's folder, above generator/. */
const launcherRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Imports a TypeScript entry of this project, bundled by bundleTypeScript. */
export async function importTypeScript(entry) {
  enableCompileCache();
  const file = await bundleTypeScript(entry);
  // The module's name holds the hash of the code it was made of (its chunks' names included):
  // what the generator's page cache is keyed by (build/generator-code.ts).
  process.env.CLUBSITE_CODE ??= path.basename(file, '.mjs');
  return import(pathToFileURL(file).href);
}

/**
 * Bundles a TypeScript entry of this project for Node (packages stay external) into
 * node_modules/.cache/clubsite/ under its content hash (written whole, see writeModule), and
 * returns the module's path. The files it was made of are noted with their stamps (size,
 * modification time, inode): while none has changed, the module made last time is returned
 * without running esbuild at all. `root` is the project's folder; the generator passes its own
 * (toolRoot) when it bundles its render workers' module, as this file is then part of its bundle.
 *
 * What the entry imports with `import()` is split into chunks of its own (chunks/<entry>/, named
 * by their content), with the packages they import: in one file, esbuild would hoist every
 * package import to the top, and `clubsite --help` would load esbuild, React and sharp before
 * commander reads the arguments (`npm run bench -- startup`: 293 ms before against 94 ms now,
 * where `node -e 0` takes 64 ms).
 */
export async function bundleTypeScript(entry, root = launcherRoot) {
  const cache = path.join(root, 'node_modules/.cache/clubsite');
  const name = path.basename(entry, '.ts');
  const stamps = path.join(cache, `${name}.inputs.json`);
  const unchanged = await madeFrom(stamps);
  if (unchanged) return unchanged;
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.resolve(root, entry)],
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
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
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input));
  const made = { file, chunks: chunks.map((chunk) => chunk.path) };
  await writeModule(stamps, JSON.stringify({ ...made, inputs: inputs.map((input) => [input, stampOf(input)]) }));
  return file;
}

/**
 * Node 22.1 and later keep the code they compile (this module's, and its packages') on disk,
 * and a run starts sooner the next time: `clubsite --version` 155 → 130 ms on Node 22 here.
 * Node 20 has no such cache. NODE_COMPILE_CACHE chooses the folder (Node's default is in the
 * system's temporary folder), and hands the cache on to the render workers; Node's own
 * NODE_DISABLE_COMPILE_CACHE turns it off.
 */
function enableCompileCache() {
  const enabled = module.enableCompileCache?.();
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

/** The module noted in `stamps` when it and its chunks are there and every file it was made of is as it was then; else undefined. */
async function madeFrom(stamps) {
  try {
    const { file, chunks = [], inputs } = JSON.parse(await readFile(stamps, 'utf8'));
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
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, code);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
