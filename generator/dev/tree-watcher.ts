import { type Dirent, type FSWatcher, existsSync, lstatSync, readdirSync, watch } from 'node:fs';
import path from 'node:path';
import { isInside } from '../path-inside.ts';

interface TreeWatcherOptions {
  /** Files and folders never watched nor reported (editor swap files, dot folders). */
  ignored: (file: string) => boolean;
  /** A file or folder in the tree was written, made, moved or removed. */
  onChange: (file: string) => void;
  /** The top folder itself is gone: nothing is watched until `restart`. */
  onGone: () => void;
  onError: (message: string) => void;
}

/** The inode of what is at this path now (only if it is a folder, when asked), or undefined. */
function inodeOf(file: string, folderOnly = false): number | undefined {
  try {
    const stats = lstatSync(file);
    return folderOnly && !stats.isDirectory() ? undefined : stats.ino;
  } catch {
    return undefined;
  }
}

/**
 * Watches a folder and every folder under it with one `fs.watch` per folder, and reports each
 * event by the file's path, without reading the folder again. A content folder may hold
 * 10,000 pages side by side: chokidar reads and `lstat`s all of a folder's entries again on
 * every event in it (about 100 ms a save at 10,000 pages) and keeps one watch per file, as
 * Node's own recursive watch does on Linux. Here a save costs one `lstat` of its folder, and a
 * rename (a new file or folder, or an editor's atomic save) one more.
 */
export class TreeWatcher {
  /** Each watched folder, with the inode it had: a folder made again under the same name is another one. */
  private readonly watchers = new Map<string, { watcher: FSWatcher; inode: number }>();

  constructor(
    private readonly top: string,
    private readonly options: TreeWatcherOptions,
  ) {
    if (existsSync(top)) this.watchFolder(top, false);
  }

  /** The folders watched now. */
  folders(): string[] {
    return [...this.watchers.keys()];
  }

  /** Watches the tree anew, as it is now, and says each file in it (the top folder came back). */
  restart(): void {
    this.stop(this.top);
    if (existsSync(this.top)) this.watchFolder(this.top, true);
  }

  close(): void {
    this.stop(this.top);
  }

  /** Watches a folder and those under it; when `report`, says each file found (a folder moved in). */
  private watchFolder(dir: string, report: boolean): void {
    if (this.watchers.has(dir)) return;
    let entries: Dirent[];
    let watcher: FSWatcher | undefined;
    let inode: number;
    try {
      watcher = watch(dir, { persistent: true }, (event, name) => this.event(dir, event, name));
      inode = lstatSync(dir).ino;
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      watcher?.close();
      this.failed(dir, error);
      return;
    }
    watcher.on('error', (error) => this.failed(dir, error));
    this.watchers.set(dir, { watcher, inode });
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (this.options.ignored(file)) continue;
      if (entry.isDirectory()) this.watchFolder(file, report);
      else if (report) this.options.onChange(file);
    }
  }

  private event(dir: string, event: string, name: string | Buffer | null): void {
    const watched = this.watchers.get(dir);
    if (!watched) return;
    if (inodeOf(dir) !== watched.inode) {
      this.gone(dir);
      return;
    }
    // No name (an overflowing queue): look at the folder's sub-folders again.
    if (name === null) {
      this.options.onChange(dir);
      let entries: Dirent[] = [];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        // Gone since: its parent says so.
      }
      for (const entry of entries) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory() && !this.options.ignored(file)) this.watchFolder(file, true);
      }
      return;
    }
    const file = path.join(dir, name.toString());
    if (this.options.ignored(file)) return;
    if (event === 'rename') {
      // Made, moved or removed: a folder watched before is watched anew (or no longer), a new one from now on.
      const isFolder = inodeOf(file, true) !== undefined;
      if (this.watchers.has(file)) this.stop(file);
      this.options.onChange(file);
      if (isFolder) this.watchFolder(file, true);
      return;
    }
    this.options.onChange(file);
  }

  /** A watched folder is gone: the top one is said to be, any other is a change in its parent. */
  private gone(dir: string): void {
    this.stop(dir);
    if (dir === this.top) this.options.onGone();
    else this.options.onChange(dir);
  }

  private failed(dir: string, error: unknown): void {
    const code = (error as NodeJS.ErrnoException).code;
    // Removed while being watched (Windows says EPERM): that is a change, not a fault.
    if (code === 'ENOENT' || code === 'EPERM' || !existsSync(dir)) {
      this.gone(dir);
      return;
    }
    this.stop(dir);
    this.options.onError(`${dir}: ${(error as Error).message}`);
  }

  /** Stops watching a folder and every folder under it. */
  private stop(dir: string): void {
    for (const [folder, { watcher }] of this.watchers) {
      if (!isInside(dir, folder)) continue;
      watcher.close();
      this.watchers.delete(folder);
    }
  }
}
