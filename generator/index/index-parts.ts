/**
 * The search index's parts as splitPostings hands them out: each made (its JSON) and written,
 * or, when the parts a build kept (KeptParts) hold one of the same key, copied from there (its bytes checked against its hash) and
 * neither made, hashed nor posted to the writer again. A key is a hash of everything the part
 * is made of (part-keys.ts), computed without making it; the folder's name is a hash of the
 * parts' content hashes in order, the same whichever way each part came.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { KeptLink } from '../model/pipeline.ts';

/** A part kept by an earlier build: its file (whole), its size and the hash of its bytes. */
export interface KeptPart {
  file: string;
  bytes: number;
  digest: string;
}

/**
 * A part made of a kept index's lists and documents alone (merge-postings.ts: each of its words'
 * lists and each document it shows as that index has them): told by its kind, place and words,
 * it is the same part for as long as that index is kept, so a key hashed once is known again.
 */
export interface PartBasis {
  /** The kept index's generation. */
  generation: string;
  /** The part's kind, place and words: all it is made of besides the kept lists and documents. */
  text: string;
  /** The documents it shows (its heads'), known once its key is made. */
  docs: () => readonly number[];
  /** 1 for a document that is the kept index's (by number). */
  sameDocument: Uint8Array;
}

/** A part's key as an earlier build hashed it, from its basis, with the documents it shows. */
export interface KnownKey {
  key: string;
  /** As noted, or a view of the list they were read from. */
  docs: ArrayLike<number>;
}

/** Where a build keeps the index's parts for the next (pipeline/index-part-cache.ts), by key. */
export interface KeptParts {
  /** The key noted for a basis of this generation, if any. */
  knownKey?(generation: string, text: string): KnownKey | undefined;
  /** Notes a part's key for its basis, for the next build. */
  noteKey?(generation: string, text: string, known: KnownKey): void;
  /** The kept part of this key, as noted: whoever links its file looks whether it is still there, whole. */
  find(key: string): KeptPart | undefined;
  /** Where a part made now is kept (a second name the writer gives it), noted with its size and hash. */
  keep(key: string, part: Omit<KeptPart, 'file'>): string;
}

/** Where parts go as they are made (a build's output folder). */
export interface PartWriter {
  /** Writes a part; with `keepAt`, gives it a second name there. */
  write(file: string, json: string, keepAt?: string): void;
  /**
   * Puts kept parts' files (absolute `from`) at theirs: all at once, after the last part is made;
   * one not there whole is made by `remake` (given its file) instead.
   */
  linkAll(links: ReadonlyArray<KeptLink>, remake: (file: string) => string): void;
  /** The parts a build kept: one with the same key is linked, not made. */
  kept?: KeptParts;
}

/** An index this small is kept whole for its gzip size; a larger one is told in megabytes and parts. */
export const SMALL_INDEX_BYTES = 1024 * 1024;

/** The parts as they are made: handed to a writer (under `unnamed`) or kept, and their hashes hashed in order. */
export class IndexParts {
  readonly #hash = createHash('sha256');
  /** Lines not yet hashed: one update per few hundred parts, not one per part (the digest is the same). */
  #lines = '';
  readonly kept: Array<[name: string, json: string]> = [];
  /** Kept parts to link, handed to the writer together (name()), and what makes each again should its copy not be whole. */
  readonly #links: KeptLink[] = [];
  /** What makes each linked part again, at the same place as its link (a map of them is made only if one is asked for). */
  readonly #remakes: Array<() => string> = [];
  /** Files of the index, the manifest included. */
  count = 1;
  /** Bytes of all parts together. */
  bytes = 0;
  /** Every part's JSON while all together are at most SMALL_INDEX_BYTES. */
  texts: string[] | undefined = [];
  /** Parts linked from those kept, not made. */
  reused = 0;
  /** Parts whose key was known from their basis, not hashed. */
  known = 0;

  constructor(
    private readonly unnamed: string,
    private readonly writer?: PartWriter,
  ) {}

