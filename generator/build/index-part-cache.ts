/**
 * The search index's parts a build kept for the next, beside the page cache's HTML
 * (`.clubsite/cache/index/`): each part's file, linked there as the build writes it, named by
 * the part's key (a hash of what it is made of: index/part-keys.ts) and the build that kept
 * it, and `parts.bin`, each key's file, size and content hash. A later build links a part of
 * the same key from here instead of making it (index/index-parts.ts). Saved, like the page
 * cache, only by a build that succeeded; a file cut short is not the part (it is made again),
 * and a list of another format or other generator code is not read.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { KeptPart, KeptParts } from '../index/split-index.ts';
import type { BuildOptions } from './build-run.ts';
import { buildStamp, removeOrphans, wholeCopy, writeWhole } from './cache-folder.ts';
import { generatorCode } from './generator-code.ts';

/** Raised whenever what parts.bin holds changes meaning. */
const INDEX_CACHE_FORMAT = 1;
const FOLDER = 'index';
const LIST = 'parts.bin';

/** A kept part: its file's name in the folder, its size and the hash of its bytes. */
type Entry = [name: string, bytes: number, digest: string];

interface ListFile {
  format: number;
  generator: string;
  parts: Array<[key: string, entry: Entry]>;
}

/** The parts kept in a build's cache folder; none without one (`--no-cache`: the cache is neither read nor written). */
export function keptPartsOf(options: Pick<BuildOptions, 'root' | 'cacheDir'>): FolderIndexParts | undefined {
  if (options.cacheDir === undefined) return undefined;
  return new FolderIndexParts(path.resolve(options.root, options.cacheDir), generatorCode());
}

export class FolderIndexParts implements KeptParts {
  readonly #folder: string;
  readonly #stamp = buildStamp();
  #found: Map<string, Entry> | undefined;
  /** This build's parts: found whole, or made and kept now. */
  readonly #used = new Map<string, Entry>();
  #made = false;

  constructor(
    dir: string,
    private readonly generator: string,
  ) {
    this.#folder = path.join(dir, FOLDER);
  }

  find(key: string): KeptPart | undefined {
    this.#found ??= readList(path.join(this.#folder, LIST), this.generator);
    const entry = this.#found.get(key);
    if (!entry) return undefined;
    const [name, bytes, digest] = entry;
    const file = wholeCopy(path.join(this.#folder, name), bytes);
    if (file === undefined) return undefined;
    this.#used.set(key, entry);
    return { file, bytes, digest };
  }

  keep(key: string, { bytes, digest }: Omit<KeptPart, 'file'>): string {
    if (!this.#made) mkdirSync(this.#folder, { recursive: true });
    this.#made = true;
    const name = `${key}-${this.#stamp}.json`;
    this.#used.set(key, [name, bytes, digest]);
    return path.join(this.#folder, name);
  }

  /** Keeps this build's parts as the list for the next (nothing to do when it used exactly the list it found). */
  succeeded(): void {
    if (this.#used.size === 0) return;
    const same =
      this.#found?.size === this.#used.size && [...this.#used].every(([key, entry]) => this.#found?.get(key) === entry);
    if (same) return;
    const contents: ListFile = { format: INDEX_CACHE_FORMAT, generator: this.generator, parts: [...this.#used] };
    mkdirSync(this.#folder, { recursive: true });
    writeWhole(path.join(this.#folder, LIST), v8.serialize(contents));
    removeOrphans(this.#folder, new Set([...this.#used.values()].map(([name]) => name)), LIST);
  }
}

/** The kept parts by key; none when the list is missing, cannot be read, or was made by other code. */
function readList(file: string, generator: string): Map<string, Entry> {
  let contents: Partial<ListFile>;
  try {
    contents = v8.deserialize(readFileSync(file)) as Partial<ListFile>;
  } catch {
    return new Map();
  }
  if (contents?.format !== INDEX_CACHE_FORMAT || contents.generator !== generator || !Array.isArray(contents.parts))
    return new Map();
  const whole = contents.parts.filter(
    (part) =>
      Array.isArray(part) &&
      typeof part[0] === 'string' &&
      Array.isArray(part[1]) &&
      typeof part[1][0] === 'string' &&
      !part[1][0].includes('/') &&
      typeof part[1][1] === 'number' &&
      typeof part[1][2] === 'string',
  );
  return new Map(whole);
}
