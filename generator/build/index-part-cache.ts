/**
 * The search index's parts a build kept for the next, beside the page cache's HTML
 * (`.clubsite/cache/index/`): each part's file, linked there as the build writes it, named by
 * the part's key (a hash of what it is made of: index/part-keys.ts) and the build that kept
 * it, and `parts.bin`, each key's file, size and content hash. A later build links a part of
 * the same key from here instead of making it (index/index-parts.ts). Saved, like the page
 * cache, only by a build that succeeded; a file cut short is not the part (it is made again),
 * and a list of another format or other generator code is not read. It also notes the key of
 * each part made of the kept index's lists alone, by its basis (index/index-parts.ts), for as
 * long as that index is kept: such a part's key is then known without hashing it.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { KeptPart, KeptParts, KnownKey } from '../index/split-index.ts';
import type { BuildOptions } from './build-run.ts';
import { buildStamp, ORPHAN_AGE_MS, removeOldFiles, removeOrphans, writeWhole } from './cache-folder.ts';
import { generatorCode } from './generator-code.ts';

/** Raised whenever what parts.bin holds changes meaning. */
const INDEX_CACHE_FORMAT = 3;
const FOLDER = 'index';
const LIST = 'parts.bin';

/** A kept part: its file's name in the folder, its size and the hash of its bytes. */
type Entry = [name: string, bytes: number, digest: string];

/** Keys known by their part's basis, for the kept index of one generation. */
interface Known {
  generation: string;
  keys: Array<[text: string, key: string, docs: number[]]>;
}

interface ListFile {
  format: number;
  generator: string;
  parts: Array<[key: string, entry: Entry]>;
  known?: Known;
  /** When the folder was last looked through for files no list names (removeOrphans). */
  sweptAt?: number;
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
  #sweptAt: number | undefined;
  #foundKeys: { generation: string; keys: Map<string, KnownKey> } | undefined;
  /** This build's parts: found whole, or made and kept now. */
  readonly #used = new Map<string, Entry>();
  /** This build's keys noted by basis. */
  #noted: { generation: string; keys: Map<string, KnownKey> } | undefined;
  #made = false;

  constructor(
    dir: string,
    private readonly generator: string,
  ) {
    this.#folder = path.join(dir, FOLDER);
  }

  #read(): void {
    if (this.#found) return;
    const { parts, known, sweptAt } = readList(path.join(this.#folder, LIST), this.generator);
    this.#found = parts;
    this.#sweptAt = sweptAt;
    this.#foundKeys = known;
  }

  knownKey(generation: string, text: string): KnownKey | undefined {
    this.#read();
    return this.#foundKeys?.generation === generation ? this.#foundKeys.keys.get(text) : undefined;
  }

  noteKey(generation: string, text: string, known: KnownKey): void {
    if (this.#noted?.generation !== generation) this.#noted = { generation, keys: new Map() };
    this.#noted.keys.set(text, known);
  }

  find(key: string): KeptPart | undefined {
    this.#read();
    const entry = this.#found?.get(key);
    if (!entry) return undefined;
    const [name, bytes, digest] = entry;
    // Not looked at here: the writer links it and tells whether it was whole (index-parts.ts), off this thread.
    this.#used.set(key, entry);
    return { file: path.join(this.#folder, name), bytes, digest };
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
      this.#found?.size === this.#used.size &&
      [...this.#used].every(([key, entry]) => this.#found?.get(key) === entry) &&
      sameKeys(this.#foundKeys, this.#noted);
    if (same) return;
    const noted = this.#noted;
    const now = Date.now();
    const sweep = this.#sweptAt === undefined || !(now - this.#sweptAt < ORPHAN_AGE_MS && this.#sweptAt <= now);
    const contents: ListFile = {
      format: INDEX_CACHE_FORMAT,
      generator: this.generator,
      parts: [...this.#used],
      ...(noted && {
        known: {
          generation: noted.generation,
          keys: [...noted.keys].map(([text, { key, docs }]) => [text, key, [...docs]]),
        },
      }),
      sweptAt: sweep ? now : this.#sweptAt,
    };
    mkdirSync(this.#folder, { recursive: true });
    writeWhole(path.join(this.#folder, LIST), v8.serialize(contents));
    this.#removeOrphans(sweep);
  }

  /**
   * Removes the parts no list names, once old enough (cache-folder.ts). The folder is looked
   * through (`sweep`) once in ORPHAN_AGE_MS, not at every build (3,000 parts and more at 10,000
   * pages): between, only the files the last list named and this one does not can be orphans
   * old enough to go. What a build killed before it saved a list made waits for the next look.
   */
  #removeOrphans(sweep: boolean): void {
    const named = new Set([...this.#used.values()].map(([name]) => name));
    if (sweep) removeOrphans(this.#folder, named, LIST);
    else {
      const dropped = [...(this.#found?.values() ?? [])].map(([name]) => name).filter((name) => !named.has(name));
      removeOldFiles(this.#folder, dropped);
    }
  }
}

type KnownKeys = { generation: string; keys: Map<string, KnownKey> };

/** Whether a build noted exactly the keys it found (the same objects: nothing hashed anew). */
function sameKeys(found: KnownKeys | undefined, noted: KnownKeys | undefined): boolean {
  if (!noted) return !found;
  if (found?.generation !== noted.generation || found.keys.size !== noted.keys.size) return false;
  return [...noted.keys].every(([text, known]) => found.keys.get(text) === known);
}

/** The kept parts by key, and the keys known by basis; none when the list is missing, cannot be read, or was made by other code. */
function readList(file: string, generator: string): { parts: Map<string, Entry>; known?: KnownKeys; sweptAt?: number } {
  let contents: Partial<ListFile>;
  try {
    contents = v8.deserialize(readFileSync(file)) as Partial<ListFile>;
  } catch {
    return { parts: new Map() };
  }
  if (contents?.format !== INDEX_CACHE_FORMAT || contents.generator !== generator || !Array.isArray(contents.parts))
    return { parts: new Map() };
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
  const known = knownKeysOf(contents.known);
  const sweptAt = Number.isFinite(contents.sweptAt) ? contents.sweptAt : undefined;
  return { parts: new Map(whole), ...(known && { known }), ...(sweptAt !== undefined && { sweptAt }) };
}

/** The keys known by basis, as read: only those of the right shape (a spoilt one is hashed again). */
function knownKeysOf(known: Partial<Known> | undefined): KnownKeys | undefined {
  if (typeof known?.generation !== 'string' || !Array.isArray(known.keys)) return undefined;
  const keys = new Map<string, KnownKey>();
  for (const entry of known.keys) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') continue;
    const docs = entry[2];
    if (Array.isArray(docs) && docs.every((doc) => Number.isInteger(doc))) keys.set(entry[0], { key: entry[1], docs });
  }
  return { generation: known.generation, keys };
}
