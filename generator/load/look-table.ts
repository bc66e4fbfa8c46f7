/**
 * A look at the content folder taken on a thread (load/content-walk.ts), kept as the thread sent
 * it: its paths, a block of numbers (five for each: size, times, inode, kind) and its stamps. A
 * file's stats are made into an object only when asked for, and live no longer than the asker
 * holds them: at 10,000 pages, 10,000 objects of seven fields made as the look arrives lived
 * the whole build, for the garbage collector to copy, when the load only asks each file's stamp.
 */

/** What a look keeps of a file's stats (a Stats object has them all). */
export interface Looked {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  isSymbolicLink(): boolean;
  isFile(): boolean;
  /** Its stamp as stampFrom makes it, when the look's thread made it (null: written too recently to have one). */
  stamp?: string | null;
}

/** Numbers the look holds for each file: its size, times, inode, and kind (0: gone, 1: a link, 2: a file, 3: other). */
export const FIELDS = 5;
const KIND = 4;

/** What the look's thread sends. */
export interface SentLook {
  paths: string[];
  numbers: Float64Array;
  stamps: Array<string | null>;
}

/** One path's stats, read from the look's numbers. */
class LookedAt implements Looked {
  constructor(
    private readonly numbers: Float64Array,
    private readonly at: number,
    readonly stamp: string | null,
  ) {}

  get size(): number {
    return this.#field(0);
  }

  get mtimeMs(): number {
    return this.#field(1);
  }

  get ctimeMs(): number {
    return this.#field(2);
  }

  get ino(): number {
    return this.#field(3);
  }

  isSymbolicLink(): boolean {
    return this.#field(KIND) === 1;
  }

  isFile(): boolean {
    return this.#field(KIND) === 2;
  }

  #field(index: number): number {
    return this.numbers[this.at * FIELDS + index] ?? 0;
  }
}

/** Each path of the look, in walk order, with its stats (undefined: gone between its folder's listing and its stat). */
export class LookTable implements ReadonlyMap<string, Looked | undefined> {
  readonly #sent: SentLook;
  readonly #index = new Map<string, number>();

  constructor(sent: SentLook) {
    this.#sent = sent;
    const { paths } = sent;
    for (let at = 0; at < paths.length; at++) this.#index.set(paths[at] as string, at);
  }

  get size(): number {
    return this.#index.size;
  }

  has(file: string): boolean {
    return this.#index.has(file);
  }

  get(file: string): Looked | undefined {
    const at = this.#index.get(file);
    return at === undefined ? undefined : this.#at(at);
  }

  /**
   * A file's stamp as the thread made it, without an object for its stats: null when it has none
   * (written too recently); undefined when the look holds no file there, or a link (whose stamp
   * is its target's).
   */
  stampOf(file: string): string | null | undefined {
    const at = this.#index.get(file);
    if (at === undefined) return undefined;
    const kind = this.#sent.numbers[at * FIELDS + KIND];
    return kind === 0 || kind === 1 ? undefined : (this.#sent.stamps[at] ?? null);
  }

  entries(): MapIterator<[string, Looked | undefined]> {
    // An array's iterator, not a generator's: a load walks the whole look once, in one call.
    const { paths } = this.#sent;
    const entries: Array<[string, Looked | undefined]> = new Array(paths.length);
    for (let at = 0; at < paths.length; at++) entries[at] = [paths[at] as string, this.#at(at)];
    return entries[Symbol.iterator]() as MapIterator<[string, Looked | undefined]>;
  }

  keys(): MapIterator<string> {
    return this.#index.keys();
  }

  values(): MapIterator<Looked | undefined> {
    const { paths } = this.#sent;
    const values: Array<Looked | undefined> = new Array(paths.length);
    for (let at = 0; at < paths.length; at++) values[at] = this.#at(at);
    return values[Symbol.iterator]() as MapIterator<Looked | undefined>;
  }

  [Symbol.iterator](): MapIterator<[string, Looked | undefined]> {
    return this.entries();
  }

  forEach(each: (value: Looked | undefined, key: string, map: ReadonlyMap<string, Looked | undefined>) => void): void {
    for (const [file, looked] of this.entries()) each(looked, file, this);
  }

  /** Each path there (not gone), with whether it is a link and a file, without an object for its stats. */
  eachThere(each: (file: string, isLink: boolean, isFile: boolean) => void): void {
    const { paths, numbers } = this.#sent;
    for (let at = 0; at < paths.length; at++) {
      const kind = numbers[at * FIELDS + KIND];
      if (kind !== 0) each(paths[at] as string, kind === 1, kind === 2);
    }
  }

  #at(at: number): Looked | undefined {
    const { numbers, stamps } = this.#sent;
    return numbers[at * FIELDS + KIND] === 0 ? undefined : new LookedAt(numbers, at, stamps[at] ?? null);
  }
}

/** Each path of a look that is there, with whether it is a link and a file (a table's without objects made for them). */
export function eachThere(
  look: ReadonlyMap<string, Looked | undefined>,
  each: (file: string, isLink: boolean, isFile: boolean) => void,
): void {
  if (look instanceof LookTable) look.eachThere(each);
  else for (const [file, stats] of look) if (stats) each(file, stats.isSymbolicLink(), stats.isFile());
}
