/**
 * A package that every build loads, kept as one CommonJS file in the module cache and compiled
 * with V8's code cache. Zod is some 95 ES modules, which Node 20 resolves, reads and compiles
 * one by one at every start (about 50 ms), and whose functions a site's schemas call are
 * compiled again at every start (20 ms more); as one file whose compiled code is kept, it loads
 * in a fraction of that. Node 22's own compile cache (module.enableCompileCache) would keep
 * every module's code; Node 20 has none.
 *
 * The generator's modules import such a package through a small module made as they are
 * bundled (typescript-module.js), which runs this file's copy once in a thread: the site's code
 * is handed the same copy (bundle/shared-packages.ts). Run from its sources (the tests), the
 * generator imports the package as Node resolves it. Plain JavaScript, never bundled itself:
 * one copy of `loaded` in a thread, whichever module asks.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { isMainThread } from 'node:worker_threads';

/** The packages kept so: those a build always loads that are many modules. */
export const CACHED_PACKAGES = new Set(['zod']);

/** What each bundled file exported, run once in this thread. */
const loaded = new Map();

/** The package bundled as `file` (by bundlePackage), run the first time a module of this thread asks. */
export function cachedPackage(file) {
  let exports = loaded.get(file);
  if (exports === undefined) {
    exports = runBundle(file);
    loaded.set(file, exports);
  }
  return exports;
}

/**
 * V8's code cache is checked against the code's length, not its content: it is kept under the
 * bundle's name, which holds the hash of its content, and the V8 it was made by.
 */
const codeCacheOf = (file) => `${file.slice(0, -'.cjs'.length)}.${process.versions.v8}-${process.arch}.code`;

function runBundle(file) {
  const code = readFileSync(file, 'utf8');
  const codeCache = codeCacheOf(file);
  const cachedData = checkedCodeCache(codeCache);
  // Node's own wrapper of a CommonJS module, on the first line: the bundle's lines stay where they are.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${code}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const made = { exports: {} };
  script
    .runInThisContext()
    .call(made.exports, made.exports, module.createRequire(file), made, file, path.dirname(file));
  // Made as soon as the package has run: V8 drops the compiled code of what ran once (its top
  // level) after a while, and a cache made at the end would have to compile it all again.
  if ((cachedData === undefined || script.cachedDataRejected) && isMainThread) keepCodeCache(codeCache, script);
  return made.exports;
}

/**
 * The code cache kept in `file`, if it is whole: V8 outside its debug builds does not check a
 * code cache's checksum, and would run the compiled code of a file spoilt on disk as it is. So
 * the cache is kept after a CRC-32 of its bytes (`zlib.crc32`, Node 20.15 and later), and one
 * that does not match is not used (and made again).
 */
function checkedCodeCache(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= 4 || typeof zlib.crc32 !== 'function') return undefined;
  const data = bytes.subarray(4);
  return bytes.readUInt32LE(0) === zlib.crc32(data) ? data : undefined;
}

function keepCodeCache(file, script) {
  try {
    if (typeof zlib.crc32 !== 'function') return;
    const data = script.createCachedData();
    const check = Buffer.alloc(4);
    check.writeUInt32LE(zlib.crc32(data));
    writeWhole(file, Buffer.concat([check, data]));
  } catch {
    // A code cache that cannot be written is only not kept.
  }
}

/**
 * Bundles the package `name` (as the tool resolves it) into one CommonJS file in `cache`/packages/,
 * named by its content's hash, with esbuild, written as the launcher writes the modules it makes
 * (`writeModule`: typescript-module.js); returns the file, the names it exports and the
 * package's package.json (what a module made with it is checked against). Files of
 * the package made from an earlier copy of it go once they are over a minute old (another
 * clubsite may be about to run one).
 */
export async function bundlePackage(name, cache, { esbuild, writeModule }) {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(import.meta.resolve(name))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  const stem = `${name.replaceAll('/', '+')}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}`;
  const folder = path.join(cache, 'packages');
  const file = path.join(folder, `${stem}.cjs`);
  await writeModule(file, code);
  removeOlder(folder, name.replaceAll('/', '+'), `${stem}.`);
  const names = Object.keys(cachedPackage(file)).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key));
  return { file, names, packageFile: packageFileOf(name) };
}

/** The package.json of the package `name` as the tool resolves it: a new copy of the package (npm ci) writes it anew. */
function packageFileOf(name) {
  const entry = fileURLToPath(import.meta.resolve(name));
  const folder = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  return `${entry.slice(0, entry.lastIndexOf(folder) + folder.length)}package.json`;
}

function removeOlder(folder, stem, keep) {
  const minuteAgo = Date.now() - 60_000;
  const ofPackage = (name) => name.startsWith(`${stem}-`) && /^[0-9a-f]{12}\./.test(name.slice(stem.length + 1));
  for (const name of readdirSync(folder)) {
    if (!ofPackage(name) || name.startsWith(keep)) continue;
    const stats = statSync(path.join(folder, name), { throwIfNoEntry: false });
    if (stats && stats.mtimeMs < minuteAgo) rmSync(path.join(folder, name), { force: true });
  }
}

/** Writes `data` under a temporary name and renames it into place: a reader finds a whole file or none. */
function writeWhole(file, data) {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
