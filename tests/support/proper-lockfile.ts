/**
 * proper-lockfile, for the lock benchmark's comparison only: not a dependency, it is installed
 * in a folder outside the project (`npm install proper-lockfile@4.1.2` in /tmp/proper-lockfile,
 * or the folder in CLUBSITE_PROPER_LOCKFILE).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const home = process.env.CLUBSITE_PROPER_LOCKFILE ?? '/tmp/proper-lockfile';

export interface ProperLockfile {
  lock: (file: string, options: Record<string, unknown>) => Promise<() => Promise<void>>;
}

/** proper-lockfile, or undefined when it is not installed there. */
export function properLockfile(): ProperLockfile | undefined {
  if (!existsSync(path.join(home, 'node_modules/proper-lockfile'))) return undefined;
  return createRequire(path.join(home, 'package.json'))('proper-lockfile') as ProperLockfile;
}

export const properLockfileHome = home;
