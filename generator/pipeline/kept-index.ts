/**
 * The search index's postings, kept beside the page cache's base (`.clubsite/cache/postings.bin`):
 * each word's pairs in one array, and each page's file and number of documents, in index
 * order. A later build's index takes a page whose cache entry is still the base's as a range
 * of it (index/merge-postings.ts) instead of appending its postings again; the pages rendered
 * since the base bring their own.
 *
 * It names the base it goes with (the base's random generation, cache-file.ts), and a page is
 * a range of it only while the page's entry is that base's: what the base holds never changes,
 * while a journal's entries may be another build's. It is written when a build writes a base,
 * or when there was none to believe. A base of another build, a file cut short or spoilt,
 * leaves it out, and the index is made from every page's postings, as without it. The pairs are stored as their bytes after a small header, and read back as a
 * view of the file: 47 MB at 10,000 pages, read in the time a structured copy takes to decode
 * its header.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import v8 from 'node:v8';
import { FlatLists } from '../index/word-lists.ts';
import type { KeptDocuments, KeptIndex, KeptIndexData, PagePostings, WordLists } from '../model/search.ts';
import { ReadAhead } from './read-ahead.ts';
import type { CachedPage, PageCache } from './page-cache.ts';
import { readSealed, writeSealed } from '../sealed-file.ts';

/** Raised whenever what postings.bin holds changes meaning. */
const FORMAT = 3;
const FILE = 'postings.bin';

/** What comes before the pairs. */
interface Header {
  format: number;
  generator: string;
  /** The page cache's base it goes with. */
  generation: string;
  /** New each time the file is written: what a build notes as the same as these postings holds for these alone (index/index-parts.ts). */
  written: string;
  /**
   * The pages of the index in order: each one's file in the output (none for a page not the
   * base's) and how many documents it has, as two columns (not 10,000 pairs to read back).
   */
  files: string[];
  counts: Uint32Array<ArrayBuffer>;
  words: string[];
  starts: Int32Array<ArrayBuffer>;
  pairCount: number;
}

interface Contents {
  data: KeptIndexData;
  /** A map, not a weak one: it lives as long as the build, and 10,000 weak entries cost the collector more. */
  ranges: Map<PagePostings, KeptDocuments>;
  /** The base it goes with. */
  generation: string;
}

export class FolderKeptIndex implements KeptIndex {
  readonly #file: string;
  /** As read (null: none to believe). */
  #read: Contents | null | undefined;
  /** The file, read on the file system's threads from lookAhead on. */
  #ahead: ReadAhead | undefined;
  #made: { lists: WordLists; pages: readonly PagePostings[] } | undefined;

  /** `keep`: false for a reader that writes nothing (`clubsite next-change`: pipeline/read-only-cache.ts). */
  constructor(
    dir: string,
    private readonly generator: string,
    private readonly cache: PageCache,
    private readonly options: { keep: boolean } = { keep: true },
  ) {
    this.#file = path.join(dir, FILE);
  }

  get data(): KeptIndexData | undefined {
    return this.#contents?.data;
  }

  rangeOf(page: PagePostings): KeptDocuments | undefined {
    return this.#contents?.ranges.get(page);
  }

  made(lists: WordLists, pages: readonly PagePostings[]): void {
    this.#made = { lists, pages };
  }

  /** Begins reading the file (47 MB at 10,000 pages) on a thread while the build loads the site. */
  lookAhead(): void {
    this.#ahead ??= new ReadAhead(this.#file);
  }

  /** Takes in what lookAhead read: the bytes are let go once decoded. */
  async looked(): Promise<void> {
    await this.#ahead?.arrived();
  }

  get #contents(): Contents | null {
    if (this.#read === undefined) this.#read = readKept(this.#file, this.generator, this.cache, this.#ahead?.take());
    return this.#read;
  }

