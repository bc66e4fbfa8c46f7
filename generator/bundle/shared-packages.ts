/**
 * The packages the site's code must get the very copy of that the generator uses (a site's
 * schema is Zod's, and checked by the generator's Zod), as the generator's own modules have
 * them: run by the launcher, Zod and React's server renderer are files it keeps compiled
 * (cached-package.js), which `import()` would not give (it would load a second copy); run from
 * its sources, the package as Node resolves it. Any other package is imported as the generator
 * resolves it (typescript-module.js).
 */
import * as reactDomServer from 'react-dom/server';
import * as zod from 'zod';
import { importPackage } from '../typescript-module.js';

const generatorCopies: ReadonlyMap<string, Record<string, unknown>> = new Map<string, Record<string, unknown>>([
  ['zod', zod],
  ['react-dom/server', reactDomServer],
]);

/** The package `name` as the generator has it. */
export async function sharedPackage(name: string): Promise<Record<string, unknown>> {
  return generatorCopies.get(name) ?? importPackage(name);
}
