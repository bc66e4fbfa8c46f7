/**
 * A package that every build loads, kept as one CommonJS file in the module cache and compiled
 * with V8's code cache. Zod is some 95 ES modules, which Node 20 resolves, reads and compiles
 * one by one at every start (about 50 ms), and whose functions a site's schemas call are
 * compiled again at every start (20 ms more); as one file whose compiled code is kept, it loads
 * in a fraction of that. Node 22's own compile cache (module.enableCompileCache) would keep
 * every module's code; Node 20 has none. Measured again on Node 20.20 with the code cache turned
 * off (V8's cachedData not given, not kept), in one paired run on the club site: `clubsite check`
 * 1.31 s of CPU against 1.39 s (−6 %), `build --no-cache` −7 %, a build with nothing changed
 * (which loads none of these) even: it stays while Node 20 is supported.
 *
 * The generator's modules import such a package through a small module made as they are
 * bundled (typescript-module.js), which runs this file's copy once in a thread: the site's code
 * is handed the same copy (bundle/shared-packages.ts). Run from its sources (the tests), the
 * generator imports the package as Node resolves it. Plain JavaScript, never bundled itself:
 * one copy of `loaded` in a thread, whichever module asks.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { writeWhole } from './whole-file.js';
import zlib from 'node:zlib';
import { isMainThread } from 'node:worker_threads';

/**
 * The packages kept so that the generator's modules import: each a build loads at every start
 * (commander, React's server renderer, picomatch), Zod among them as some 95 modules. Bundled
 * from the entry Node's `import` resolves, as it would give them.
 */
export const CACHED_PACKAGES = new Set(['zod', 'commander', 'react-dom/server', 'picomatch']);

/**
 * The packages the generator loads only when it first needs them (lazy-package.ts): bundled
 * from the entry `require` resolves, as it gives them. Each is many CommonJS files, read and
 * compiled one by one (gray-matter with js-yaml 31 ms, yaml 28, markdown-it 16, entities 11 on
 * their own here), and about a third of that as one file whose compiled code is kept.
 */
export const LAZY_PACKAGES = ['gray-matter', 'yaml', 'markdown-it', 'entities'];

/**
 * Dependencies a package's bundle leaves out, as the generator never calls them: gray-matter
 * only splits a page's front matter from its body, and `yaml` parses it (load/page-source.ts),
 * so gray-matter's own YAML engine, js-yaml, and the esprima that js-yaml requires as it loads
 * (19 ms of a build that reads one page) are never run. A call to one throws, naming this.
 */
const LEFT_OUT = { 'gray-matter': ['js-yaml'] };

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
    writeWhole(file, [check, data]);
  } catch {
    // A code cache that cannot be written is only not kept.
  }
}

/**
 * Bundles the package `name` (as the tool resolves it: Node's `import`, or `require` for a lazy
 * one) into one CommonJS file in `cache`/packages/, named by its content's hash, with esbuild,
 * written as the launcher writes the modules it makes (`writeModule`: typescript-module.js);
 * returns the file, the names it exports and the package.json files of the packages bundled in
 * it (what a module made with it is checked against: a new copy of one, npm ci, writes its
 * package.json anew). Files of the package made from an earlier copy of it go once they are
 * over a minute old (another clubsite may be about to run one).
 */
export async function bundlePackage(name, cache, { esbuild, writeModule, shared, lazy = false }) {
  const entry = lazy ? toolRequire.resolve(name) : fileURLToPath(import.meta.resolve(name));
  const result = await esbuild.build({
    entryPoints: [entry],
    // Its comments name files from the tool's folder, not the project's: every project sharing
    // this copy of the tool (a node_modules linked into several) makes the same file, by the
    // same name, and none removes a file another's module runs (removeOlder).
    absWorkingDir: toolFolder,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'error',
    plugins: [sharedCopies(entry, shared), leftOut(name)],
  });
  const code = result.outputFiles[0].text;
  const stem = `${name.replaceAll('/', '+')}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}`;
  const folder = path.join(cache, 'packages');
  const file = path.join(folder, `${stem}.cjs`);
  await writeModule(file, code);
  removeOlder(folder, name.replaceAll('/', '+'), `${stem}.`);
  // A lazy package is only handed out whole (bundled-packages.js): not run to name its exports.
  const names = lazy ? [] : Object.keys(cachedPackage(file)).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key));
  return { file, names, packageFiles: packageFilesOf(Object.keys(result.metafile.inputs)) };
}

const toolRequire = module.createRequire(import.meta.url);
const toolFolder = realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

/**
 * Leaves out of a bundle the packages there must be one copy of in a thread (`shared`: React,
 * typescript-module.js REQUIRED_PACKAGES), required by the real path the package itself resolves them to.
 */
function sharedCopies(entry, shared) {
  const fromPackage = module.createRequire(entry);
  return {
    name: 'clubsite-shared-copies',
    setup(build) {
      build.onResolve({ filter: shared }, ({ path: specifier }) => ({
        path: fromPackage.resolve(specifier),
        external: true,
      }));
    },
  };
}

/** A stand-in for each dependency of `name` left out of its bundle (LEFT_OUT): every function it had throws. */
function leftOut(name) {
  const names = LEFT_OUT[name] ?? [];
  return {
    name: 'clubsite-left-out',
    setup(build) {
      if (names.length === 0) return;
      const filter = new RegExp(`^(?:${names.join('|')})$`);
      build.onResolve({ filter }, ({ path: specifier }) => ({ path: specifier, namespace: 'clubsite-left-out' }));
      build.onLoad({ filter: /.*/, namespace: 'clubsite-left-out' }, ({ path: specifier }) => ({
        contents: `module.exports = new Proxy({}, { get: (_, key) => () => { throw new Error(${JSON.stringify(
          `clubsite bundles ${name} without ${specifier}, which it never calls (cached-package.js: LEFT_OUT): `,
        )} + String(key) + ' is not there.'); } });`,
        loader: 'js',
      }));
    },
  };
}

/** The package.json of each package the bundle's files come from (esbuild's inputs, relative to the tool's folder). */
function packageFilesOf(inputs) {
  const files = new Set();
  for (const input of inputs) {
    const at = path.resolve(toolFolder, input);
    const marker = `${path.sep}node_modules${path.sep}`;
    const start = at.lastIndexOf(marker);
    if (start < 0) continue;
    const parts = at.slice(start + marker.length).split(path.sep);
    const depth = parts[0]?.startsWith('@') ? 2 : 1;
    files.add(path.join(at.slice(0, start + marker.length), ...parts.slice(0, depth), 'package.json'));
  }
  return [...files];
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
