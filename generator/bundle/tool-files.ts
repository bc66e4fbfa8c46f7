import path from 'node:path';
import { toolRoot as root } from '../typescript-module.js';

/**
 * Where the generator's own files are (its browser half under client/, its packages): the
 * tool's folder, as the module cache's plain JavaScript finds it beside itself
 * (typescript-module.js is never bundled). Never the site's folder, which may be anywhere and
 * hold none of them, and never where a bundled module of the generator happens to lie.
 */
export const toolRoot = (): string => root;

/** The tool's package name: what a site imports the contract by (`clubsite`, `clubsite/island`). */
const TOOL_PACKAGE = 'clubsite';

/** Whether an import is of the tool itself (the package or one of its subpaths). */
export const isToolImport = (specifier: string): boolean =>
  specifier === TOOL_PACKAGE || specifier.startsWith(`${TOOL_PACKAGE}/`);

/** A file of the tool, by its path in the repository (e.g. `client/dev-reload.ts`). */
export const toolFile = (relative: string): string => path.join(root, ...relative.split('/'));

/** The tool's packages: where a site's browser code finds React when the site has none of its own. */
export const toolPackages = (): string => path.join(root, 'node_modules');
