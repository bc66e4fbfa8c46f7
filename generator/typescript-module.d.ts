// Types of typescript-module.js (plain JavaScript, so that the launcher runs it before anything is bundled).

/** The tool's folder (its real path). */
export const toolRoot: string;
/** React's packages: loaded with `require`, handed out as `import` hands out a CommonJS package. */
export const REQUIRED_PACKAGES: RegExp;
/** Imports a package as the generator's own code resolves it: from the tool's folder. */
export function importPackage(specifier: string): Promise<Record<string, unknown>>;
/** Loads a package's CommonJS build as the generator's own code resolves it: from the tool's folder. */
export const requirePackage: ((specifier: string) => unknown) & { resolve: (specifier: string) => string };
/** Imports a TypeScript entry of the tool, bundled by bundleTypeScript. */
export function importTypeScript<Module = Record<string, unknown>>(entry: string): Promise<Module>;
/** Bundles a TypeScript entry of the tool into the module cache of `project` (default: the working folder); the module's path. */
export function bundleTypeScript(entry: string, project?: string): Promise<string>;
/** The module cache of a project: its node_modules/.cache/clubsite/, or a folder of its own in the system's temporary folder. */
export function moduleCache(project?: string): string;
/** A project's module cache in the system's temporary folder (when its node_modules cannot be written). */
export function temporaryModuleCache(project: string): string;
/** This user's own folder in the system's temporary folder (0700, owned by this user; another's is never used). */
export function privateFolder(): string;
