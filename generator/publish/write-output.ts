import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Publisher } from '../model/pipeline.ts';
import { isWhole } from '../model/rendered.ts';
import { BackgroundWriter } from './background-writer.ts';
import { BUILD_MARKER, BUILD_MARKER_TEXT } from './build-marker.ts';
import { fileSystemError } from './output-error.ts';
import { resolveOutFolder, type OutFolderOptions } from './out-folder.ts';
import { count, type OutputSizes } from './output-sizes.ts';
import { short, swapIn } from './swap.ts';
import { writing } from './writing-folders.ts';
import { noteCacheFault } from '../noted-cache-fault.ts';

export { discardWriting } from './writing-folders.ts';

/**
 * A build's output folder while it is written (the Publisher of `clubsite build`): files go
 * into a fresh folder, in the background (background-writer.ts), until commit() swaps it in.
 */
interface OutputFolder extends Publisher {
  /** The fresh folder being written: render workers write their pages into it themselves. */
  readonly folder: string;
  /** The HTML, JavaScript and CSS written, in bytes. */
  sizes(): OutputSizes;
  /** Refuses the folder, as at the start, if it is no place for the site now (out-folder.ts: its options' sources may have grown). */
  recheck(): Promise<void>;
  /** Puts the written site in place of the folder's old one, in one rename; the old one is removed on a thread (settled()). */
  commit(): Promise<void>;
  /** Resolves once the site the commit replaced is removed, and the writer's thread is done with the folder's list (at once without a commit). */
  settled(): Promise<void>;
  /** Removes what was written; the folder keeps the site it had. */
  abort(): Promise<void>;
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
  const writer = await startWriting(parent, fresh, shown);
  let failure: unknown;
  let open = true;
  let removed = Promise.resolve();
  const sizes = { html: 0, js: 0, css: 0 };
  const write = (file: string, data: string | Uint8Array, keepAt?: string) => {
    count(sizes, file, data);
    if (failure !== undefined || !open) return;
    writer.write(file, data, keepAt);
  };
  const abort = async () => {
    open = false;
    await writer.stop();
    writing.delete(fresh);
    await rm(fresh, { recursive: true, force: true }).catch(() => undefined);
  };
  return {
    folder: fresh,
    page(page) {
      // A page a render worker wrote itself comes back as its record: only its size is counted.
      if (isWhole(page)) write(page.file, page.html, page.keepAt);
      else sizes.html += page.bytes;
    },
    write,
    linkAll: (links, remake) => (failure === undefined && open ? writer.linkAll(links, remake) : undefined),
    sizes: () => sizes,
    move(from, to) {
      if (failure !== undefined || !open) return;
      writer.move(from, to);
    },
    ready: () => writer.ready(),
    fail(error) {
      failure ??= error;
    },
    abort,
    async recheck() {
      await resolveOutFolder(outDir, options);
    },
    async commit() {
      open = false;
      await writer.finish();
      if (writer.failure) failure ??= Object.assign(new Error(), writer.failure);
      if (failure !== undefined) {
        await abort();
        throw fileSystemError(failure, shown);
      }
      const swapped = await swapIn({ fresh, outDir, options, first: first.target, stamp }).catch(
        async (error: unknown) => {
          await abort();
          throw fileSystemError(error, shown);
        },
      );
      removed = swapped.removed;
    },
    settled: () => Promise.all([removed, writer.closed()]).then(() => undefined),
  };
}

/** Makes the folder the build writes (`fresh`), always a new one, and its writer. */
async function startWriting(parent: string, fresh: string, shown: string): Promise<BackgroundWriter> {
  let writer: BackgroundWriter;
  try {
    await makeFolders(parent);
    writing.set(fresh, undefined);
    await mkdir(fresh);
    await writeFile(path.join(fresh, BUILD_MARKER), BUILD_MARKER_TEXT);
    // Files given to write() are written on a thread of their own, while the build renders on.
    writer = await BackgroundWriter.start(fresh);
  } catch (error) {
    writing.delete(fresh);
    await rm(fresh, { recursive: true, force: true }).catch(() => undefined);
    throw fileSystemError(error, shown);
  }
  writing.set(fresh, writer);
  return writer;
}

/** Writes a file under `folder`, whose folders exist (made by makeFoldersFor). */
export function writeFileIn(folder: string, file: string, data: string | Uint8Array): void {
  writeFileSync(path.join(folder, file), data);
}

/** A page cache's copy of a file; never a reason to fail. */
export function keepCopy(file: string, at: string): void {
  try {
    mkdirSync(path.dirname(at), { recursive: true });
    // A copy, never a link: an edit of the output must not write through to the cache. Named by its hash, it is there already when it exists.
    if (!existsSync(at)) copyFileSync(file, at);
  } catch (error) {
    // The cache only loses this page: the next build renders it again (told: cache-fault.ts).
    noteCacheFault(error);
  }
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
  await output.settled();
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
