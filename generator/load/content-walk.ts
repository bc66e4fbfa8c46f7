/**
 * One look at every file and folder of the content folder, taken once per build and shared by
 * whoever needs it: `clubsite build`'s last-build record (build/last-build.ts: is anything as it
 * was?) and the load stage's stamps (a file whose stamp is as it was is not read). At 10,000
 * pages, each look is 10,000 stats; a build used to take two.
 *
 * The look is taken before any content file is read (the last-build check runs before the build,
 * or else the load takes it before its first read), so a stamp from it is as safe as one taken
 * just before the read: a file written after the look has another stamp, and the next build
 * reads it again.
 */
import { type Dirent, lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { stampOf } from './load-content.ts';

/** Whether a stat is to be trusted to change with its file (see stampOf): written this long before it was taken. */
const RACY_MS = 2000;

export class ContentWalk {
  /** Every file and folder below the content folder (and the folder itself), in walk order: each folder's entries sorted by name, depth first. */
  #stats: Map<string, Stats | undefined> | undefined;
  /** Date.now() before the first stat. */
  #takenAt = 0;

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

  /**
   * A content file's stamp as load keeps it (load/load-content.ts: stampOf), from the look; a
   * path it did not see, or a symbolic link (whose stamp is its target's), is looked at now.
   */
  readonly stampOf = (absolute: string): string | undefined => {
    const stats = this.stats().get(absolute);
    if (!stats || stats.isSymbolicLink()) return stampOf(absolute);
    if (this.#takenAt - stats.mtimeMs < RACY_MS) return undefined;
    return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
  };

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
