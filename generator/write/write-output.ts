import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackgroundWriter } from './background-writer.ts';
import { BUILD_MARKER, BUILD_MARKER_TEXT } from './build-marker.ts';
import { acquireLock, processAlive } from './build-lock.ts';
import { fileSystemError } from './output-error.ts';
import { resolveOutFolder, type OutFolderOptions } from './out-folder.ts';

/** The folder's name in the names of its lock and temporary folders, short enough to leave room. */
const short = (name: string) => name.slice(0, 40);

/** Where a build's files go as it makes them (BuildOptions.output): an output folder, or nowhere (`check`). */
export interface OutputSink {
  /** A folder render workers write their pages into themselves (writeFileIn); without it, pages come back to write(). */
  readonly folder?: string;
  /**
   * Takes one file (a path relative to the site's root). It is written in the background, in
   * order, while the caller goes on (write/background-writer.ts); a failure is told later (commit()).
   */
  write(file: string, data: string | Uint8Array): void;
  /** Renames a folder written so far (paths relative to the site's root), in order with the writes: once those before are written. */
  move(from: string, to: string): void;
  /** Resolves once few enough files wait to be written: a renderer faster than the disk waits here. */
  ready(): Promise<void>;
  /** A write done elsewhere (a render worker) failed. */
  fail(error: unknown): void;
}

/** A build's output folder while it is written: files go into a fresh folder until commit() swaps it in. */
export interface OutputFolder extends OutputSink {
  /** The fresh folder being written. */
  readonly folder: string;
  /** Puts the written site in place of the folder's old one, in one rename. */
  commit(): Promise<void>;
  /** Removes what was written; the folder keeps the site it had. */
  abort(): Promise<void>;
}

/** Fresh folders being written by this process, with their writers: never a leftover, whatever their pid says. */
const writing = new Map<string, BackgroundWriter | undefined>();
/** Swaps under way: between their two renames, the folder is briefly missing. */
let swapping = 0;

/**
 * For a process about to exit (interrupted): removes every folder it is writing, so nothing
 * half-written stays beside an output folder. False while a swap is under way: let it end first.
 */
export function discardWriting(): boolean {
  if (swapping > 0) return false;
  for (const [folder, writer] of writing) {
    // Its writer stops at its next file; one under way may still land while the folder goes, so removing is tried again.
    void writer?.stop();
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    } catch {
      // What could not be removed now, the next build into this folder removes (removeLeftovers).
    }
  }
  writing.clear();
  return true;
}

/**
 * Opens `outDir` for a build: files are written, as they are made, into a fresh folder beside
 * it, which commit() swaps into place, so `outDir` is never half-written: a reader sees the old
 * site or the new one. Only a folder clubsite may replace is written (see out-folder.ts); builds
 * into one folder take turns at the swap (build-lock.ts); what a killed build left beside the
 * folder is cleaned away by the next one. A symlinked `outDir` stays a link: the folder it
 * points to is the one replaced.
 */
export async function openOutput(outDir: string, options: OutFolderOptions = {}): Promise<OutputFolder> {
  const shown = options.shown ?? outDir;
  const first = await resolveOutFolder(outDir, options);
  const parent = path.dirname(first.target);
  const name = path.basename(first.target);
  const stamp = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const fresh = path.join(parent, `.${short(name)}.clubsite-new-${stamp}`);
  try {
    await makeFolders(parent);
    writing.set(fresh, undefined);
    await mkdir(fresh);
    await writeFile(path.join(fresh, BUILD_MARKER), BUILD_MARKER_TEXT);
  } catch (error) {
    writing.delete(fresh);
    await rm(fresh, { recursive: true, force: true }).catch(() => undefined);
    throw fileSystemError(error, shown);
  }
  // Files given to write() are written on a thread of their own, while the build renders on.
  const writer = new BackgroundWriter(fresh);
  writing.set(fresh, writer);
  let failure: unknown;
  let open = true;
  const abort = async () => {
    open = false;
    await writer.stop();
    writing.delete(fresh);
    await rm(fresh, { recursive: true, force: true }).catch(() => undefined);
  };
  return {
    folder: fresh,
    write(file, data) {
      if (failure !== undefined || !open) return;
      writer.write(file, data);
    },
    move(from, to) {
      if (failure !== undefined || !open) return;
      writer.move(from, to);
    },
    ready: () => writer.ready(),
    fail(error) {
      failure ??= error;
    },
    abort,
    async commit() {
      open = false;
      await writer.finish();
      if (writer.failure) failure ??= Object.assign(new Error(), writer.failure);
      if (failure !== undefined) {
        await abort();
        throw fileSystemError(failure, shown);
      }
      const lock = await acquireLock(path.join(parent, `.${short(name)}.clubsite-lock`), shown).catch(
        async (error: unknown) => {
          await abort();
          return Promise.reject(fileSystemError(error, shown));
        },
      );
      const old = path.join(parent, `.${short(name)}.clubsite-old-${stamp}`);
      try {
        await removeLeftovers(parent, name, first.target);
        // Checked again under the lock: the folder may have changed while the site was built.
        const { target, state } = await resolveOutFolder(outDir, options);
        swapping += 1;
        try {
          if (state !== 'missing') await rename(target, old);
          try {
            await rename(fresh, target);
          } catch (error) {
            if (state !== 'missing') await rename(old, target).catch(() => undefined);
            throw error;
          }
          writing.delete(fresh);
        } finally {
          swapping -= 1;
        }
        // The new site is in place; what could not be removed now, the next build removes.
        if (state !== 'missing') await rm(old, { recursive: true, force: true }).catch(() => undefined);
      } catch (error) {
        await abort();
        throw fileSystemError(error, shown);
      } finally {
        await lock.release();
      }
    },
  };
}

/** Writes a file under `folder`, making its folders first (`made`: those known to exist; none given: all exist). */
export function writeFileIn(folder: string, file: string, data: string | Uint8Array, made?: Set<string>): void {
  const to = path.join(folder, file);
  const parent = path.dirname(to);
  if (made && !made.has(parent)) {
    mkdirSync(parent, { recursive: true });
    made.add(parent);
  }
  writeFileSync(to, data);
}

/**
 * Makes the folders of `files` under `folder`, one after the other: render workers then write
 * into them without two threads making folders in the same parent at once (which the file
 * system serialises, at a cost).
 */
export function makeFoldersFor(folder: string, files: string[]): void {
  const folders = new Set(files.map((file) => path.dirname(path.join(folder, file))));
  for (const made of [...folders].sort()) mkdirSync(made, { recursive: true });
}

/** Writes a site held in memory (path → contents) into `outDir`, the way a build does (openOutput). */
export async function writeOutput(
  outDir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  options: OutFolderOptions = {},
): Promise<void> {
  const output = await openOutput(outDir, options);
  for (const [file, data] of files) output.write(file, data);
  await output.commit();
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
