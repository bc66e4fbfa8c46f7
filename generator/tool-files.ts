import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The tool's own files (its browser half in client/), found from where this module runs:
 * generator/ when run from source (tests), node_modules/.cache/clubsite/ when the launcher
 * bundled it. Never looked up in the site's folder: a site has no client/ of its own.
 */
export function toolFile(relative: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`clubsite cannot find its own file ${relative} above ${path.dirname(fileURLToPath(import.meta.url))}.`);
    dir = parent;
  }
}