  /**
   * Keeps the index this build made, once the page cache is saved (`kept`: the cache's pages
   * now), when the cache wrote a base or there was no index to believe. A page is kept as a
   * range only when its entry is the base's: a page of a journal (which another build's journal
   * may replace) is named by no file, and its documents are never taken as they are here.
   */
  succeeded(kept: ReadonlyMap<string, CachedPage>): void {
    const { generation } = this.cache;
    if (!this.options.keep || !this.#made || generation === undefined) return;
    if (this.#contents && this.#contents.generation === generation) return;
    const fileOf = new Map<PagePostings, string>();
    for (const [file, page] of kept) if (page.postings && this.cache.inBase?.(page)) fileOf.set(page.postings, file);
    const { pages } = this.#made;
    const lists = FlatLists.of(this.#made.lists);
    const header: Header = {
      format: FORMAT,
      generator: this.generator,
      generation,
      written: randomBytes(8).toString('hex'),
      files: pages.map((page) => fileOf.get(page) ?? ''),
      counts: Uint32Array.from(pages, (page) => page.documents.length),
      words: [...lists.wordList],
      starts: lists.starts as Int32Array<ArrayBuffer>,
      pairCount: lists.pairs.length,
    };
    writeSealed(this.#file, fileBytes(header, lists.pairs));
  }
}

/** The header's length, the header, zeros up to a multiple of 4 bytes, and the pairs' bytes (as they are: 47 MB at 10,000 pages, not copied). */
function fileBytes(header: Header, pairs: Int32Array): Buffer[] {
  const head = v8.serialize(header);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const padding = Buffer.alloc(pairsAt(head.length) - 4 - head.length);
  return [length, head, padding, Buffer.from(pairs.buffer, pairs.byteOffset, pairs.byteLength)];
}

const pairsAt = (headLength: number) => Math.ceil((4 + headLength) / 4) * 4;

/** The kept index, when it goes with the cache's base as read and is whole; null else. */
function readKept(file: string, generator: string, cache: PageCache, read?: Buffer): Contents | null {
  let bytes: Buffer;
  let headLength: number;
  let header: Partial<Header>;
  try {
    bytes = readSealed(file, read);
    headLength = bytes.readUInt32LE(0);
    header = v8.deserialize(bytes.subarray(4, 4 + headLength)) as Partial<Header>;
  } catch {
    return null;
  }
  const { generation } = header;
  if (header?.format !== FORMAT || header.generator !== generator || generation !== cache.generation) return null;
  if (!isHeader(header) || bytes.length !== pairsAt(headLength) + header.pairCount * 4) return null;
  const at = bytes.byteOffset + pairsAt(headLength);
  // A view of the file's bytes where they lie on a multiple of 4 (a large file's own buffer), else a copy.
  const pairs =
    at % 4 === 0
      ? new Int32Array(bytes.buffer, at, header.pairCount)
      : new Int32Array(bytes.buffer.slice(at, at + header.pairCount * 4));
  const { files, counts } = header;
  const documentCount = counts.reduce((sum, count) => sum + count, 0);
  if (!wholeLists(header, pairs as Int32Array<ArrayBuffer>, documentCount)) return null;
  const ranges = new Map<PagePostings, KeptDocuments>();
  let from = 0;
  for (let at = 0; at < files.length; at += 1) {
    const name = files[at] as string;
    const count = counts[at] as number;
    const page = name === '' ? undefined : cache.get(name);
    const postings = page?.postings;
    if (page && postings && cache.inBase?.(page) && postings.documents.length === count)
      ranges.set(postings, { from, count });
    from += count;
  }
  const data = {
    generation: header.written,
    documentCount,
    words: header.words,
    starts: header.starts,
    pairs: pairs as Int32Array<ArrayBuffer>,
  };
  return { data, ranges, generation: header.generation };
}

function isHeader(header: Partial<Header>): header is Header {
  return (
    typeof header.written === 'string' &&
    Array.isArray(header.files) &&
    header.files.every((file) => typeof file === 'string') &&
    header.counts instanceof Uint32Array &&
    header.counts.length === header.files.length &&
    Array.isArray(header.words) &&
    header.starts instanceof Int32Array &&
    header.starts.length === header.words.length + 1 &&
    Number.isInteger(header.pairCount)
  );
}

/**
 * Every list in order inside the pairs, every pair naming a document there is, and the words
 * in name order, each once (a merge finds a word by halving them: merge-postings.ts): a file
 * spoilt is not believed.
 */
function wholeLists({ starts, words }: Header, pairs: Int32Array<ArrayBuffer>, documents: number): boolean {
  if (starts[0] !== 0 || starts[words.length] !== pairs.length) return false;
  for (let id = 0; id < words.length; id += 1) if ((starts[id] ?? 0) > (starts[id + 1] ?? 0)) return false;
  let previous = '';
  for (let id = 0; id < words.length; id += 1) {
    const word = words[id];
    if (typeof word !== 'string' || (id > 0 && !(previous < word))) return false;
    previous = word;
  }
  // One unsigned comparison a pair (a negative number is a large one so): 6,000,000 pairs at 10,000 pages.
  const length = pairs.length;
  for (let at = 0; at < length; at += 2) if ((pairs[at] as number) >>> 0 >= documents) return false;
  return true;
}
