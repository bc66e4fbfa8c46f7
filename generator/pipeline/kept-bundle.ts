/**
 * What esbuild made in an earlier build (the site's code, the browser's code), kept in the cache
 * folder and taken again instead of running esbuild while nothing it was made from can have
 * changed: every file esbuild read for it and the project's package.json, tsconfig.json and
 * jsconfig.json, each with the stamp it had (modification time, size, inode), and the names of
 * the files in every folder those lie in, up to the project's (a file added beside an import may
 * be what the import resolves to now: see namesIn). What it was made by and for (the generator's
 * code, esbuild's version, the entry and options) is the caller's `madeBy`. A file written
 * within two seconds of the bundling may change again without a new stamp: such a bundle is not
 * kept. Anything that does not read as kept is no cache: the code is bundled as always. What a
 * build bundled is written once it has succeeded, with its other caches (a build refused, such
 * as one whose --out is a folder of the site's code, leaves the project as it was).
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { readSealed, writeSealed } from '../sealed-file.ts';
import { noteCacheFault } from '../noted-cache-fault.ts';

const FORMAT = 2;
/** Files of the project that change how esbuild resolves an import without being one of its inputs. */
const SETTINGS = ['package.json', 'tsconfig.json', 'jsconfig.json'];
/** A file written this close to the bundling may have changed since without a new stamp. */
const RACY_MS = 2000;

interface Kept<Made> {
  format: number;
  madeBy: string;
  made: Made;
  inputs: string[];
  /** Each stamped file (the inputs, the settings) and its stamp, '' for none. */
  stamps: Array<[string, string]>;
  /** Each folder the inputs lie in and the names it held. */
  folders: Array<[string, string]>;
}

export class KeptBundle<Made> {
  /** What keep made, written by succeeded. */
  #pending: Buffer | undefined;

  constructor(
    private readonly file: string,
    private readonly root: string,
  ) {}

  /** What was made by `madeBy`, and its inputs, when it may be taken as it is. */
  find(madeBy: string): { made: Made; inputs: string[] } | undefined {
    try {
      const kept = v8.deserialize(readSealed(this.file)) as Kept<Made>;
      if (kept?.format !== FORMAT || kept.madeBy !== madeBy) return undefined;
      if (!kept.stamps.every(([file, stamp]) => stampOf(file) === stamp)) return undefined;
      if (!kept.folders.every(([folder, names]) => namesIn(folder) === names)) return undefined;
      return { made: kept.made, inputs: kept.inputs };
    } catch {
      return undefined;
    }
  }

  /** Notes what esbuild made of `inputs` (absolute), having begun at `startedAt` (Date.now()), to be kept once the build has succeeded. */
  keep(madeBy: string, made: Made, inputs: readonly string[], startedAt: number): void {
    const files = [...new Set([...inputs, ...SETTINGS.map((name) => path.join(this.root, name))])];
    const stamps = files.map((file): [string, string] => [file, stampOf(file)]);
    if (files.some((file) => (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= startedAt - RACY_MS)) return;
    const folders = [...new Set(inputs.flatMap((input) => foldersOf(input, this.root)))].map(
      (folder): [string, string] => [folder, namesIn(folder)],
    );
    const kept: Kept<Made> = { format: FORMAT, madeBy, made, inputs: [...inputs], stamps, folders };
    this.#pending = v8.serialize(kept);
  }

  /** Writes what keep noted, if anything: the build has succeeded. */
  succeeded(): void {
    const pending = this.#pending;
    this.#pending = undefined;
    if (!pending) return;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeSealed(this.file, pending);
    } catch (error) {
      // A cache that cannot be written is only not kept (and told: cache-fault.ts).
      noteCacheFault(error);
    }
  }
}

function stampOf(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.mtimeMs}:${stats.size}:${stats.ino}` : '';
}

/**
 * The names of a folder's files, in order ('' for a folder that cannot be read). Not its folders:
 * a folder beside an import never wins over the file it resolved to, and the one it resolved
 * into is stamped itself; the output folder comes and goes in the project's. Nor names that begin
 * with a dot (an editor's swap files, the build's own folders).
 */
function namesIn(folder: string): string {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.') && !entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .join('/');
  } catch {
    return '';
  }
}

/** The folders `file` lies in, up to `root` (itself included); only its own for a file outside it. */
function foldersOf(file: string, root: string): string[] {
  const folders = [path.dirname(file)];
  let folder = path.dirname(file);
  while (folder !== root && folder.startsWith(`${root}${path.sep}`)) {
    folder = path.dirname(folder);
    folders.push(folder);
  }
  return folders;
}
