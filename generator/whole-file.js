/**
 * Writing a file whole: under a temporary name beside it, then renamed into place, so that a
 * reader (a build running beside this one, a module being imported) finds the old file or the
 * new, never half of one, and a write that fails leaves no temporary file behind. The one way
 * the tool writes what it keeps between runs: the launcher's modules and packages (plain
 * JavaScript, like this file) and a build's cache folder (build/cache-folder.ts).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

/** A name no other process or call writes to: the process and a random part. */
const temporaryOf = (file) => `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;

export function writeWhole(file, data) {
  const temporary = temporaryOf(file);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export async function writeWholeAsync(file, data) {
  const temporary = temporaryOf(file);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
