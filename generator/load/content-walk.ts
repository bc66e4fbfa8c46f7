/**
 * One look at every file and folder of the content folder, taken at most once per build and
 * shared: `clubsite build`'s last-build check (pipeline/last-build.ts: is anything as it was?)
 * takes it before the build, the load takes its files' stamps from it (a file whose stamp is as
 * it was is not read), and the record after the build hashes it. At 10,000 pages each look is
 * 10,000 stats; a build used to take two.
 *
 * A look taken before the build is as safe for the load as a stamp taken just before the read:
 * a file written after the look has another stamp, and the next build reads it again. When the
 * check did not look (no record to check, or the clock past it), `clubsite build` takes the look
 * on a thread while it imports the pipeline (lookAhead), before the load; without one (its
 * thread failed, a build with no cache), the load stats the files it reads, as it did alone. A
 * file written too recently to be stamped is noted: the record is then not kept.
 */
import fs, { statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FIELDS, type Looked, LookTable, type SentLook } from './look-table.ts';

export type { Looked };

export class ContentWalk {
  /** Every file and folder below the content folder (and the folder itself), in walk order: each folder's entries sorted by name, depth first. */
  #stats: ReadonlyMap<string, Looked | undefined> | undefined;
  /** The look begun on a thread (lookAhead), until it is taken in. */
  #ahead: Promise<ReadonlyMap<string, Looked | undefined> | undefined> | undefined;
  /** Date.now() before the first stat. */
  #takenAt = 0;
  #justWritten = false;

  constructor(readonly dir: string) {}

  /** Whether the content folder was looked at already. */
  get taken(): boolean {
    return this.#stats !== undefined;
  }

  /** Each path's stats (undefined for a path gone between its folder's listing and its stat), walked the first time they are asked for. */
  stats(): ReadonlyMap<string, Looked | undefined> {
    this.#stats ??= this.#walk();
    return this.#stats;
  }

  /**
   * Begins the look on a thread of its own, while the build imports its pipeline: at 10,000
   * pages it is 10,000 stats, 80 ms the load would otherwise take on the build's thread, one
   * stat per file it reads. Nothing if the look was taken already.
   */
  lookAhead(): void {
    if (this.#stats || this.#ahead) return;
    this.#takenAt = Date.now();
    this.#ahead = lookOnThread(this.dir, this.#plain, this.#takenAt);
  }

  /** Takes in the look begun by lookAhead (none, if its thread failed: the load then stats what it reads). */
  async looked(): Promise<void> {
    const ahead = this.#ahead;
    this.#ahead = undefined;
    if (ahead) this.#stats ??= await ahead;
  }

  /** Whether a file the load stamped was written too recently to have a stamp (see stampOf). */
  get justWritten(): boolean {
    return this.#justWritten;
  }

  /**
   * A content file's stamp as load keeps it (load/load-content.ts: stampOf): from the look when
   * it was taken; else, or for a path it did not see or a symbolic link (whose stamp is its
   * target's), from a stat now.
   */
  readonly stampOf = (absolute: string): string | undefined => {
    const look = this.#stats;
    if (look instanceof LookTable) {
      // The thread's stamp, with no object made for the file's stats (10,000 of them).
      const made = look.stampOf(absolute);
      if (made !== undefined) return this.#noted(made ?? undefined);
    }
    const looked = look instanceof LookTable ? undefined : look?.get(absolute);
    if (looked && !looked.isSymbolicLink()) {
      const made = looked.stamp;
      return this.#noted(made === undefined ? stampFrom(looked, this.#takenAt) : (made ?? undefined));
    }
    const stats = statSync(absolute, { throwIfNoEntry: false });
    return stats ? this.#noted(stampFrom(stats, Date.now())) : undefined;
  };

  #noted(stamp: string | undefined): string | undefined {
    if (stamp === undefined) this.#justWritten = true;
    return stamp;
  }

  #walk(): Map<string, Looked | undefined> {
    this.#takenAt = Date.now();
    return new Map(walkFolder(fs, path.join, this.dir, this.#plain));
  }

  /** A resolved folder's entries are the folder, a slash and their names: no path.join for 10,000 of them. */
  get #plain(): boolean {
    return path.sep === '/' && path.resolve(this.dir) === this.dir;
  }
}

/**
 * Every file and folder below `dir` (and `dir` itself) with its stats, in walk order: each
 * folder's entries sorted by name, depth first. Plain JavaScript, given what it uses: the build's
 * thread runs it, and a thread of its own runs its text (lookOnThread).
 */
function walkFolder(
  files: typeof fs,
  join: (...parts: string[]) => string,
  dir: string,
  plain: boolean,
): Array<[string, fs.Stats | undefined]> {
  const looked: Array<[string, fs.Stats | undefined]> = [[dir, files.lstatSync(dir, { throwIfNoEntry: false })]];
  const walk = (folder: string) => {
    let entries: fs.Dirent[];
    try {
      entries = files.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const file = plain ? `${folder}/${entry.name}` : join(folder, entry.name);
      looked.push([file, files.lstatSync(file, { throwIfNoEntry: false })]);
      if (entry.isDirectory()) walk(file);
    }
  };
  walk(dir);
  return looked;
}

// The stamps are made there too: 10,000 numbers written as text cost the build's thread milliseconds.
const LOOKER = `
const { parentPort, workerData } = require('node:worker_threads');
const looked = (${walkFolder.toString()})(require('node:fs'), require('node:path').join, workerData.dir, workerData.plain);
const stampFrom = ${stampFrom.toString()};
const numbers = new Float64Array(looked.length * ${FIELDS});
const stamps = looked.map(([, stats]) => (stats ? (stampFrom(stats, workerData.takenAt) ?? null) : null));
looked.forEach(([, stats], at) => {
  if (stats) numbers.set([stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino, stats.isSymbolicLink() ? 1 : stats.isFile() ? 2 : 3], at * ${FIELDS});
});
parentPort.postMessage({ paths: looked.map(([file]) => file), numbers, stamps }, [numbers.buffer]);
`;

/** The look taken on a thread (walkFolder), or undefined when the thread failed. */
function lookOnThread(
  dir: string,
  plain: boolean,
  takenAt: number,
): Promise<ReadonlyMap<string, Looked | undefined> | undefined> {
  return new Promise((resolve) => {
    const looker = new Worker(LOOKER, { eval: true, workerData: { dir, plain, takenAt } });
    looker.unref();
    looker.once('message', (sent: SentLook) => resolve(new LookTable(sent)));
    looker.once('error', () => resolve(undefined));
    looker.once('exit', () => resolve(undefined));
  });
}

/**
 * A file's stamp from its stats taken at `takenAt` (Date.now() when they were), as the load keeps
 * it (load-content.ts: stampOf). Here, not there: `clubsite build` looks at the content folder
 * before it imports the pipeline, and a build with nothing changed never imports it.
 */
export function stampFrom(stats: Looked, takenAt: number): string | undefined {
  if (takenAt - stats.mtimeMs < 2000) return undefined;
  return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
}
