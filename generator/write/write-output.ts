import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_MARKER, BUILD_MARKER_TEXT } from './build-marker.ts';
import { acquireLock, processAlive } from './build-lock.ts';
import { fileSystemError } from './output-error.ts';
import { resolveOutFolder, type OutFolderOptions } from './out-folder.ts';

/** The folder's name in the names of its lock and temporary folders, short enough to leave room. */
const short = (name: string) => name.slice(0, 40);

/**
 * Writes the site into a fresh folder beside `outDir`, then swaps it into place, so `outDir`
 * is never half-written: a reader sees the old site or the new one. Only a folder clubsite may
 * replace is written (see out-folder.ts); builds into one folder take turns (build-lock.ts);
 * what a killed build left beside the folder is cleaned away by the next one. A symlinked
 * `outDir` stays a link: the folder it points to is the one replaced.
 */
export async function writeOutput(
  outDir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  options: OutFolderOptions = {},
): Promise<void> {
  const shown = options.shown ?? outDir;
  const first = await resolveOutFolder(outDir, options);
  const parent = path.dirname(first.target);
  const name = path.basename(first.target);
  try {
    await makeFolders(parent);
  } catch (error) {
    throw fileSystemError(error, shown);
  }
  const lock = await acquireLock(path.join(parent, `.${short(name)}.clubsite-lock`), shown).catch((error: unknown) =>
    Promise.reject(fileSystemError(error, shown)),
  );
  const stamp = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const fresh = path.join(parent, `.${short(name)}.clubsite-new-${stamp}`);
  const old = path.join(parent, `.${short(name)}.clubsite-old-${stamp}`);
  try {
    await removeLeftovers(parent, name, first.target);
    // Checked again under the lock: the folder may have changed while the site was built.
    const { target, state } = await resolveOutFolder(outDir, options);
    await mkdir(fresh);
    await writeFile(path.join(fresh, BUILD_MARKER), BUILD_MARKER_TEXT);
    const folders = new Set([...files.keys()].map((file) => path.dirname(path.join(fresh, file))));
    await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
    await Promise.all([...files].map(([file, data]) => writeFile(path.join(fresh, file), data)));
    if (state !== 'missing') await rename(target, old);
    try {
      await rename(fresh, target);
    } catch (error) {
      if (state !== 'missing') await rename(old, target).catch(() => undefined);
      throw error;
    }
    // The new site is in place; what could not be removed now, the next build removes.
    if (state !== 'missing') await rm(old, { recursive: true, force: true }).catch(() => undefined);
  } catch (error) {
    await rm(fresh, { recursive: true, force: true }).catch(() => undefined);
    throw fileSystemError(error, shown);
  } finally {
    await lock.release();
  }
}

/** Creates the folders above the output one by one (a recursive mkdir spins forever under /proc). */
async function makeFolders(folder: string): Promise<void> {
  const missing: string[] = [];
  for (let dir = folder; ; dir = path.dirname(dir)) {
    try {
      await readdir(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dir === path.dirname(dir)) throw error;
      missing.unshift(dir);
    }
  }
  for (const dir of missing) {
    await mkdir(dir).catch((error: NodeJS.ErrnoException) =>
      error.code === 'EEXIST' ? undefined : Promise.reject(error),
    );
  }
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
    // A leftover naming this process is a dead one's whose pid was reused: this build's own come later.
    const pid = Number((match ?? before)?.[2]);
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
