import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isIgnoredPath } from '../build/change-plan.ts';
import { TreeWatcher } from './tree-watcher.ts';
import { isInside } from '../path-inside.ts';

export interface SourceWatcherOptions {
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
 */
export class SourceWatcher {
  private readonly content: TreeWatcher;
  private readonly code: FSWatcher;
  private codeDirs = new Set<string>();
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
  }

  /** The folders watched now: the content folder first, then the code folders. */
  folders(): string[] {
    return [this.options.contentDir, ...[...this.codeDirs].sort()];
  }

  /**
   * Watches the folders of these files (the inputs of the last good bundles, and the files a
   * failed build points at) and stops watching folders none of them is in any more.
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
    const added = [...dirs].filter((dir) => !this.codeDirs.has(dir));
    const removed = [...this.codeDirs].filter((dir) => !dirs.has(dir));
    this.codeDirs = dirs;
    if (removed.length > 0) {
      this.code.unwatch(removed);
      for (const dir of removed) this.missing.delete(dir);
    }
    for (const dir of added) {
      if (existsSync(dir)) this.code.add(dir);
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
    if (event === 'unlinkDir' && this.codeDirs.has(file)) {
      this.lost(file, () => this.watchCodeAgain(file));
      this.options.onChange(file);
      return;
    }
    if (event === 'addDir') return;
    this.options.onChange(file);
  }

  private watchCodeAgain(dir: string): void {
    this.code.unwatch(dir);
    this.code.add(dir);
  }

  /** A watched folder is gone: look for it until it is back. */
  private lost(dir: string, watchAgain: () => void): void {
    this.missing.set(dir, watchAgain);
    this.timer ??= setInterval(() => this.lookAgain(), this.options.pollMs ?? 150);
    this.timer.unref();
  }

  private lookAgain(): void {
    for (const [dir, watchAgain] of this.missing) {
      if (!existsSync(dir)) continue;
      this.missing.delete(dir);
      watchAgain();
      this.options.onChange(dir);
    }
    if (this.missing.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
