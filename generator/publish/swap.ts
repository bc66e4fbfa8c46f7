/**
 * The swap that ends a build: under the folder's lock (builds into one folder take turns), what
 * killed builds left beside it is cleaned away, the folder is checked again (it may have
 * changed while the site was built), and the fresh folder takes its place.
 *
 * It is two renames, the folder away and the fresh one in, and between them the folder is
 * missing (two renames of a folder in /tmp: median 54–92 µs, at worst 29 ms on this busy
 * machine). That window is kept (issue 30): on POSIX no call replaces a folder with files by
 * another at once (rename() onto it fails; Linux's renameat2 with RENAME_EXCHANGE is out of
 * Node's reach without a native module, and coreutils 9.1 here has no `mv --exchange`), and a
 * `dist` that is a symlink to versioned folders, swapped by renaming a new link over it, would
 * hand a link to whatever expects a folder: `rsync -a dist`, an FTP upload, a web server with
 * symlinks off. The hosts the site deploys to upload a finished `dist` and never read it
 * mid-build. A build killed in the window leaves the site before whole beside the folder
 * (`.<name>.clubsite-old-…`), and the next build puts it back as it swaps (removeLeftovers),
 * under the lock a killed build frees at once: tests/build/out-folder.test.ts holds a build
 * there and shows what a reader finds.
 */
import { access, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { acquireLock, processAlive } from './build-lock.ts';
import { type OutFolderOptions, resolveOutFolder } from './out-folder.ts';
import { removeReplaced } from './trash.ts';
import { swaps, writing } from './writing-folders.ts';

/** The folder's name in the names of its lock and temporary folders, short enough to leave room. */
export const short = (name: string) => name.slice(0, 40);

interface Swap {
  /** The fresh folder the build wrote. */
  fresh: string;
  outDir: string;
  options: OutFolderOptions;
  /** The folder the build resolved `outDir` to as it started. */
  first: string;
  /** This build's pid and id, in the names of its folders. */
  stamp: string;
}

/**
 * Swaps the fresh folder in. Resolves once it is in place, with the removal of the site it
 * replaced under way on a thread of its own (resolved once the old folder is gone).
 */
export async function swapIn({ fresh, outDir, options, first, stamp }: Swap): Promise<{ removed: Promise<void> }> {
  const parent = path.dirname(first);
  const name = path.basename(first);
  const lock = await acquireLock(path.join(parent, `.${short(name)}.clubsite-lock`), options.shown ?? outDir);
  const old = path.join(parent, `.${short(name)}.clubsite-old-${stamp}`);
  try {
    await removeLeftovers(parent, name, first);
    // Checked again under the lock: the folder may have changed while the site was built.
    const { target, state } = await resolveOutFolder(outDir, options);
    swaps.underWay += 1;
    try {
      if (state !== 'missing') await rename(target, old);
      await heldBetweenRenames();
      try {
        await rename(fresh, target);
      } catch (error) {
        if (state !== 'missing') await rename(old, target).catch(() => undefined);
        throw error;
      }
      writing.delete(fresh);
    } finally {
      swaps.underWay -= 1;
    }
    // The new site is in place; the old one goes while the build ends (it keeps its pages, records its inputs).
    return { removed: state === 'missing' ? Promise.resolve() : removeReplaced(old, options.trash) };
  } finally {
    await lock.release();
  }
}

/**
 * A test's hold in the window: with CLUBSITE_TEST_HOLD_SWAP naming a file, the build creates it
 * once the folder is moved away and waits there until the file is removed, so a test can see
 * what a reader finds then, and kill the build in the window. Unset, it costs nothing.
 */
async function heldBetweenRenames(): Promise<void> {
  const hold = process.env.CLUBSITE_TEST_HOLD_SWAP;
  if (!hold) return;
  await writeFile(hold, `${process.pid}\n`);
  while (
    await access(hold).then(
      () => true,
      () => false,
    )
  )
    await sleep(20);
}

/**
 * What builds killed mid-way left beside the folder: `.<name>.clubsite-new-<pid>-<id>` (a
 * half-written site), `.<name>.clubsite-old-<pid>-<id>` (the site before), lock files moved
 * aside, and the `.<name>.new-<pid>-<time>` folders of earlier versions. Only those whose
 * process is gone are removed; called under the folder's lock.
 */
async function removeLeftovers(parent: string, name: string, target: string): Promise<void> {
  let restored = await readdir(target).then(
    () => true,
    () => false,
  );
  const ours = /^\.(.+)\.clubsite-(?:new|old|lock)-(\d+)-[0-9a-f]+$/;
  const legacy = /^\.(.+)\.(?:new|old)-(\d+)-\d{13}$/;
  for (const entry of await readdir(parent)) {
    const match = ours.exec(entry);
    const before = match ? undefined : legacy.exec(entry);
    if (match?.[1] !== short(name) && before?.[1] !== name) continue;
    // A leftover naming this process is a dead one's whose pid was reused, unless this process is writing it.
    const pid = Number((match ?? before)?.[2]);
    if (writing.has(path.join(parent, entry))) continue;
    if (pid !== process.pid && processAlive(pid)) continue;
    // Killed between its two renames: the site before is put back rather than lost.
    if (!restored && entry.includes('.clubsite-old-')) {
      restored = await rename(path.join(parent, entry), target).then(
        () => true,
        () => false,
      );
      if (restored) continue;
    }
    await rm(path.join(parent, entry), { recursive: true, force: true });
  }
}
