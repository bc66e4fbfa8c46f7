/**
 * Removing the site a swap replaced. At 10,000 pages that is some 23,000 files and folders,
 * 350 ms of a build that has nothing else left to do (RAM disk). `clubsite build` moves it into
 * the page cache's `trash/` (a rename: the cache's folder is ignored by git, and a reader of the
 * output's parent folder never sees it) and removes it in the background, in a process or on a
 * thread that does not keep this one alive: what the build's exit cuts short, the next build
 * removes while it loads and renders. An output on another file system than the cache is removed before the build ends,
 * as without a cache.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { StandbyRemover } from './standby-remover.ts';
import { writing } from './writing-folders.ts';

/**
 * Removes `folder` (or, `inside`, what it holds); `background`: the process may exit first. Where
 * the system has `rm`, it removes them, in a process of its own: Node 20's recursive removal is
 * JavaScript, and a 10,000-page site took it 410 ms, 230 of them running JavaScript on a
 * processor the build shares, against 180 ms (10) for `rm -rf` (RAM disk); and a process left
 * removing in the background does not hold this one's exit, as a thread would.
 */
function removeFolders(
  folder: string,
  {
    inside = false,
    background = false,
    standby,
  }: { inside?: boolean; background?: boolean; standby?: StandbyRemover } = {},
): Promise<void> {
  // Beside the output, until it is gone it is this process's, never another build's leftover (swap.ts).
  const beside = !inside && !background;
  if (beside) writing.set(folder, undefined);
  const folders = inside ? listing(folder) : [folder];
  return new Promise<void>((resolve) => {
    const done = () => {
      if (beside) writing.delete(folder);
      resolve();
    };
    // Where the system has no `rm` (Windows), Node's own removal, which the process waits for.
    // What cannot be removed is left: the next build tries again (swap.ts's removeLeftovers, or emptyTrash).
    const withNode = () => {
      const removals = folders.map((one) => rm(one, { recursive: true, force: true }).catch(() => undefined));
      void Promise.all(removals).then(done);
    };
    if (folders.length === 0) return done();
    if (process.platform === 'win32') return withNode();
    const remover =
      standby?.take(folder) ?? spawn('rm', ['-rf', '--', ...folders], { stdio: 'ignore', detached: background });
    if (background) remover.unref();
    // No rm (an error, and maybe an exit after it), or one that could not remove all: Node's removal, once.
    let ended = false;
    const end = (removed: boolean) => {
      if (ended) return;
      ended = true;
      if (removed) done();
      else withNode();
    };
    remover.once('error', () => end(false));
    remover.once('exit', (code) => end(code === 0));
  });
}

/** What a folder holds, as paths (none when it cannot be read). */
function listing(folder: string): string[] {
  try {
    return readdirSync(folder).map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** The removers made ready for a trash folder as builds began (readyRemover), one a folder. */
const standing = new Map<string, StandbyRemover>();

/**
 * Starts the process that will remove what the swap moves into `trash` (standby-remover.ts),
 * while this one's heap is small; the function returned lets it go if the swap did not use it.
 */
export function readyRemover(trash: string): () => void {
  standing.get(trash)?.release();
  const remover = new StandbyRemover();
  standing.set(trash, remover);
  return () => {
    if (standing.get(trash) !== remover) return;
    remover.release();
    standing.delete(trash);
  };
}

/**
 * Removes the site a swap moved aside (`old`): into the trash when there is one on its file
 * system, else before the build ends.
 */
export async function removeReplaced(old: string, trash: string | undefined): Promise<void> {
  if (trash === undefined) return removeFolders(old);
  // Taken at once, before the swap returns: the build lets go of a remover the swap did not take once it has.
  const standby = standing.get(trash);
  standing.delete(trash);
  const moved = path.join(trash, path.basename(old));
  const inTrash = await mkdir(trash, { recursive: true })
    .then(() => rename(old, moved))
    .then(
      () => true,
      () => false,
    );
  if (inTrash) {
    void removeFolders(moved, { background: true, standby });
    return;
  }
  standby?.release();
  await removeFolders(old);
}

/** Removes what earlier builds left in the trash, on a thread; resolves once it is empty (the build awaits it as it ends). */
export function emptyTrash(trash: string): Promise<void> {
  return existsSync(trash) ? removeFolders(trash, { inside: true }) : Promise.resolve();
}
