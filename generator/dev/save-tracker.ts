import { stat } from 'node:fs/promises';

/**
 * Catches the last write of a save even when the watcher drops it. chokidar (which watches the
 * code folders) passes on one change per file per 50 ms, so an editor that writes a file in
 * steps can have its final write swallowed after a build already read a half-written file. Each
 * build notes the files it was started for (time, size, inode); shortly after it, any of them
 * that differs from the last note is built again.
 */
export class SaveTracker {
  private readonly seen = new Map<string, string>();

  /** Notes the files as a build is about to read them. */
  async note(files: readonly string[]): Promise<void> {
    const stamps = await Promise.all(files.map(stamp));
    for (const [index, file] of files.entries()) this.seen.set(file, stamps[index] ?? 'missing');
  }

  /** The files that changed since they were last noted. */
  async changed(files: readonly string[]): Promise<string[]> {
    const stamps = await Promise.all(files.map(stamp));
    return files.filter((file, index) => stamps[index] !== this.seen.get(file));
  }
}

async function stamp(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.mtimeMs}:${info.size}:${info.ino}`;
  } catch {
    return 'missing';
  }
}

/** Longer than chokidar's 50 ms change throttle. */
export const SETTLE_MS = 60;
