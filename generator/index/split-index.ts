/**
 * The search index split into parts a query fetches on demand (Pagefind is the model), so the
 * /search page of a site with 10,000 pages downloads kilobytes, not the whole text twice. The
 * format (a manifest of common words; rare words with their postings, by prefix; postings of
 * common words, by prefix, with the documents each word's query likely lists first; documents
 * in small parts) is client/search-index-format.ts.
 *
 * The parts' folder is named by a hash of all their bytes, and the manifest (named by a hash of
 * its own, which holds that folder's name) is the only way to them: a browser never mixes parts
 * of two builds. Numbered names keep the manifest small (10,000 hashes would weigh 40 KB).
 */
import { createHash } from 'node:crypto';
import type {
  DocumentsPart,
  PostingsPart,
  RareWordsPart,
  SearchManifest,
} from '../../client/shared/search-index-format.ts';
import { contentHash } from '../hash.ts';
import { countDocument, type IndexDocument, Postings } from './postings.ts';
import { HEAD_SIZE, HEADS_FROM, headOf } from './search-heads.ts';

export { type IndexDocument, wordsOf } from './postings.ts';

export type { SearchManifest as SplitIndexManifest } from '../../client/shared/search-index-format.ts';

export interface SplitIndexOptions {
  /** Characters of text kept per document (the snippet's length), as splitIndex counts them. */
  snippet: number;
  /** Roughly how many bytes of postings go in one part. */
  postingsBytes?: number;
  /**
   * Documents per document part. 32 (a part of about 6 KB, 2–3 KB gzip) keeps the files few on a
   * big site (1,250 parts at 40,000 documents, where 8 gave 5,000: each file a build writes costs
   * it time), while the 20 hits shown fetch 60 KB gzip at most.
   */
  docsPer?: number;
  /** How many words, the most common first, the manifest holds; the rest come by prefix when a query needs them. */
  commonWords?: number;
  /** Words per part of the rare words. */
  rarePer?: number;
  /** Documents a word's head holds at most (see search-heads.ts); none on a site of fewer than HEADS_FROM documents unless given. */
  headSize?: number;
}

export interface SplitIndex {
  /** The manifest's path: the one file a page links. */
  path: string;
  /** The manifest and every part not handed to `write` (see splitPostings): path → JSON. */
  files: Map<string, string>;
  /** The parts' folder (`assets/search/<build>`). */
  folder: string;
  /** How many files the index is, the manifest included. */
  count: number;
}

/**
 * Where splitPostings hands out parts as they are made: their folder's name is the hash of all
 * of them, known only once the last is made, so the folder is renamed to SplitIndex.folder then.
 */
export const UNNAMED_PARTS = 'assets/search/.unnamed';

const DOCS_PER_PART = 32;

/** Splits documents (in the order the browser numbers them) into the manifest and its parts. */
export function splitIndex(documents: IndexDocument[], options: SplitIndexOptions): SplitIndex {
  const postings = new Postings();
  for (const document of documents) postings.add(countDocument(document, options.snippet));
  return splitPostings(postings, options);
}

/**
 * The manifest and parts of postings built a document at a time (as a build does, from its
 * render workers). Each part is handed to `write` as soon as it is made, under UNNAMED_PARTS
 * (a build writes it while the next is made, and keeps none); without `write`, the parts are
 * returned in `files` under their folder's name. A document's text is already only its start
 * (cut where its words were counted: firstCharacters), and goes in as it is.
 */
