import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { isIgnoredPath } from './change-plan.ts';

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

const inside = (dir: string, file: string) => file === dir || file.startsWith(dir + path.sep);

/**
 * What `dev` watches, with no fixed list of folders: the content folder (all of it), and the
 * folders of the files esbuild reported as inputs of the site module and the client bundles
 * (their own files, not sub-folders), so a new file beside a template is seen as well.
 * Packages are not watched. A watched folder that is deleted or moved away is looked for
 * again until it is back (a `git checkout`, an unzip, a restore), then watched anew and
 * rebuilt as a save would be: chokidar alone never notices that a watched folder came back.
 */
export class SourceWatcher {
  private readonly content: FSWatcher;
  private readonly code: FSWatcher;
  private codeDirs = new Set<string>();
  /** Watched folders that are gone, with the watcher they belong to. */
  private readonly missing = new Map<string, FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private readonly started: Promise<void>;

  constructor(private readonly options: SourceWatcherOptions) {
    const ignored = (file: string) => isIgnoredPath(file);
    this.content = watch(options.contentDir, { ignoreInitial: true, ignored });
    this.started = new Promise((resolve) => this.content.once('ready', () => resolve()));
    this.code = watch([], { ignoreInitial: true, ignored, depth: 0 });
    for (const watcher of [this.content, this.code]) {
      watcher.on('all', (event, file) => this.event(watcher, event, path.resolve(file)));
      watcher.on('error', (error) => options.onError((error as Error).message));
    }
    if (!existsSync(options.contentDir)) this.lost(options.contentDir, this.content);
  }

  /** Resolves once the content folder is being watched. */
  ready(): Promise<void> {
    return this.started;
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
      const own = inside(this.options.root, absolute) ? path.relative(this.options.root, absolute) : absolute;
      const installed = own.split(path.sep).includes('node_modules');
      if (installed || inside(this.options.contentDir, absolute)) continue;
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
      else this.lost(dir, this.code);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([this.content.close(), this.code.close()]);
  }

  private event(watcher: FSWatcher, event: string, file: string): void {
    const root = watcher === this.content ? file === this.options.contentDir : this.codeDirs.has(file);
    if (event === 'unlinkDir' && root) {
      this.lost(file, watcher);
      this.options.onChange(file);
      return;
    }
    if (event === 'addDir') return;
    this.options.onChange(file);
  }

  /** A watched folder is gone: look for it until it is back. */
  private lost(dir: string, watcher: FSWatcher): void {
    this.missing.set(dir, watcher);
    this.timer ??= setInterval(() => this.lookAgain(), this.options.pollMs ?? 150);
    this.timer.unref();
  }

  private lookAgain(): void {
    for (const [dir, watcher] of this.missing) {
      if (!existsSync(dir)) continue;
      this.missing.delete(dir);
      watcher.unwatch(dir);
      watcher.add(dir);
      this.options.onChange(dir);
    }
    if (this.missing.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
