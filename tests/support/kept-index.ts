// Pages' postings and kept indexes in memory, as a build's page cache and pipeline/kept-index.ts
// keep them: for the tests of an index made from a kept one.
import { BatchPostings, type IndexDocument } from '../../generator/index/postings.ts';
import { WordNumbering } from '../../generator/index/page-postings.ts';
import { SearchIndexBuilder } from '../../generator/index/search-index.ts';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type KeptPart,
  type KeptParts,
  type KnownKey,
  type PartWriter,
  UNNAMED_PARTS,
} from '../../generator/index/split-index.ts';
import { FlatLists } from '../../generator/index/word-lists.ts';
import type { KeptDocuments, KeptIndex, KeptIndexData, PagePostings, WordLists } from '../../generator/model/search.ts';

export { WordNumbering };

const SNIPPET = 120;

/** A small random source that gives the same numbers for the same seed. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export const VOCABULARY = Array.from({ length: 300 }, (_, at) => `ord${at}`).concat([
  'svømming',
  'bølge',
  'åpen',
  'kurs',
]);

/** A page of 1–4 documents (a page and its parts), of words drawn from the vocabulary. */
export function pageDocuments(name: string, draw: () => number): IndexDocument[] {
  const count = 1 + Math.floor(draw() * 4);
  return Array.from({ length: count }, (_, part) => {
    const words = Array.from(
      { length: 5 + Math.floor(draw() * 40) },
      () => VOCABULARY[Math.floor(draw() * VOCABULARY.length)],
    );
    return { title: `${name} ${part}`, url: `/${name}/#${part}`, content: words.join(' ') };
  });
}

/** Pages' postings as a page cache keeps them: counted by a thread, cut into pages, numbered in the cache's table. */
export function counted(pages: IndexDocument[][], numbering: WordNumbering): PagePostings[] {
  numbering.newRender();
  const batch = new BatchPostings();
  for (const documents of pages) for (const document of documents) batch.addDocument(document, SNIPPET);
  return numbering.pagesOf(
    batch.take(),
    0,
    pages.map((documents) => documents.length),
  );
}

/** A kept index in memory, as pipeline/kept-index.ts keeps one: its lists, and where each kept page is in it. */
export class MemoryKeptIndex {
  readonly ranges = new Map<PagePostings, KeptDocuments>();
  made: { lists: WordLists; pages: readonly PagePostings[] } | undefined;

  constructor(readonly data: KeptIndexData | undefined) {}

  rangeOf(page: PagePostings): KeptDocuments | undefined {
    return this.ranges.get(page);
  }

  recordMade(lists: WordLists, pages: readonly PagePostings[]): void {
    this.made = { lists, pages };
  }
}

/**
 * The index of `pages`, made with `kept` (or from every page's postings), as its files; with
 * `parts`, as a build writes it with the parts it kept (MemoryParts).
 */
export function indexFiles(
  pages: PagePostings[],
  words: readonly string[],
  kept?: MemoryKeptIndex,
  parts?: MemoryParts,
) {
  if (kept) kept.made = undefined;
  const asKept: KeptIndex | undefined = kept && {
    data: kept.data,
    rangeOf: (page) => kept.rangeOf(page),
    made: (lists, made) => kept.recordMade(lists, made),
  };
  const builder = new SearchIndexBuilder(asKept);
  for (let at = 0; at < pages.length; at += 7) builder.appendNumbered({ pages: pages.slice(at, at + 7), words });
  if (!parts) return builder.finish().files;
  const written = new Map<string, string>();
  const made = builder.finish(parts.writer(written));
  parts.succeeded();
  const files = new Map<string, string>();
  for (const [file, json] of written) files.set(file.replace(UNNAMED_PARTS, made.folder), json);
  for (const [file, json] of made.files) files.set(file, json);
  return files;
}

/**
 * Parts kept as pipeline/index-part-cache.ts keeps them (each part's file in a temporary folder, by
 * key), and the keys noted by basis, which a build reads as the last one left them.
 */
export class MemoryParts implements KeptParts {
  readonly #parts = new Map<string, string>();
  /** Where the parts' files are: a build reads a small index's kept parts back. */
  readonly #folder = mkdtempSync(path.join(os.tmpdir(), 'clubsite-memory-parts-'));
  #known = new Map<string, KnownKey>();
  #next = new Map<string, KnownKey>();
  #generation: string | undefined;
  #nextGeneration: string | undefined;
  /** Keys taken as known (not hashed), over every build. */
  taken = 0;
  /** Parts made (not linked), over every build. */
  made = 0;

  knownKey(generation: string, text: string): KnownKey | undefined {
    return generation === this.#generation ? this.#known.get(text) : undefined;
  }

  noteKey(generation: string, text: string, known: KnownKey): void {
    if (this.#known.get(text) === known) this.taken += 1;
    this.#nextGeneration = generation;
    this.#next.set(text, known);
  }

  find(key: string): KeptPart | undefined {
    const json = this.#parts.get(key);
    if (json === undefined) return undefined;
    const digest = createHash('sha256').update(json).digest('base64url');
    return { file: path.join(this.#folder, key), bytes: Buffer.byteLength(json), digest };
  }

  keep(key: string): string {
    return path.join(this.#folder, key);
  }

  /** A build's writer: parts written or linked into `files`, those made kept here by key. */
  writer(files: Map<string, string>): PartWriter {
    return {
      write: (file, json, keepAt) => {
        files.set(file, json);
        this.made += 1;
        if (keepAt === undefined) return;
        writeFileSync(keepAt, json);
        this.#parts.set(path.basename(keepAt), json);
      },
      linkAll: (links) => {
        for (const [from, file] of links) files.set(file, readFileSync(from, 'utf8'));
      },
      kept: this,
    };
  }

  /** Removes the parts' files. */
  remove(): void {
    rmSync(this.#folder, { recursive: true, force: true });
  }

  succeeded(): void {
    this.#known = this.#next;
    this.#generation = this.#nextGeneration;
    this.#next = new Map();
  }
}

let generations = 0;

/** What a build keeps of the index it made: its lists whole, and each page's range. */
export function keptOf(kept: MemoryKeptIndex): MemoryKeptIndex {
  const made = kept.made;
  if (!made) throw new Error('no index was made');
  const lists = FlatLists.of(made.lists);
  const documentCount = made.pages.reduce((sum, page) => sum + page.documents.length, 0);
  generations += 1;
  const next = new MemoryKeptIndex({
    generation: `g${generations}`,
    documentCount,
    words: [...lists.wordList],
    starts: lists.starts as Int32Array<ArrayBuffer>,
    pairs: lists.pairs.slice(),
  });
  let from = 0;
  for (const page of made.pages) {
    next.ranges.set(page, { from, count: page.documents.length });
    from += page.documents.length;
  }
  return next;
}
