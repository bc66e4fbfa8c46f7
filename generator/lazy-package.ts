/**
 * A package the generator loads when it first uses it, not when it starts. A build that keeps
 * what it made last time often needs no YAML parser (no YAML changed), no front matter reader,
 * no Markdown renderer (no page with text renders) and no esbuild (the site's code is kept):
 * together about 100 ms of a start that Node 20 cannot cache. Loading is synchronous (the
 * packages' CommonJS builds), so the code that parses or renders stays as it is.
 */
import type * as Esbuild from 'esbuild';
import { bundledPackage } from './bundled-packages.js';
import { requirePackage } from './typescript-module.js';

/** The package `name`, loaded the first time the returned function is called. */
export function lazyPackage<Package>(name: string): () => Package {
  let loaded: Package | undefined;
  return () => {
    loaded ??= (bundledPackage(name) ?? requirePackage(name)) as Package;
    return loaded;
  };
}

/** esbuild, which a build whose site code and browser code are kept does not start. */
export const esbuildPackage = lazyPackage<typeof Esbuild>('esbuild');

/** esbuild's version, from its package.json (what its module would say, without loading it). */
export function esbuildVersion(): string {
  return (requirePackage('esbuild/package.json') as { version: string }).version;
}
