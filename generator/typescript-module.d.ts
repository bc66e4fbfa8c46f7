// Types of typescript-module.js (plain JavaScript, so that the launcher runs it before anything is bundled).

/** Imports a TypeScript entry of this project, bundled by bundleTypeScript. */
export function importTypeScript<Module = Record<string, unknown>>(entry: string): Promise<Module>;
/** Bundles a TypeScript entry of the project at `root` into its module cache; the module's path. */
export function bundleTypeScript(entry: string, root?: string): Promise<string>;
