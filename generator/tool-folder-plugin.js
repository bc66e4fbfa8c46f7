/**
 * How the launcher (typescript-module.js) bundles the tool's TypeScript: what it imports of
 * packages, and the packages it keeps as one file each with their compiled code
 * (cached-package.js). Plain JavaScript, loaded only when a module is made.
 */
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** esbuild's namespace of the modules that hand out a bundled package (cached-package.js). */
export const CACHED = 'clubsite-cached-package';
/** esbuild's namespace of the modules that hand out a package loaded with `require` (REQUIRED_PACKAGES). */
const REQUIRED = 'clubsite-required-package';

/**
 * Every package a module imports, resolved as Node resolves it from the tool's own files (its
 * ESM entry, with the tool's copy of it) and written into the module by its real path; those
 * kept as one file with their compiled code (cached-package.js) are imported through a small
 * module that runs that file. The tool's plain JavaScript the modules import (typescript-module.js,
 * cached-package.js) is imported from where it is, never bundled; bundled-packages.js is made
 * the list of the lazily loaded packages bundled for the module. React (REQUIRED_PACKAGES,
 * typescript-module.js) is loaded with `require`, through a small module that names its exports.
 */
export function fromToolFolder(
  cache,
  { toolRoot, esbuild, writeModule, bundlePackage, requirePackage, REQUIRED_PACKAGES, CACHED_PACKAGES, LAZY_PACKAGES },
  packages,
) {
  const own = new Set(
    ['typescript-module.js', 'cached-package.js'].map((name) => fileURLToPath(new URL(name, import.meta.url))),
  );
  const lazyList = fileURLToPath(new URL('./bundled-packages.js', import.meta.url));
  return {
    name: 'clubsite-tool-folder',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
        if (path.isAbsolute(specifier) || module.isBuiltin(specifier)) return undefined;
        if (CACHED_PACKAGES.has(specifier)) return { path: specifier, namespace: CACHED };
        if (REQUIRED_PACKAGES.test(specifier)) return { path: specifier, namespace: REQUIRED };
        try {
          const resolved = import.meta.resolve(specifier);
          // The tool's own TypeScript by its package name (`clubsite/search`, imported by site code a script runs): bundled.
          if (resolved.startsWith('file:') && /\.[cm]?tsx?$/.test(resolved)) return { path: fileURLToPath(resolved) };
          return { path: resolved, external: true };
        } catch {
          // Not installed (an optional package): Node says so when, if ever, it is imported.
          return { path: specifier, external: true };
        }
      });
      build.onResolve({ filter: /\.js$/ }, ({ path: specifier, resolveDir }) => {
        const file = path.resolve(resolveDir, specifier);
        if (file === lazyList) return { path: 'lazy', namespace: CACHED };
        return own.has(file) ? { path: pathToFileURL(file).href, external: true } : undefined;
      });
      build.onLoad({ filter: /^lazy$/, namespace: CACHED }, async () => {
        const files = [];
        for (const name of LAZY_PACKAGES) {
          const bundled = await bundlePackage(name, cache, {
            esbuild,
            writeModule,
            shared: REQUIRED_PACKAGES,
            lazy: true,
          });
          packages.set(name, bundled);
          files.push([name, bundled.file]);
        }
        return { contents: lazyPackagesModule(files), loader: 'js', resolveDir: toolRoot };
      });
      build.onLoad({ filter: /.*/, namespace: REQUIRED }, ({ path: name }) => {
        const names = Object.keys(requirePackage(name)).filter(
          (key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key),
        );
        // The module is made again when the package is (npm ci writes its package.json anew).
        const packageFile = requirePackage.resolve(`${packageNameOf(name)}/package.json`);
        packages.set(name, { file: requirePackage.resolve(name), packageFiles: [packageFile] });
        return { contents: requiredModule(name, names), loader: 'js', resolveDir: toolRoot };
      });
      build.onLoad({ filter: /.*/, namespace: CACHED }, async ({ path: name }) => {
        const bundled = await bundlePackage(name, cache, { esbuild, writeModule, shared: REQUIRED_PACKAGES });
        packages.set(name, bundled);
        return { contents: packageModule(bundled.file, bundled.names), loader: 'js', resolveDir: toolRoot };
      });
    },
  };
}

const cachedPackageUrl = new URL('./cached-package.js', import.meta.url).href;
const typeScriptModuleUrl = new URL('./typescript-module.js', import.meta.url).href;

/** `react` of `react/jsx-runtime`, `@scope/name` of `@scope/name/sub`. */
const packageNameOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The module a package loaded with `require` is imported through: its exports by name, and as its default (as `import` gives a CommonJS package). */
function requiredModule(name, names) {
  return exportsModule(
    `import { requirePackage } from ${JSON.stringify(typeScriptModuleUrl)};`,
    `requirePackage(${JSON.stringify(name)})`,
    names,
    'm',
  );
}

/**
 * The module a bundled package is imported through: the file run once in a thread, its names
 * exported, and as its default what Node's `import` gives a CommonJS package (its exports).
 */
function packageModule(file, names) {
  const named = names.filter((name) => name !== 'default');
  const fallback = names.includes('default') ? 'm.default' : 'm';
  return exportsModule(
    `import { cachedPackage } from ${JSON.stringify(cachedPackageUrl)};`,
    `cachedPackage(${JSON.stringify(file)})`,
    named,
    fallback,
  );
}

/** A module that loads a package's exports as `m` (`load`, after `importLine`) and exports `names` of them by name, `fallback` as its default. */
function exportsModule(importLine, load, names, fallback) {
  return [
    importLine,
    `const m = ${load};`,
    ...names.map((name, index) => `const v${index} = m[${JSON.stringify(name)}];`),
    `export { ${names.map((name, index) => `v${index} as ${name}`).join(', ')} };`,
    `export default ${fallback};`,
  ].join('\n');
}

/** What bundled-packages.js is in a module: the lazily loaded packages' bundled files, by name. */
function lazyPackagesModule(files) {
  return [
    `import { cachedPackage } from ${JSON.stringify(cachedPackageUrl)};`,
    `const files = new Map(${JSON.stringify(files)});`,
    'export function bundledPackage(name) {',
    '  const file = files.get(name);',
    '  return file === undefined ? undefined : cachedPackage(file);',
    '}',
  ].join('\n');
}
