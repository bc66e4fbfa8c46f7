import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the generator's own files are (its browser half under client/, its packages), found
 * from this module's own location: never from the site's folder, which may be anywhere and
 * hold none of them. This module runs from generator/bundle/ in the sources and from one
 * bundled file under node_modules/.cache/clubsite/ when started by bin/clubsite.js, so the
 * tool's root is the nearest folder above it whose package.json is clubsite's.
 */
let found: string | undefined;

export function toolRoot(): string {
  if (found) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && isClubsite(manifest) && existsSync(path.join(dir, 'client'))) {
      found = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`clubsite cannot find its own files above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

function isClubsite(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'clubsite';
  } catch {
    return false;
  }
}

/** A file of the tool, by its path in the repository (e.g. `client/dev-reload.ts`). */
export const toolFile = (relative: string): string => path.join(toolRoot(), ...relative.split('/'));

/** The tool's packages: where a site's browser code finds React when the site has none of its own. */
export const toolPackages = (): string => path.join(toolRoot(), 'node_modules');
