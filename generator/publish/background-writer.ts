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
import { WRITER } from './writer-thread.ts';

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
 * Files linked in a row (link()) go as one entry of a batch, up to this many: a build that takes
 * 10,000 pages from its cache sends 10 messages for them, not 313 each answered.
 */
const LINKS_AT_ONCE = 1024;

/** One thing for the thread to do (see BackgroundWriter.#batch). */
type Entry = [
  string,
  (string | Uint8Array | null)?,
  string?,
  string?,
  string?,
  Array<string | number>?,
  string?,
  true?,
  string[]?,
];

export class BackgroundWriter {
  readonly #worker: Worker;
  /**
   * Files to write, [file, data, , , keepAt]; folders to rename, [from, undefined, to]; files to
   * link (or copy) from elsewhere, [file, undefined, undefined, from]; many such files at once,
   * ['', undefined, undefined, undefined, undefined, [from, file, bytes, from, file, bytes, …]];
   * a folder to take an earlier build's in place, [into, , , , , , under]; the sweep at the end,
   * ['', , , , , , , true]; a file another thread wrote, [file, null]; files linked in a row,
   * ['', , , , , , , , [from, file, from, file, …]] (writer-thread.ts).
   */
  #batch: Entry[] = [];
  /** The links of the batch's last entry, while it is one of links in a row. */
  #linking: string[] | undefined;
  #sent = 0;
  #written = 0;
  /** Whether the thread has looked at what the folder held (at once, unless in place). */
  #looked: boolean;
  readonly inPlace: boolean;
  #failure: WriteFailure | undefined;
  /** Files of linkAll() not linked, their copy gone or not whole: made again by finish(), on this thread. */
  readonly missing: string[] = [];
  readonly #remade = new RemadeCopies();
  /** Called when a batch is written (or the thread stopped): waiters look again. */
  #waiters: Array<() => void> = [];
  /** Whether the thread is done with the folder's list (written after the sweep: writer-thread.ts), or stopped. */
  #listed = false;
  /** The thread stopped, once finish() has asked it to end. */
  #closed: Promise<void> = Promise.resolve();

  /**
   * `inPlace`: the folder holds a site an earlier build wrote, brought to this one's
   * (writer-thread.ts); `lists`: where the lists of such folders are kept (spare-look.ts).
   */
  constructor(
    private readonly folder: string,
    { inPlace = false, lists }: { inPlace?: boolean; lists?: string } = {},
  ) {
    this.inPlace = inPlace;
    this.#looked = !inPlace;
    this.#worker = new Worker(WRITER, { eval: true, workerData: { folder, inPlace, lists } });
    type Answer = { failure?: WriteFailure; missing?: string[]; looked?: true; listed?: true };
    this.#worker.on('message', ({ failure, missing, looked, listed }: Answer) => {
      if (looked || listed) {
        if (looked) this.#looked = true;
        if (listed) this.#listed = true;
        return this.#wake();
      }
      this.#written += 1;
      this.#failure ??= failure;
      if (missing) this.missing.push(...missing);
      this.#wake();
    });
    // Stopped (stop(), or on its own): nothing more comes from it.
    this.#worker.on('exit', () => {
      this.#listed = true;
      this.#wake();
    });
    this.#worker.on('error', (error) => {
      this.#failure ??= { message: error.message };
      this.#looked = true;
      this.#listed = true;
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

  /** A file another thread wrote into the folder itself (a render worker): in place, it is not swept away. */
  wrote(file: string): void {
    if (!this.inPlace) return;
    this.#batch.push([file, null]);
    if (this.#batch.length >= BATCH) this.#send();
  }

  /** Puts a file that exists elsewhere (absolute `from`) at `file`: a hard link, or a copy on another file system. */
  link(from: string, file: string): void {
    const last = this.#batch.at(-1);
    if (!this.#linking || last?.[8] !== this.#linking) {
      const entry: Entry = [''];
      entry[8] = this.#linking = [];
      this.#batch.push(entry);
    }
    this.#linking.push(from, file);
    if (this.#batch.length >= BATCH || this.#linking.length >= LINKS_AT_ONCE * 2) this.#send();
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

  /**
   * In place, the folder's one folder under `under` (an earlier build's) becomes `into` before
   * files are written there, so that those it held already stay; otherwise nothing.
   */
  recycle(into: string, under: string): void {
    this.#batch.push([into, undefined, undefined, undefined, undefined, undefined, under]);
  }

  /**
   * Resolves once the writer is at most a few batches behind, and, in place, has looked at what
   * the folder held: no other thread writes there before (its look would take the file for a leftover).
   */
  ready(): Promise<void> {
    this.#send();
    return this.#until(() => this.#looked && this.#sent - this.#written <= BATCHES_AHEAD);
  }

  /**
   * Resolves once every file given is written (or a write failed); the thread is stopped once it
   * is done with the folder's list too (closed()).
   */
  async finish(): Promise<void> {
    const sweep: Entry = [''];
    sweep[7] = true;
    this.#batch.push(sweep);
    this.#send();
    await this.#until(() => this.#written >= this.#sent);
    // Stopped once done with the list, whether or not anyone waits for it (closed()): until then
    // it keeps the process (a thread let go of would end with the process, its answer never heard).
    this.#closed = this.#until(() => this.#listed).then(() => this.#worker.terminate().then(() => undefined));
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
    this.#linking = undefined;
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
