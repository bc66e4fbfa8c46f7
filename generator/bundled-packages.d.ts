// Types of bundled-packages.js (plain JavaScript: the launcher replaces it in the modules it makes).

/** The package `name` as bundled for this module, run once in this thread; undefined when it was not. */
export function bundledPackage(name: string): unknown;
