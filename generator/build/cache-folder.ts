/**
 * What the caches a build keeps in its cache folder do alike (the page cache, its HTML, the
 * kept sources, the index parts, the last build's record): a file is written whole or not at
 * all, a kept copy cut short is no copy, and copies no entry names any more are removed once
 * no build running beside this one can be about to name them.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Files no entry names are removed once this old: a build running beside this one may be about to name them. */
const ORPHAN_AGE_MS = 10 * 60_000;

/** Writes `file` under a temporary name and renames it into place: a reader finds the old file or the new, never half of one. */
export function writeWhole(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** This build's mark in the names of the copies it keeps: two builds never name a copy alike. */
export const buildStamp = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** The kept copy, if it is still there and whole (a disk that filled up, a hand that edited it, cut it short). */
export function wholeCopy(file: string, bytes: number): string | undefined {
  return statSync(file, { throwIfNoEntry: false })?.size === bytes ? file : undefined;
}

/** Removes the files of `folder` that `named` does not hold (nor `keep`), once old enough not to be a running build's. */
export function removeOrphans(folder: string, named: ReadonlySet<string>, keep?: string): void {
  const old = Date.now() - ORPHAN_AGE_MS;
  for (const name of readdirSync(folder)) {
    if (named.has(name) || name === keep) continue;
    const file = path.join(folder, name);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && stats.mtimeMs < old) rmSync(file, { force: true });
  }
}
