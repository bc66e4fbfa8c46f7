/**
 * Removing the site a swap replaced. At 10,000 pages that is some 23,000 files and folders,
 * 350 ms of a build that has nothing else left to do (RAM disk). `clubsite build` moves it into
 * the page cache's `trash/` (a rename: the cache's folder is ignored by git, and a reader of the
 * output's parent folder never sees it) and removes it on a thread that does not keep the
 * process alive: what the build's exit cuts short, the next build removes while it loads and
 * renders. An output on another file system than the cache is removed before the build ends,
 * as without a cache.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { writing } from './writing-folders.ts';

/**
 * What a removal runs on its thread: one synchronous removal per folder (not a promise per file:
 * 10,000 pages' folders go in about half the time, RAM disk 386 against 840 ms). Where the system
 * has `rm`, it removes the folder: Node 20's recursive removal is written in JavaScript, and a
 * 10,000-page site took it 410 ms, 230 of them running JavaScript on a processor the build
 * shares, against 180 ms (10 of them outside the kernel) for `rm -rf` (RAM disk). What cannot be
 * removed is left: the next build tries again (swap.ts's removeLeftovers, or emptyTrash).
 */
const REMOVER = `
const { workerData } = require('node:worker_threads');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const folders = workerData.inside
  ? fs.readdirSync(workerData.folder).map((name) => path.join(workerData.folder, name))
  : [workerData.folder];
const removedBySystem = (folder) =>
  process.platform !== 'win32' && spawnSync('rm', ['-rf', '--', folder], { stdio: 'ignore' }).status === 0;
for (const folder of folders) {
  try {
    if (!removedBySystem(folder)) fs.rmSync(folder, { recursive: true, force: true });
  } catch {}
}
`;

/** Removes `folder` (or, `inside`, what it holds) on a thread; `background`: the process may exit first. */
function removeOnThread(folder: string, { inside = false, background = false } = {}): Promise<void> {
  // Beside the output, until it is gone it is this process's, never another build's leftover (swap.ts).
  const beside = !inside && !background;
  if (beside) writing.set(folder, undefined);
  return new Promise<void>((resolve) => {
    const done = () => {
      if (beside) writing.delete(folder);
      resolve();
    };
    const remover = new Worker(REMOVER, { eval: true, workerData: { folder, inside } });
    if (background) remover.unref();
    remover.on('exit', done);
    remover.on('error', done);
  });
}

/** Removes the site a swap moved aside (`old`): into the trash when there is one on its file system, else before the build ends. */
export async function removeReplaced(old: string, trash: string | undefined): Promise<void> {
  if (trash !== undefined) {
    const moved = path.join(trash, path.basename(old));
    const inTrash = await mkdir(trash, { recursive: true })
      .then(() => rename(old, moved))
      .then(
        () => true,
        () => false,
      );
    if (inTrash) {
      void removeOnThread(moved, { background: true });
      return;
    }
  }
  await removeOnThread(old);
}

/** Removes what earlier builds left in the trash, on a thread; resolves once it is empty (the build awaits it as it ends). */
export function emptyTrash(trash: string): Promise<void> {
  return existsSync(trash) ? removeOnThread(trash, { inside: true }) : Promise.resolve();
}
