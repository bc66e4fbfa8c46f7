/**
 * The search index's parts a build kept for the next, beside the page cache's HTML
 * (`.clubsite/cache/index/`): each part's file, copied there as the build writes it, named by
 * the part's key (a hash of what it is made of: index/part-keys.ts) and the build that kept
 * it, and `parts.bin`, each key's file, size and content hash. A later build links a part of
 * the same key from here instead of making it (index/index-parts.ts). Saved, like the page
 * cache, only by a build that succeeded; a file cut short is not the part (it is made again),
 * and a list of another format or other generator code is not read. It also notes the key of
 * each part made of the kept index's lists alone, by its basis (index/index-parts.ts), for as
 * long as that index is kept: such a part's key is then known without hashing it.
 *
 * Kept by a figure (issue 43): at 1,000 pages (460 parts, 8 MB, RAM disk) the index stage takes
 * 90–220 ms with it and 540–590 ms without. A kept part is copied into the output, never linked,
 * and only when its bytes hash to the digest kept for it (publish/writer-thread.ts linkWhole);
 * any other is made again.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { KeptPart, KeptParts, KnownKey } from '../index/split-index.ts';
import type { BuildOptions } from './build-run.ts';
import { buildStamp, ORPHAN_AGE_MS, removeOldFiles, removeOrphans } from './cache-folder.ts';
import { generatorCode } from './generator-code.ts';
import { readSealed, writeSealed } from '../sealed-file.ts';

/** Raised whenever what parts.bin holds changes meaning. */
const INDEX_CACHE_FORMAT = 5;
const FOLDER = 'index';
const LIST = 'parts.bin';

/** A kept part: its file's name in the folder, its size and the hash of its bytes. */
type Entry = [name: string, bytes: number, digest: string];

/**
 * Keys known by their part's basis, for the kept index of one generation: each basis's text
 * (letters, digits, spaces and line breaks: a NUL parts them), its key (a line each), and the
 * documents it shows, `counts[n]` of them in `docs` for the nth.
 */
interface Known {
  generation: string;
  texts: string;
  keys: string;
  counts: Int32Array;
  docs: Int32Array;
}

/**
 * What parts.bin holds, a few strings and arrays rather than one small array per part: a
 * structured copy of 3,000 parts' arrays took 6 to 19 ms to read back and as long to write,
 * at every build, where splitting a few long strings takes one or two.
 */
interface ListFile {
  format: number;
  generator: string;
  /** Each part's key, its file's name and its content hash, a line each; its size at the same place in `sizes`. */
  keys: string;
  names: string;
  digests: string;
  sizes: Float64Array;
  known?: Known;
  /** When the folder was last looked through for files no list names (removeOrphans). */
  sweptAt?: number;
}

const TEXT_BREAK = '\0';

/** The parts kept in a build's cache folder; none without one (`--no-cache`: the cache is neither read nor written). */
export function keptPartsOf(options: Pick<BuildOptions, 'root' | 'cacheDir'>): FolderIndexParts | undefined {
  if (options.cacheDir === undefined) return undefined;
  return new FolderIndexParts(path.resolve(options.root, options.cacheDir), generatorCode());
}

class FolderIndexParts implements KeptParts {
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
    // The name is a key's and a stamp's (readList takes no other): a plain join, 3,000 times a build.
    return { file: `${this.#folder}${path.sep}${name}`, bytes, digest };
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
    const used = [...this.#used];
    const contents: ListFile = {
      format: INDEX_CACHE_FORMAT,
      generator: this.generator,
      keys: used.map(([key]) => key).join('\n'),
      names: used.map(([, [name]]) => name).join('\n'),
      digests: used.map(([, [, , digest]]) => digest).join('\n'),
      sizes: Float64Array.from(used, ([, [, bytes]]) => bytes),
      ...(noted && { known: knownOf(noted) }),
      sweptAt: sweep ? now : this.#sweptAt,
    };
    mkdirSync(this.#folder, { recursive: true });
    writeSealed(path.join(this.#folder, LIST), v8.serialize(contents));
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

/** The keys a build noted by basis, as parts.bin holds them. */
function knownOf({ generation, keys }: KnownKeys): Known {
  const known = [...keys];
  const counts = Int32Array.from(known, ([, { docs }]) => docs.length);
  const docs = new Int32Array(counts.reduce((sum, count) => sum + count, 0));
  let at = 0;
  for (const [, key] of known) {
    docs.set(key.docs, at);
    at += key.docs.length;
  }
  const texts = known.map(([text]) => text).join(TEXT_BREAK);
  return { generation, texts, keys: known.map(([, { key }]) => key).join('\n'), counts, docs };
}

/** The kept parts by key, and the keys known by basis; none when the list is missing, cannot be read, or was made by other code. */
function readList(file: string, generator: string): { parts: Map<string, Entry>; known?: KnownKeys; sweptAt?: number } {
  let contents: Partial<ListFile>;
  try {
    contents = v8.deserialize(readSealed(file)) as Partial<ListFile>;
  } catch {
    return { parts: new Map() };
  }
  if (contents?.format !== INDEX_CACHE_FORMAT || contents.generator !== generator) return { parts: new Map() };
  const parts = partsOf(contents);
  const known = knownKeysOf(contents.known);
  const sweptAt = Number.isFinite(contents.sweptAt) ? contents.sweptAt : undefined;
  return { parts, ...(known && { known }), ...(sweptAt !== undefined && { sweptAt }) };
}

/** The kept parts by key, when the list's lines and sizes agree (none else); a name with a slash is no part's. */
function partsOf({ keys, names, digests, sizes }: Partial<ListFile>): Map<string, Entry> {
  const parts = new Map<string, Entry>();
  if (typeof keys !== 'string' || typeof names !== 'string' || typeof digests !== 'string') return parts;
  if (!(sizes instanceof Float64Array) || sizes.length === 0) return parts;
  const keyList = keys.split('\n');
  const nameList = names.split('\n');
  const digestList = digests.split('\n');
  if (keyList.length !== sizes.length || nameList.length !== sizes.length || digestList.length !== sizes.length)
    return parts;
  for (let at = 0; at < sizes.length; at += 1) {
    const name = nameList[at] as string;
    const bytes = sizes[at] as number;
    if (name === '' || name.includes('/') || !Number.isInteger(bytes) || bytes < 0) continue;
    parts.set(keyList[at] as string, [name, bytes, digestList[at] as string]);
  }
  return parts;
}

/** The keys known by basis, as read: none when the list's texts, keys and documents do not agree (each is hashed again). */
function knownKeysOf(known: Partial<Known> | undefined): KnownKeys | undefined {
  if (typeof known?.generation !== 'string' || typeof known.texts !== 'string' || typeof known.keys !== 'string')
    return undefined;
  const { counts, docs } = known;
  if (!(counts instanceof Int32Array) || !(docs instanceof Int32Array)) return undefined;
  const keys = new Map<string, KnownKey>();
  if (counts.length === 0) return { generation: known.generation, keys };
  const texts = known.texts.split(TEXT_BREAK);
  const keyList = known.keys.split('\n');
  if (texts.length !== counts.length || keyList.length !== counts.length) return undefined;
  let at = 0;
  for (let n = 0; n < counts.length; n += 1) {
    const count = counts[n] as number;
    if (count < 0 || at + count > docs.length) return undefined;
    keys.set(texts[n] as string, { key: keyList[n] as string, docs: docs.subarray(at, at + count) });
    at += count;
  }
  return { generation: known.generation, keys };
}
