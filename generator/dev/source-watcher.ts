import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isIgnoredPath } from '../pipeline/change-plan.ts';
import { TreeWatcher } from './tree-watcher.ts';
import { isInside } from '../path-inside.ts';

interface SourceWatcherOptions {
  /** The site's folder: its own files are watched even when it lies under a node_modules folder. */
  root: string;
  contentDir: string;
  /** A file (or a watched folder that came back) changed. */
  onChange: (file: string) => void;
  onError: (message: string) => void;
  /** How often a watched folder that has gone is looked for again. */
  pollMs?: number;
}

/**
 * What `dev` watches, with no fixed list of folders: the content folder (all of it), and the
 * folders of the files esbuild reported as inputs of the site module and the client bundles
 * (their own files, not sub-folders), so a new file beside a template is seen as well.
 * Packages are not watched.
 *
 * The content folder, which may hold thousands of pages in one folder, is watched by a
 * `TreeWatcher` (one watch per folder, nothing read again per save); the code folders, a few
 * dozen files, by chokidar. A watched folder that is deleted or moved away is looked for
 * again until it is back (a `git checkout`, an unzip, a restore), then watched anew and
 * rebuilt as a save would be: chokidar alone never notices that a watched folder came back.
 * A code folder replaced by another under the same name (removed and moved back before
 * chokidar said it was gone, as on a busy machine) is seen by its inode, looked at on the
 * same timer: a few `lstat`s each time.
 */
export class SourceWatcher {
  private readonly content: TreeWatcher;
  private readonly code: FSWatcher;
  /** Each watched code folder, with the inode it had when it was watched. */
  private codeDirs = new Map<string, number | undefined>();
  /** Watched folders that are gone, with how each is watched again once it is back. */
  private readonly missing = new Map<string, () => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SourceWatcherOptions) {
    const ignored = (file: string) => isIgnoredPath(file);
    this.content = new TreeWatcher(options.contentDir, {
      ignored,
      onChange: options.onChange,
      onGone: () => {
        this.lost(options.contentDir, () => this.content.restart());
        options.onChange(options.contentDir);
      },
      onError: options.onError,
    });
    this.code = watch([], { ignoreInitial: true, ignored, depth: 0 });
    this.code.on('all', (event, file) => this.event(event, path.resolve(file)));
    this.code.on('error', (error) => options.onError((error as Error).message));
    if (!existsSync(options.contentDir)) this.lost(options.contentDir, () => this.content.restart());
    this.timer = setInterval(() => this.lookAgain(), options.pollMs ?? 150);
    this.timer.unref();
  }

  /** The folders watched now: the content folder first, then the code folders. */
  folders(): string[] {
    return [this.options.contentDir, ...[...this.codeDirs.keys()].sort()];
  }

  /**
   * Watches the folders of these files (the inputs of the last good bundles, and the files a
   * failed build points at) and stops reporting folders none of them is in any more.
   */
  setInputs(files: Iterable<string>): void {
    const dirs = new Set<string>();
    for (const file of files) {
      const absolute = path.resolve(file);
      // Installed packages do not change while one edits a site; the site's own files do, wherever it is.
      const own = isInside(this.options.root, absolute) ? path.relative(this.options.root, absolute) : absolute;
      const installed = own.split(path.sep).includes('node_modules');
      if (installed || isInside(this.options.contentDir, absolute)) continue;
      dirs.add(path.dirname(absolute));
    }
    // Not unwatched, only no longer reported: chokidar's unwatch(dir) ignores everything under dir
    // for good, so a template error whose location was the site's folder, once fixed, silenced every
    // code folder (issue 44). A folder left watched costs one fs.watch.
    for (const dir of [...this.codeDirs.keys()]) {
      if (dirs.has(dir)) continue;
      this.missing.delete(dir);
      this.codeDirs.delete(dir);
    }
    for (const dir of dirs) {
      if (this.codeDirs.has(dir)) continue;
      const inode = inodeOf(dir);
      this.codeDirs.set(dir, inode);
      if (inode !== undefined) this.watchCodeAgain(dir);
      else this.lost(dir, () => this.watchCodeAgain(dir));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.content.close();
    await this.code.close();
  }

  private event(event: string, file: string): void {
    // A folder no longer among the inputs' is still watched (see setInputs), not reported.
    if (!this.codeDirs.has(path.dirname(file)) && !this.codeDirs.has(file)) return;
    if (event === 'unlinkDir' && this.codeDirs.has(file)) {
      this.lost(file, () => this.watchCodeAgain(file));
      this.options.onChange(file);
      return;
    }
    if (event === 'addDir') return;
    this.options.onChange(file);
  }

  /** add() after unwatch(): add() lifts the ignore that unwatch() put on this folder and all under it. */
  private watchCodeAgain(dir: string): void {
    this.codeDirs.set(dir, inodeOf(dir));
    this.code.unwatch(dir);
    this.code.add(dir);
  }

  /** A watched folder is gone: look for it until it is back. */
  private lost(dir: string, watchAgain: () => void): void {
    this.missing.set(dir, watchAgain);
  }

  /** Watches again the folders that came back, and the code folders replaced under the same name. */
  private lookAgain(): void {
    for (const [dir, watchAgain] of this.missing) {
      if (!existsSync(dir)) continue;
      this.missing.delete(dir);
      watchAgain();
      this.options.onChange(dir);
    }
    for (const [dir, inode] of this.codeDirs) {
      if (this.missing.has(dir)) continue;
      const now = inodeOf(dir);
      if (now === inode) continue;
      if (now === undefined) this.lost(dir, () => this.watchCodeAgain(dir));
      else this.watchCodeAgain(dir);
      this.options.onChange(dir);
    }
  }
}

/** The inode of the folder at this path now, or undefined when there is none. */
function inodeOf(dir: string): number | undefined {
  try {
    const stats = lstatSync(dir);
    return stats.isDirectory() ? stats.ino : undefined;
  } catch {
    return undefined;
  }
}
