/**
 * The writer's thread (background-writer.ts), bundled as the render workers are
 * (typescript-module.js). A folder is made one level at a time below the output folder, never
 * recursively: once an interrupted build has removed the output folder, a write still under way
 * fails rather than making it again. A folder that exists already (made by the thread that hands
 * out pages to render workers) is only looked at, not made: making a folder takes its parent's
 * lock, which that thread may be holding. A folder is renamed (move) in its turn among the
 * writes, once every file given before is written.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { WriteFailure, WriterAnswer, WriterEntry } from './background-writer.ts';

const root = (workerData as { folder: string }).folder;
const made = new Set([root]);
// Folders this thread made: one in them is made without a look first (the other thread makes
// folders for the pages it hands out, seldom here; a page a cache kept has a folder of its own).
const madeHere = new Set<string>();

function makeFolder(folder: string): void {
  if (made.has(folder)) return;
  const parent = path.dirname(folder);
  if (parent === folder) throw new Error(`${folder} is outside the folder being written.`);
  makeFolder(parent);
  if (madeHere.has(parent) || !existsSync(folder)) {
    try {
      mkdirSync(folder);
      madeHere.add(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  made.add(folder);
}

/** Where a file goes, its folder made. */
function placeOf(file: string): string {
  const to = path.join(root, file);
  makeFolder(path.dirname(to));
  return to;
}

/** A copy kept elsewhere (the page cache), never a link: never a reason for the build to fail. */
function keep(file: string, at: string): void {
  try {
    if (!existsSync(at)) copyFileSync(file, at);
  } catch {}
}

/**
 * A kept copy (a search index's part), checked here, off the thread that builds, and written as a
 * copy (never a link: an edit of the output must not reach the cache): one gone or whose bytes do
 * not hash to its digest is not put in the output, but told, and made there again.
 */
function linkWhole(from: string, file: string, digest: string, missing: string[]): void {
  const to = placeOf(file);
  try {
    const bytes = readFileSync(from);
    if (createHash('sha256').update(bytes).digest('base64url') === digest) {
      writeFileSync(to, bytes);
      return;
    }
  } catch {}
  // Made again on the other thread once this one is done (remade-copies.ts).
  missing.push(file);
}

function move(from: string, to: string): void {
  const target = path.join(root, to);
  makeFolder(path.dirname(target));
  renameSync(path.join(root, from), target);
  made.delete(path.join(root, from));
}

function run(entry: WriterEntry, missing: string[]): void {
  if ('links' in entry) {
    const { links } = entry;
    for (let at = 0; at < links.length; at += 3) {
      linkWhole(links[at] as string, links[at + 1] as string, links[at + 2] as string, missing);
    }
  } else if ('to' in entry) move(entry.file, entry.to);
  else {
    const to = placeOf(entry.file);
    writeFileSync(to, entry.data);
    if (entry.keepAt !== undefined) keep(to, entry.keepAt);
  }
}

let failed = false;
parentPort?.on('message', (batch: WriterEntry[]) => {
  let failure: WriteFailure | undefined;
  const missing: string[] = [];
  for (const entry of failed ? [] : batch) {
    try {
      run(entry, missing);
    } catch (error) {
      failed = true;
      const { message, code, syscall, path: at } = error as NodeJS.ErrnoException;
      failure = { message, ...(code && { code }), ...(syscall && { syscall }), ...(at && { path: at }) };
      break;
    }
  }
  parentPort?.postMessage({ failure, missing } satisfies WriterAnswer);
});