export function splitPostings(
  { lists, documents }: Postings,
  options: Omit<SplitIndexOptions, 'snippet'>,
  write?: (file: string, json: string) => void,
): SplitIndex {
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // Words by number, the most frequent first (ties by name); then each group in name order.
  const words = lists.words();
  const byFrequency = Array.from(words, (_, id) => id).sort(
    (a, b) => lists.countOf(b) - lists.countOf(a) || byName(words[a] ?? '', words[b] ?? ''),
  );
  const byWord = (a: number, b: number) => byName(words[a] ?? '', words[b] ?? '');
  const common = byFrequency.slice(0, options.commonWords ?? 6000).sort(byWord);
  const rare = byFrequency.slice(options.commonWords ?? 6000).sort(byWord);
  const parts = new Parts(write);
  const headSize = options.headSize ?? (documents.length >= HEADS_FROM ? HEAD_SIZE : 0);
  const postings = postingsParts(parts, common, { lists, documents }, headSize, options.postingsBytes ?? 12_000);
  const rareParts = rareWordsParts(parts, rare, lists, words, common.length, options.rarePer ?? 1500);
  const docsPer = options.docsPer ?? DOCS_PER_PART;
  let docParts = 0;
  for (let start = 0; start < documents.length; start += docsPer) {
    const chunk: DocumentsPart = documents
      .slice(start, start + docsPer)
      .map(({ title, url, content }) => [title, url, content]);
    parts.add('d', docParts, JSON.stringify(chunk));
    docParts += 1;
  }
  const build = parts.hash.digest('base64url').replace(/[-_]/g, 'x').slice(0, 10);
  // Parts are named relative to the manifest (assets/), which is where the browser resolves them.
  const files = new Map<string, string>(parts.kept.map(([name, json]) => [`assets/search/${build}/${name}`, json]));
  const manifest: SearchManifest = {
    v: 3,
    build,
    words: common.map((id) => words[id] ?? ''),
    rare: rareParts,
    postings,
    docs: { per: docsPer, parts: docParts },
    count: documents.length,
  };
  const json = JSON.stringify(manifest);
  const path = `assets/search-${contentHash(json)}.json`;
  files.set(path, json);
  return { path, files, folder: `assets/search/${build}`, count: parts.count };
}

/** The parts as they are made: handed to `write` (under UNNAMED_PARTS) or kept, and hashed in order. */
class Parts {
  readonly hash = createHash('sha256');
  readonly kept: Array<[name: string, json: string]> = [];
  /** Files of the index, the manifest included. */
  count = 1;

  constructor(private readonly write?: (file: string, json: string) => void) {}

  add(kind: string, number: number, json: string): void {
    const name = `${kind}-${number}.json`;
    // Piece by piece: JSON.stringify leaves a long text in pieces, and hashing it joins them once,
    // in place (for the writer too), where hashing `${name}\n${json}\n` copied every part again.
    this.hash.update(name).update('\n').update(json).update('\n');
    this.count += 1;
    if (this.write) this.write(`${UNNAMED_PARTS}/${name}`, json);
    else this.kept.push([name, json]);
  }
}

/** Postings of the common words, in parts of about `postingsBytes`, each word with its head: each part's first word. */
function postingsParts(
  parts: Parts,
  common: number[],
  { lists, documents }: Pick<Postings, 'lists' | 'documents'>,
  headSize: number,
  postingsBytes: number,
): number[] {
  const starts: number[] = [];
  let current: PostingsPart = { from: 0, lists: [], heads: [], docs: [] };
  let size = 0;
  const flush = () => {
    if (current.lists.length === 0) return;
    const docs = [...new Set(current.heads.flat())].sort((a, b) => a - b);
    current.docs = docs.map((doc) => {
      const { title = '', url = '', content = '' } = documents[doc] ?? {};
      return [doc, title, url, content];
    });
    parts.add('w', starts.length, JSON.stringify(current));
    starts.push(current.from);
  };
  common.forEach((id, index) => {
    const pairs = lists.pairsOf(id);
    const head = headSize > 0 ? headOf(pairs, headSize) : [];
    const bytes = pairs.length * 3;
    if (current.lists.length > 0 && size + bytes > postingsBytes) {
      flush();
      current = { from: index, lists: [], heads: [], docs: [] };
      size = 0;
    }
    current.lists.push(stepped(pairs));
    current.heads.push(head);
    size += bytes;
  });
  flush();
  return starts;
}

/**
 * The rare words with their postings (a rare word is in few documents): the part that finds a
 * word also says where it is, one fetch less on the way to the first hit.
 */
function rareWordsParts(
  parts: Parts,
  rare: number[],
  lists: Postings['lists'],
  words: readonly string[],
  commonCount: number,
  rarePer: number,
): SearchManifest['rare'] {
  const found: SearchManifest['rare'] = [];
  for (let start = 0; start < rare.length; start += rarePer) {
    const ids = rare.slice(start, start + rarePer);
    const chunk: RareWordsPart = {
      words: ids.map((id) => words[id] ?? ''),
      lists: ids.map((id) => stepped(lists.pairsOf(id))),
    };
    parts.add('r', found.length, JSON.stringify(chunk));
    found.push([chunk.words[0] ?? '', commonCount + start]);
  }
  return found;
}

/** Document numbers made steps from the previous one, in place: small numbers, which gzip packs well. */
function stepped(pairs: number[]): number[] {
  for (let at = pairs.length - 2; at >= 2; at -= 2) pairs[at] = (pairs[at] ?? 0) - (pairs[at - 2] ?? 0);
  return pairs;
}
