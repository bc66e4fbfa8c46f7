/**
 * One look at every file and folder of the content folder, taken at most once per build and
 * shared: `clubsite build`'s last-build check (build/last-build.ts: is anything as it was?)
 * takes it before the build, the load takes its files' stamps from it (a file whose stamp is as
 * it was is not read), and the record after the build hashes it. At 10,000 pages each look is
 * 10,000 stats; a build used to take two.
 *
 * A look taken before the build is as safe for the load as a stamp taken just before the read:
 * a file written after the look has another stamp, and the next build reads it again. When no
 * look was taken before the build (no record to check), the load stats the files it reads, as
 * it did alone, and notes a file written too recently to be stamped: the record would not be
 * kept (a build's input written as it began), so it need not look at all.
 */
import { type Dirent, lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';

export class ContentWalk {
  /** Every file and folder below the content folder (and the folder itself), in walk order: each folder's entries sorted by name, depth first. */
  #stats: Map<string, Stats | undefined> | undefined;
  /** Date.now() before the first stat. */
  #takenAt = 0;
  #justWritten = false;

  constructor(readonly dir: string) {}

  /** Whether the content folder was looked at already. */
  get taken(): boolean {
    return this.#stats !== undefined;
  }

  /** Each path's stats (undefined for a path gone between its folder's listing and its stat), walked the first time they are asked for. */
  stats(): ReadonlyMap<string, Stats | undefined> {
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

  #walk(): Map<string, Stats | undefined> {
    this.#takenAt = Date.now();
    const stats = new Map<string, Stats | undefined>();
    // A resolved folder's entries are the folder, a slash and their names: no path.join for 10,000 of them.
    const plain = path.sep === '/' && path.resolve(this.dir) === this.dir;
    const walk = (dir: string) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const file = plain ? `${dir}/${entry.name}` : path.join(dir, entry.name);
        stats.set(file, lstatSync(file, { throwIfNoEntry: false }));
        if (entry.isDirectory()) walk(file);
      }
    };
    stats.set(this.dir, lstatSync(this.dir, { throwIfNoEntry: false }));
    walk(this.dir);
    return stats;
  }
}

/**
 * A file's stamp from its stats taken at `takenAt` (Date.now() when they were), as the load keeps
 * it (load-content.ts: stampOf). Here, not there: `clubsite build` looks at the content folder
 * before it imports the pipeline, and a build with nothing changed never imports it.
 */
export function stampFrom(stats: Stats, takenAt: number): string | undefined {
  if (takenAt - stats.mtimeMs < 2000) return undefined;
  return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
}