  /**
   * The next part: `key` says what it is made of (asked only when parts are kept, and not when
   * its `basis` tells it), `make` makes its JSON.
   */
  add(kind: string, number: number, key: () => string, make: () => string, basis?: PartBasis): void {
    const name = `${kind}-${number}.json`;
    const kept = this.writer?.kept;
    this.count += 1;
    const id = kept ? `${kind}${this.#keyOf(kept, key, basis)}` : undefined;
    const found = id === undefined ? undefined : kept?.find(id);
    // A small index's parts are read (for its gzip size): a kept one not there whole is made now.
    // A large one's are linked without a look: the writer tells one not whole, and it is made then (linkAll).
    const small = found !== undefined && this.texts !== undefined && this.bytes + found.bytes <= SMALL_INDEX_BYTES;
    const text = found && small ? wholeText(found) : undefined;
    if (found && this.writer && (!small || text !== undefined)) {
      this.#hashed(name, found.digest);
      this.#counted(found.bytes, () => text ?? '');
      this.#links.push([found.file, `${this.unnamed}/${name}`, found.digest]);
      this.#remakes.push(make);
      this.reused += 1;
      return;
    }
    const json = make();
    const digest = createHash('sha256').update(json).digest('base64url');
    this.#hashed(name, digest);
    const bytes = Buffer.byteLength(json);
    this.#counted(bytes, () => json);
    if (!this.writer) this.kept.push([name, json]);
    else
      this.writer.write(
        `${this.unnamed}/${name}`,
        json,
        id === undefined ? undefined : kept?.keep(id, { bytes, digest }),
      );
  }

  /** A part's key: known from its basis when an earlier build noted it (and its documents are still the kept ones), else hashed. */
  #keyOf(kept: KeptParts, key: () => string, basis: PartBasis | undefined): string {
    if (!basis) return key();
    const known = kept.knownKey?.(basis.generation, basis.text);
    if (known && allSame(known.docs, basis.sameDocument)) {
      kept.noteKey?.(basis.generation, basis.text, known);
      this.known += 1;
      return known.key;
    }
    const made = { key: key(), docs: basis.docs() };
    if (allSame(made.docs, basis.sameDocument)) kept.noteKey?.(basis.generation, basis.text, made);
    return made.key;
  }

  #hashed(name: string, digest: string): void {
    this.#lines += `${name}\n${digest}\n`;
    if (this.#lines.length < 32_768) return;
    this.#hash.update(this.#lines);
    this.#lines = '';
  }

  /** The folder's name: a hash of every part's name and content hash, in order. */
  name(): string {
    this.#hash.update(this.#lines);
    this.#lines = '';
    const links = [...this.#links];
    const makes = [...this.#remakes];
    let remakes: Map<string, () => string> | undefined;
    this.writer?.linkAll(links, (file) => {
      remakes ??= new Map(links.map(([, to], at) => [to, makes[at] as () => string]));
      return (remakes.get(file) ?? missingPart(file))();
    });
    this.#links.length = 0;
    this.#remakes.length = 0;
    return this.#hash.digest('base64url').replace(/[-_]/g, 'x').slice(0, 10);
  }

  /** Counts a part's bytes; its text is read only while the index is small. */
  #counted(bytes: number, text: () => string): void {
    this.bytes += bytes;
    if (this.bytes > SMALL_INDEX_BYTES) this.texts = undefined;
    else this.texts?.push(text());
  }

  /** Counts the manifest, which is always made. */
  manifest(json: string): void {
    this.#counted(Buffer.byteLength(json), () => json);
  }
}

/** Whether every one of `docs` is the kept index's: an array read, not a call (25,000 at 10,000 pages). */
function allSame(docs: ArrayLike<number>, sameDocument: Uint8Array): boolean {
  for (let at = 0; at < docs.length; at += 1) if (sameDocument[docs[at] as number] !== 1) return false;
  return true;
}

/** A kept part's text, when its file is there and its bytes hash to its digest. */
function wholeText({ file, digest }: KeptPart): string | undefined {
  try {
    const bytes = readFileSync(file);
    return createHash('sha256').update(bytes).digest('base64url') === digest ? bytes.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

const missingPart = (file: string) => (): string => {
  throw new Error(`No part was linked at ${file}.`);
};
