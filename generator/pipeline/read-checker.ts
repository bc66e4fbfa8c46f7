/**
 * Answers the page cache's reads (read-table.ts) again in a build's context, each pair once and
 * each path once: most pages read the same frame, the same menu and the same settings. One
 * checker serves every pass and, in a dev session, every build of a table: an answer is kept
 * while what it was read from is the same (the route list, the content folders, the content
 * files, compared by value; the data, the page list and the photos, the very same objects), and
 * asked again once it is not. At 10,000 pages most pairs ask whether a route exists, and a save
 * of a page's text leaves the route list as it was.
 */
import type { RenderContext } from '../model/render-context.ts';
import type { ReadValue } from '../render/reads.ts';
import { readAgain, SEP } from '../render/reads.ts';
import type { ReadTable } from './read-table.ts';

/** What a read is answered from, by the kind of its path (render/reads.ts): `d` and any other kind read the data. */
const SOURCES = ['d', 'p', 'r', 'c', 'a', 'f'] as const;
type Source = (typeof SOURCES)[number];
/** A kind's place in SOURCES (its source's: another kind's is the data's, 0). */
const placeOf = (kind: string): number => Math.max(SOURCES.indexOf(kind as Source), 0);

/** The checker of each table: it lives as long as the table does (a dev session's whole run). */
const checkers = new WeakMap<ReadTable, ReadChecker>();

export class ReadChecker {
  /** Per pair of the table: 0 not asked since its source changed, 1 the same answer now, 2 another. */
  #pairs = new Uint8Array(0);
  /** Per pair: its source's number in SOURCES, plus one (0: not known yet). */
  #sources = new Uint8Array(0);
  /** Answers by path, per source. */
  readonly #known: Array<Map<string, ReadValue>> = SOURCES.map(() => new Map());
  /** What the answers were read from: the context's own object, and a copy of those compared by value. */
  readonly #from = new Map<Source, { object: unknown; copy: unknown }>();
  /** Counts the answers that turned since the checker was made. */
  #version = 0;
  /** How many pairs answer otherwise now (state 2), and how many of the table's first pairs are all answered. */
  #differ = 0;
  #answered = 0;
  /** The version at which each page's reads were last all found the same. */
  readonly #checked = new WeakMap<Int32Array, number>();
  #context: RenderContext | undefined;
  #routes: ReadonlySet<string> | undefined;
  #folders: ReadonlySet<string> | undefined;

  private constructor(private readonly table: ReadTable) {}

  /** The checker of the table, made once. */
  static of(table: ReadTable): ReadChecker {
    let checker = checkers.get(table);
    if (!checker) {
      checker = new ReadChecker(table);
      checkers.set(table, checker);
    }
    return checker;
  }

