/**
 * Writing a file whole: under a temporary name beside it, then renamed into place, so that a
 * reader (a build running beside this one, a module being imported) finds the old file or the
 * new, never half of one, and a write that fails leaves no temporary file behind. The one way
 * the tool writes what it keeps between runs: the launcher's modules and packages (plain
 * JavaScript, like this file) and a build's cache folder (pipeline/cache-folder.ts).
 */
import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

/** A name no other process or call writes to: the process and a random part. */
const temporaryOf = (file) => `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;

export function writeWhole(file, data) {
  const temporary = temporaryOf(file);
  try {
    if (Array.isArray(data)) writePieces(temporary, data);
    else writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Bytes in pieces, one after another: a cache file of a large site is a header and arrays of
 * tens of megabytes (postings.bin's pairs: 47 MB at 10,000 pages), not copied into one first.
 */
function writePieces(file, pieces) {
  const descriptor = openSync(file, 'w');
  try {
    for (const piece of pieces) for (let at = 0; at < piece.byteLength; ) at += writeSync(descriptor, piece, at);
  } finally {
    closeSync(descriptor);
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
