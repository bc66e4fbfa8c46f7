/**
 * What the caches a build keeps in its cache folder do alike (the page cache, its HTML, the
 * kept sources, the index parts, the last build's record): a file is written whole or not at
 * all, a kept copy cut short is no copy, and copies no entry names any more are removed once
 * no build running beside this one can be about to name them.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files no entry names are removed once this old: a build running beside this one may be about to name them. */
export const ORPHAN_AGE_MS = 10 * 60_000;

export { writeWhole } from '../whole-file.js';

/**
 * This build's mark in the names of the copies it keeps (`<name>-<stamp>.<extension>`): two
 * builds never name a copy alike. It begins with the time the build began (base 36).
 */
export const buildStamp = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

const STAMPED = /-([0-9a-z]+)[0-9a-f]{6}\.[a-z]+$/;

/**
 * When the build that named a copy began, from its name (undefined for a name not made by
 * buildStamp): no earlier than the copy was written, so a copy whose stamp is recent is too.
 */
function stampTime(name: string): number | undefined {
  const time = STAMPED.exec(name)?.[1];
  return time === undefined ? undefined : Number.parseInt(time, 36);
}

/** Removes the files of `folder` that `named` does not hold (nor `keep`), once old enough not to be a running build's. */
export function removeOrphans(folder: string, named: ReadonlySet<string>, keep?: string): void {
  const now = Date.now();
  const old = now - ORPHAN_AGE_MS;
  for (const name of readdirSync(folder)) {
    if (named.has(name) || name === keep) continue;
    // Stamped by a build begun since (and not later than now): written since, so not looked at
    // (a build's parts of ten minutes of builds, 17,000 of them after a few cold builds).
    const stamped = stampTime(name);
    if (stamped !== undefined && stamped > old && stamped <= now) continue;
    const file = path.join(folder, name);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && stats.mtimeMs < old) rmSync(file, { force: true });
  }
}

/** Removes those of `names` in `folder` that are old enough (removeOrphans's rule), without listing the folder. */
export function removeOldFiles(folder: string, names: Iterable<string>): void {
  const old = Date.now() - ORPHAN_AGE_MS;
  for (const name of names) {
    const file = path.join(folder, name);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && stats.mtimeMs < old) rmSync(file, { force: true });
  }
}
