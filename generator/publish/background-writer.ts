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
import { bundleTypeScript } from '../typescript-module.js';
import { RemadeCopies } from './remade-copies.ts';

/** Why a write failed (an errno error's fields), as it crossed from the writer's thread. */
export interface WriteFailure {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
}

/**
 * One thing for the thread to do (writer-thread.ts): a file to write (with `keepAt`, a copy kept
 * there too), a folder to rename, or kept copies to check and copy in, as [from, file, digest, …].
 */
export type WriterEntry =
  | { file: string; data: string | Uint8Array; keepAt?: string }
  | { file: string; to: string }
  | { links: string[] };

/** What the thread answers each batch with: the first write that failed, and the kept copies not put. */
export interface WriterAnswer {
  failure: WriteFailure | undefined;
  missing: string[];
}

/** Files a batch holds at most, and batches sent but not written before a writer waits (ready()). */
const BATCH = 32;
const BATCHES_AHEAD = 8;

let bundled: Promise<string> | undefined;
/** The thread's module, bundled once a process (again only when one of its files changed). */
function threadFile(): Promise<string> {
  bundled ??= bundleTypeScript('generator/publish/writer-thread.ts');
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}

export class BackgroundWriter {
  readonly #worker: Worker;
  #batch: WriterEntry[] = [];
  #sent = 0;
  #written = 0;
  #failure: WriteFailure | undefined;
  /** Files of linkAll() not linked, their copy gone or not whole: made again by finish(), on this thread. */
  readonly missing: string[] = [];
  readonly #remade = new RemadeCopies();
  /** Called when a batch is written (or the thread stopped): waiters look again. */
  #waiters: Array<() => void> = [];
  /** The thread stopped, once finish() has asked it to end. */
  #closed: Promise<void> = Promise.resolve();

  /** A writer of `folder` (which exists), its thread started. */
  static async start(folder: string): Promise<BackgroundWriter> {
    return new BackgroundWriter(folder, await threadFile());
  }

  private constructor(
    private readonly folder: string,
    thread: string,
  ) {
    this.#worker = new Worker(thread, { workerData: { folder } });
    this.#worker.on('message', ({ failure, missing }: WriterAnswer) => {
      this.#written += 1;
      this.#failure ??= failure;
      this.missing.push(...missing);
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

  /** Writes a file; with `keepAt`, a copy of it there too (a page cache's), if it can. */
  write(file: string, data: string | Uint8Array, keepAt?: string): void {
    this.#push(keepAt === undefined ? { file, data } : { file, data, keepAt });
  }

  /**
   * Puts many files that exist elsewhere (a search index's kept parts) at theirs, as copies
   * checked against their digest: one entry, so thousands of them cross to the thread as one
   * array. One gone or not whole is left out and made again by finish().
   */
  linkAll(links: ReadonlyArray<KeptLink>, remake: (file: string) => string): void {
    if (links.length === 0) return;
    for (const [from, file] of links) this.#remade.linked(file, from, remake);
    this.#push({ links: links.flat() });
  }

  /** Renames a folder (paths relative to the output folder) once the files given before it are written. */
  move(from: string, to: string): void {
    this.#remade.moved(from, to);
    this.#push({ file: from, to });
  }

  /** Resolves once the writer is at most a few batches behind. */
  ready(): Promise<void> {
    this.#send();
    return this.#until(() => this.#sent - this.#written <= BATCHES_AHEAD);
  }

  /** Resolves once every file given is written (or a write failed); the thread is stopped then (closed()). */
  async finish(): Promise<void> {
    this.#send();
    await this.#until(() => this.#written >= this.#sent);
    this.#closed = this.#worker.terminate().then(() => undefined);
    if (this.#failure) return;
    try {
      this.#remade.remake(this.folder, this.missing);
    } catch (error) {
      const { message, code, syscall, path } = error as NodeJS.ErrnoException;
      this.#failure = { message, ...(code && { code }), ...(syscall && { syscall }), ...(path && { path }) };
    }
  }

  /** Resolves once the thread has stopped, after finish(). */
  closed(): Promise<void> {
    return this.#closed;
  }

  /** Stops the thread: what it has not written yet is not written. */
  async stop(): Promise<void> {
    this.#batch = [];
    await this.#worker.terminate();
  }

  #push(entry: WriterEntry): void {
    this.#batch.push(entry);
    if (this.#batch.length >= BATCH) this.#send();
  }

  #send(): void {
    if (this.#batch.length === 0) return;
    // Once a write failed or the thread stopped, nothing more is written (the build fails with
    // the failure): a batch sent to a thread that stopped would never be answered.
    if (this.#failure) {
      this.#batch = [];
      return;
    }
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