  /** The path of the first read (numbers of the table's pairs) whose answer in `context` differs, or undefined when every one is the same. */
  firstChange(reads: Int32Array, context: RenderContext): string | undefined {
    if (context !== this.#context) this.#use(context);
    const { paths } = this.table;
    if (this.#pairs.length < paths.length) this.#grow(paths.length + 1024);
    // Every pair of the table answered, each once, and none otherwise: no page's reads need a look
    // (an edit's build, at 10,000 pages: 900,000 reads not looked at).
    if (this.#answered < paths.length) this.#answerFrom(this.#answered, paths.length);
    if (this.#differ === 0) return undefined;
    // Every answer it read was the same when it was last checked, and no answer has changed since.
    if (this.#checked.get(reads) === this.#version) return undefined;
    const pairs = this.#pairs;
    for (let at = 0; at < reads.length; at += 1) {
      const id = reads[at] ?? 0;
      if (pairs[id] === 2) return paths[id];
    }
    this.#checked.set(reads, this.#version);
    return undefined;
  }

  /** Answers the pairs from `first` to `end` not answered yet (a base's table holds the pairs its pages read: each would be asked anyway). */
  #answerFrom(first: number, end: number): void {
    const { paths, values } = this.table;
    const pairs = this.#pairs;
    for (let id = first; id < end; id += 1) {
      if (pairs[id] !== 0) continue;
      const state = Object.is(this.#answer(id, paths[id] ?? ''), values[id]) ? 1 : 2;
      pairs[id] = state;
      if (state === 2) this.#differ += 1;
    }
    this.#answered = end;
  }

  /**
   * The checker's version once it answers in `context`: while it is the same, every page whose
   * reads were found the same is the same still.
   */
  versionIn(context: RenderContext): number {
    if (context !== this.#context) this.#use(context);
    return this.#version;
  }

  /**
   * Answers from now on in `context`: each pair answered from a source that is not what it was
   * answered from is answered again now, and any answer that turned counts as a new version.
   */
  #use(context: RenderContext): void {
    this.#context = context;
    const changed = new Set<number>();
    for (const [at, source] of SOURCES.entries()) {
      if (this.#same(source, sourceIn(context, source))) continue;
      this.#known[at]?.clear();
      changed.add(at + 1);
      if (source === 'r') this.#routes = undefined;
      if (source === 'c') this.#folders = undefined;
    }
    if (changed.size === 0) return;
    const { paths, values } = this.table;
    const pairs = this.#pairs;
    const sources = this.#sources;
    for (let id = 0; id < pairs.length; id += 1) {
      const before = pairs[id];
      if (before === 0 || !changed.has(sources[id] ?? 0)) continue;
      const now = Object.is(this.#answer(id, paths[id] ?? ''), values[id]) ? 1 : 2;
      pairs[id] = now;
      if (now !== before) {
        this.#version += 1;
        this.#differ += now === 2 ? 1 : -1;
      }
    }
  }

  /**
   * Whether answers read from the source as it was hold for `now` (and it is noted as `now`).
   * The route list, the content folders and the content files are compared by value (a few
   * thousand string comparisons), unless they are the very objects compared last (a build's
   * passes share its context's lists, made once and never changed). The data, the page list and
   * the photos are made afresh by each build and never changed after: the very same object is
   * what the answers were read from.
   */
  #same(source: Source, now: unknown): boolean {
    const from = this.#from.get(source);
    if (from !== undefined && from.object === now) return true;
    const byValue = source === 'r' || source === 'c' || source === 'a';
    // The lists are kept as copies: a list changed in place is not taken for the one answered from.
    const copy = Array.isArray(now) ? [...now] : byValue && now !== undefined ? { ...(now as object) } : now;
    this.#from.set(source, { object: now, copy });
    if (from === undefined || !byValue) return false;
    if (Array.isArray(now)) return sameList(from.copy as string[], now);
    if (now === undefined || from.copy === undefined) return now === from.copy;
    return sameRecord(from.copy as Record<string, string>, now as Record<string, string>);
  }

  #grow(size: number): void {
    const pairs = new Uint8Array(size);
    pairs.set(this.#pairs);
    this.#pairs = pairs;
    const sources = new Uint8Array(size);
    sources.set(this.#sources);
    this.#sources = sources;
  }

  #answer(id: number, path: string): ReadValue {
    const cut = path.indexOf(SEP);
    // A kind is one letter (render/reads.ts): the common case slices nothing off.
    const place = placeOf(cut === 1 ? (path[0] as string) : path.slice(0, cut));
    const source = SOURCES[place] as Source;
    this.#sources[id] = place + 1;
    // Whether a route, a folder or a file exists is one look in a set: not kept again by path
    // (at 10,000 pages, a map of 10,000 routes made at each build's start for one look each).
    if (source === 'r' || source === 'c' || source === 'a') return this.#read(source, path, path.slice(cut + 1));
    const known = this.#known[place] as Map<string, ReadValue>;
    let answer = known.get(path);
    if (answer === undefined && !known.has(path)) {
      answer = this.#read(source, path, path.slice(cut + 1));
      known.set(path, answer);
    }
    return answer;
  }

  #read(source: Source, path: string, name: string): ReadValue {
    const context = this.#context as RenderContext;
    const { assets, photos } = context;
    if (source === 'r') {
      this.#routes ??= new Set(context.routes);
      return this.#routes.has(name);
    }
    if (source === 'c') {
      this.#folders ??= new Set(context.contentFolders);
      return this.#folders.has(name);
    }
    if (source === 'a') return Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (source === 'f') {
      const photo = photos && Object.hasOwn(photos, name) ? photos[name] : undefined;
      return photo && JSON.stringify(photo);
    }
    return readAgain({ d: context.data, p: context.summaries }, path);
  }
}

function sourceIn(context: RenderContext, source: Source): unknown {
  if (source === 'r') return context.routes;
  if (source === 'c') return context.contentFolders;
  if (source === 'a') return context.assets;
  if (source === 'f') return context.photos;
  return source === 'p' ? context.summaries : context.data;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return false;
  return true;
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}
