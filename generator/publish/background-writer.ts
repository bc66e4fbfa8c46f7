/**
 * Writes a build's files on a thread of its own, in the order they are given, while the thread
 * that renders goes on: on a slow disk, making a folder and a file costs as much kernel time as
 * rendering the page, and this way the two share the machine's cores instead of taking turns.
 * Files go over in batches (one message for many files: the file system's own thread pool would
 * cost a round trip for every folder, open, write and close, which on a fast disk is ten times
 * the work itself).
 */
import { Worker } from 'node:worker_threads';
import type { KeptLink } from '../model/pipeline.ts';
import { RemadeCopies } from './remade-copies.ts';

/** Why a write failed (an errno error's fields), as it crossed from the writer's thread. */
export interface WriteFailure {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
}

/** Files a batch holds at most, and batches sent but not written before a writer waits (ready()). */
const BATCH = 32;
const BATCHES_AHEAD = 8;

/**
 * The writer's thread: plain JavaScript, run from this text (nothing to bundle). A folder is made
 * one level at a time below the output folder, never recursively: once an interrupted build has
 * removed the output folder, a write still under way fails rather than making it again. A folder
 * that exists already (made by the thread that hands out pages to render workers) is only looked
 * at, not made: making a folder takes its parent's lock, which that thread may be holding. A
 * folder is renamed (move) in its turn among the writes, once every file given before is written.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const made = new Set([workerData.folder]);
// Folders this thread made: one in them is made without a look first (the other thread makes
// folders for the pages it hands out, seldom here; a page a cache kept has a folder of its own).
const madeHere = new Set();
const makeFolder = (folder) => {
  if (made.has(folder)) return;
  const parent = path.dirname(folder);
  if (parent === folder) throw new Error(folder + ' is outside the folder being written.');
  makeFolder(parent);
  if (madeHere.has(parent) || !fs.existsSync(folder)) {
    try {
      fs.mkdirSync(folder);
      madeHere.add(folder);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  made.add(folder);
};
// A file as it was (a page a cache kept): a second name for it when it is on the same file system.
const linkOrCopy = (from, to) => {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
};
// A copy kept elsewhere (the page cache): never a reason for the build to fail.
const keep = (file, at) => {
  try {
    linkOrCopy(file, at);
  } catch {}
};
// A kept copy linked without a look first (it is looked at here, off the thread that builds):
// one gone or not of its size is not left in the output, but told, and made there again.
const linkWhole = (from, file, bytes, missing) => {
  const to = path.join(workerData.folder, file);
  makeFolder(path.dirname(to));
  try {
    linkOrCopy(from, to);
    if (fs.statSync(to).size === bytes) return;
    fs.rmSync(to, { force: true });
  } catch {}
  missing.push(file);
};
let failed = false;
parentPort.on('message', (batch) => {
  let failure;
  const missing = [];
  for (const [file, data, movedTo, from, keepAt, links] of failed ? [] : batch) {
    try {
      if (links !== undefined) {
        for (let at = 0; at < links.length; at += 3) linkWhole(links[at], links[at + 1], links[at + 2], missing);
        continue;
      }
      if (movedTo !== undefined) {
        const to = path.join(workerData.folder, movedTo);
        makeFolder(path.dirname(to));
        fs.renameSync(path.join(workerData.folder, file), to);
        continue;
      }
      const to = path.join(workerData.folder, file);
      makeFolder(path.dirname(to));
      if (from !== undefined) linkOrCopy(from, to);
      else fs.writeFileSync(to, data);
      if (keepAt !== undefined) keep(to, keepAt);
    } catch (error) {
      failed = true;
      failure = { message: error.message, code: error.code, syscall: error.syscall, path: error.path };
      break;
    }
  }
  parentPort.postMessage({ failure, missing });
});
`;

export class BackgroundWriter {
  readonly #worker: Worker;
  /**
   * Files to write, [file, data, , , keepAt]; folders to rename, [from, undefined, to]; files to
   * link (or copy) from elsewhere, [file, undefined, undefined, from]; many such files at once,
   * ['', undefined, undefined, undefined, undefined, [from, file, bytes, from, file, bytes, …]].
   */
  #batch: Array<[string, (string | Uint8Array)?, string?, string?, string?, Array<string | number>?]> = [];
  #sent = 0;
  #written = 0;
  #failure: WriteFailure | undefined;
  /** Files of linkAll() not linked, their copy gone or not whole: made again by finish(), on this thread. */
  readonly missing: string[] = [];
  readonly #remade = new RemadeCopies();
  /** Called when a batch is written (or the thread stopped): waiters look again. */
  #waiters: Array<() => void> = [];

  constructor(private readonly folder: string) {
    this.#worker = new Worker(WRITER, { eval: true, workerData: { folder } });
    this.#worker.on('message', ({ failure, missing }: { failure?: WriteFailure; missing?: string[] }) => {
      this.#written += 1;
      this.#failure ??= failure;
      if (missing) this.missing.push(...missing);
      this.#wake();
    });
    this.#worker.on('error', (error) => {
      this.#failure ??= { message: error.message };
      this.#written = this.#sent;
      this.#wake();
    });
  }

  /** The first write that failed, if one did. */
  get failure(): WriteFailure | undefined {
    return this.#failure;
  }

  /** Writes a file; with `keepAt`, a second name for it there too (a page cache's copy), if it can. */
  write(file: string, data: string | Uint8Array, keepAt?: string): void {
    this.#batch.push(keepAt === undefined ? [file, data] : [file, data, undefined, undefined, keepAt]);
    if (this.#batch.length >= BATCH) this.#send();
  }

  /** Puts a file that exists elsewhere (absolute `from`) at `file`: a hard link, or a copy on another file system. */
  link(from: string, file: string): void {
    this.#batch.push([file, undefined, undefined, from]);
    if (this.#batch.length >= BATCH) this.#send();
  }

  /**
   * Puts many files that exist elsewhere at theirs, as link() does each: one entry, so thousands
   * of them (a search index's kept parts) cross to the thread as one array, not a message per 32.
   * One not there with its size (`bytes`) is left out and noted in `missing`.
   */
  linkAll(links: ReadonlyArray<KeptLink>, remake: (file: string) => string): void {
    if (links.length === 0) return;
    for (const [from, file] of links) this.#remade.linked(file, from, remake);
    this.#batch.push(['', undefined, undefined, undefined, undefined, links.flat()]);
    if (this.#batch.length >= BATCH) this.#send();
  }

  /** Renames a folder (paths relative to the output folder) once the files given before it are written. */
  move(from: string, to: string): void {
    this.#remade.moved(from, to);
    this.#batch.push([from, undefined, to]);
    if (this.#batch.length >= BATCH) this.#send();
  }

  /** Resolves once the writer is at most a few batches behind. */
  ready(): Promise<void> {
    this.#send();
    return this.#until(() => this.#sent - this.#written <= BATCHES_AHEAD);
  }

  /** Resolves once every file given is written (or a write failed); the thread is then stopped. */
  async finish(): Promise<void> {
    this.#send();
    await this.#until(() => this.#written >= this.#sent);
    await this.#worker.terminate();
    if (this.#failure) return;
    try {
      this.#remade.remake(this.folder, this.missing);
    } catch (error) {
      const { message, code, syscall, path } = error as NodeJS.ErrnoException;
      this.#failure = { message, ...(code && { code }), ...(syscall && { syscall }), ...(path && { path }) };
    }
  }

  /** Stops the thread: what it has not written yet is not written. */
  async stop(): Promise<void> {
    this.#batch = [];
    await this.#worker.terminate();
  }

  #send(): void {
    if (this.#batch.length === 0) return;
    this.#worker.postMessage(this.#batch);
    this.#batch = [];
    this.#sent += 1;
  }

  #until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const look = () => {
        if (done()) resolve();
        else this.#waiters.push(look);
      };
      this.#waiters.push(look);
    });
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const look of waiters) look();
  }
}
