/**
 * One look at every file and folder of the content folder, taken at most once per build and
 * shared: `clubsite build`'s last-build check (pipeline/last-build.ts: is anything as it was?)
 * takes it before the build, the load takes its files' stamps from it (a file whose stamp is as
 * it was is not read), and the record after the build hashes it. At 10,000 pages each look is
 * 10,000 stats; a build used to take two.
 *
 * A look taken before the build is as safe for the load as a stamp taken just before the read:
 * a file written after the look has another stamp, and the next build reads it again. When the
 * check did not look (no record to check, or the clock past it), the load takes it. (It was taken
 * on a thread while the pipeline was imported: 80 ms at 10,000 pages, for cold and nightly builds
 * only, which the targets allow; issue 43.) A file written too recently to be stamped is noted:
 * the record is then not kept.
 */
import fs, { statSync } from 'node:fs';
import path from 'node:path';
import type { Looked } from './look-table.ts';

export type { Looked };

export class ContentWalk {
  /** Every file and folder below the content folder (and the folder itself), in walk order: each folder's entries sorted by name, depth first. */
  #stats: ReadonlyMap<string, Looked | undefined> | undefined;
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
    const looked = this.#stats?.get(absolute);
    if (looked && !looked.isSymbolicLink()) return this.#noted(stampFrom(looked, this.#takenAt));
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
 * folder's entries sorted by name, depth first.
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

/**
 * A file's stamp from its stats taken at `takenAt` (Date.now() when they were), as the load keeps
 * it (load-content.ts: stampOf). Here, not there: `clubsite build` looks at the content folder
 * before it imports the pipeline, and a build with nothing changed never imports it.
 */
export function stampFrom(stats: Looked, takenAt: number): string | undefined {
  if (takenAt - stats.mtimeMs < 2000) return undefined;
  return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
}
