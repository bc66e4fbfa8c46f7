/**
 * The packages the generator loads when it first needs them (lazy-package.ts), as the launcher
 * bundled them: one file each, compiled with V8's code cache (cached-package.js). Run from the
 * sources (the tests), there are none, and the package is required as Node resolves it; in a
 * module the launcher makes, this file is replaced by the list of what it bundled
 * (typescript-module.js).
 */

/** The package `name` as bundled for this module, run once in this thread; undefined when it was not. */
export function bundledPackage(_name) {
  return undefined;
}
