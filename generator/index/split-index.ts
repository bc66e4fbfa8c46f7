/**
 * The search index split into parts a query fetches on demand (Pagefind is the model), so the
 * /search page of a site with 10,000 pages downloads kilobytes, not the whole text twice. The
 * format (a manifest of common words; rare words with their postings, by prefix; postings of
 * common words, by prefix, with the documents each word's query likely lists first; documents
 * in small parts) is client/search-index-format.ts.
 *
 * The parts' folder is named by a hash of all their content hashes, and the manifest (named by a
 * hash of its own, which holds that folder's name) is the only way to them: a browser never
 * mixes parts of two builds. A build that kept the parts of the last (index-parts.ts) links
 * those whose inputs are the same, and makes only the others. Numbered names keep the manifest small (10,000 hashes would weigh 40 KB).
 */
import type {
  DocumentsPart,
  PostingsPart,
  RareWordsPart,
  SearchManifest,
} from '../../client/shared/search-index-format.ts';
import { contentHash } from '../hash.ts';
import { commonWords } from './common-words.ts';
import { documentFolders } from './document-folders.ts';
import { IndexParts, type PartBasis, type PartWriter } from './index-parts.ts';
import { documentsKey, postingsKey, rareKey } from './part-keys.ts';
import { countDocument, type IndexDocument, Postings } from './postings.ts';
import { nameOrder } from './name-order.ts';
import { HEAD_SIZE, HEADS_FROM, headOf } from './search-heads.ts';
import { countsOf, type WordLists } from './word-lists.ts';

export type { KeptPart, KeptParts, KnownKey, PartWriter } from './index-parts.ts';

export { type IndexDocument, wordsOf } from './postings.ts';

export type { SearchManifest as SplitIndexManifest } from '../../client/shared/search-index-format.ts';

interface SplitIndexOptions {
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

interface SplitIndex {
  /** The manifest's path: the one file a page links. */
  path: string;
  /** The manifest and every part not handed to a writer (see splitPostings): path → JSON. */
  files: Map<string, string>;
  /** The parts' folder (`assets/search/<build>`). */
  folder: string;
  /** How many files the index is, the manifest included. */
  count: number;
  /** Bytes of all files together. */
  bytes: number;
  /** The JSON of every file, when all together are at most SMALL_INDEX_BYTES. */
  texts?: string[];
  /** Parts linked from those a build kept. */
  reused: number;
}

/**
 * Where splitPostings hands out parts as they are made: their folder's name is the hash of all
 * of them, known only once the last is made, so the folder is renamed to SplitIndex.folder then.
 */
export const UNNAMED_PARTS = 'assets/search/.unnamed';

const DOCS_PER_PART = 32;

/** What of the postings is as a kept index has them (merge-postings.ts), by word and by document: 1 where it is. */
interface SameAsKept {
  generation: string;
  sameList: Uint8Array;
  sameDocument: Uint8Array;
  /** Each word's number in the kept index (−1: not there). */
  keptIds: Int32Array;
}

type SplitPostings = { lists: WordLists; documents: Postings['documents']; same?: SameAsKept | undefined };

/** Splits documents (in the order the browser numbers them) into the manifest and its parts. */
export function splitIndex(documents: IndexDocument[], options: SplitIndexOptions): SplitIndex {
  const postings = new Postings();
  for (const document of documents) postings.add(countDocument(document, options.snippet));
  return splitPostings(postings, options);
}

/**
 * The manifest and parts of postings built a document at a time (as a build does, from its
 * render workers). Each part is handed to `writer` as soon as it is made (or linked from the
 * parts it kept), under UNNAMED_PARTS (a build writes it while the next is made, and keeps
 * none); without a writer, the parts are returned in `files` under their folder's name. A
 * document's text is already only its start (cut where its words were counted: firstCharacters),
 * and goes in as it is.
 */
export function splitPostings(
  { lists, documents, same }: SplitPostings,
  options: Omit<SplitIndexOptions, 'snippet'>,
  writer?: PartWriter,
): SplitIndex {
  // The most frequent words are common (ties by name: common-words.ts); each group in name order.
  const words = lists.words();
  const byName = nameOrder(words, lists.inOrder);
  const isCommon = commonWords(byName, countsOf(lists), options.commonWords ?? 6000);
  const common: number[] = [];
  const rare: number[] = [];
  for (let at = 0; at < byName.length; at += 1) {
    const id = byName[at] as number;
    (isCommon[id] === 1 ? common : rare).push(id);
  }
  const parts = new IndexParts(UNNAMED_PARTS, writer);
  const headSize = options.headSize ?? (documents.length >= HEADS_FROM ? HEAD_SIZE : 0);
  const postings = postingsParts(parts, common, { lists, documents, same }, headSize, options.postingsBytes ?? 12_000);
  const rareParts = rareWordsParts(parts, rare, { lists, documents, same }, common.length, options.rarePer ?? 1500);
  const docsPer = options.docsPer ?? DOCS_PER_PART;
  let docParts = 0;
  for (let start = 0; start < documents.length; start += docsPer) {
    const chunk = documents.slice(start, start + docsPer);
    const made = (): DocumentsPart => chunk.map(({ title, url, content }) => [title, url, content]);
    parts.add(
      'd',
      docParts,
      () => documentsKey(chunk),
      () => JSON.stringify(made()),
      same && keptDocuments(same, start, chunk.length),
    );
    docParts += 1;
  }
  const build = parts.name();
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
    folders: documentFolders(documents),
  };
  const json = JSON.stringify(manifest);
  parts.manifest(json);
  const path = `assets/search-${contentHash(json)}.json`;
  files.set(path, json);
  const { count, bytes, texts, reused } = parts;
  return { path, files, folder: `assets/search/${build}`, count, bytes, reused, ...(texts ? { texts } : {}) };
}

/**
 * Postings of the common words, in parts of about `postingsBytes` (cut by the lengths of the
 * words' lists alone), each word with its head: each part's first word.
 */
function postingsParts(
  parts: IndexParts,
  common: number[],
  { lists, documents, same }: SplitPostings,
  headSize: number,
  postingsBytes: number,
): number[] {
  const starts: number[] = [];
  const flush = (from: number, to: number) => {
    const ids = common.slice(from, to);
    // Its lists, heads and their documents, made only when the part or its key is (a key known from its basis needs none).
    let made: { pairs: Int32Array[]; heads: number[][]; docs: number[] } | undefined;
    const part = () => {
      if (made) return made;
      const pairs = ids.map((id) => lists.typedPairsOf(id));
      const heads = pairs.map((list) => (headSize > 0 ? headOf(list, headSize) : []));
      made = { pairs, heads, docs: [...new Set(heads.flat())].sort((a, b) => a - b) };
      return made;
    };
    const make = (): PostingsPart => ({
      from,
      lists: part().pairs.map((list) => stepped(list)),
      heads: part().heads,
      docs: part().docs.map((doc) => {
        const { title = '', url = '', content = '' } = documents[doc] ?? {};
        return [doc, title, url, content];
      }),
    });
    parts.add(
      'w',
      starts.length,
      () => postingsKey(from, headSize, part().pairs, part().docs, documents),
      () => JSON.stringify(make()),
      keptLists(same, `w ${from} ${headSize}`, ids, lists.words(), () => part().docs),
    );
    starts.push(from);
  };
  let from = 0;
  let size = 0;
  common.forEach((id, index) => {
    const bytes = lists.countOf(id) * 2 * 3;
    if (index > from && size + bytes > postingsBytes) {
      flush(from, index);
      from = index;
      size = 0;
    }
    size += bytes;
  });
  if (common.length > from) flush(from, common.length);
  return starts;
}

/**
 * The rare words with their postings (a rare word is in few documents): the part that finds a
 * word also says where it is, one fetch less on the way to the first hit.
 */
function rareWordsParts(
  parts: IndexParts,
  rare: number[],
  { lists, same }: SplitPostings,
  commonCount: number,
  rarePer: number,
): SearchManifest['rare'] {
  const words = lists.words();
  const found: SearchManifest['rare'] = [];
  for (let start = 0; start < rare.length; start += rarePer) {
    const ids = rare.slice(start, start + rarePer);
    // The words and their lists, made only when the part or its key is.
    const names = () => ids.map((id) => words[id] ?? '');
    const pairs = () => ids.map((id) => lists.typedPairsOf(id));
    const make = (): RareWordsPart => ({ words: names(), lists: pairs().map((list) => stepped(list)) });
    parts.add(
      'r',
      found.length,
      () => rareKey(names(), pairs()),
      () => JSON.stringify(make()),
      keptLists(same, 'r', ids, words, () => NO_DOCS),
    );
    found.push([words[ids[0] ?? 0] ?? '', commonCount + start]);
  }
  return found;
}
const NO_DOCS: readonly number[] = [];

/**
 * The basis of a part of words whose lists are all the kept index's (none when one is not).
 * Words that follow each other in the kept index (as they do but where a word came or went)
 * are told by the first one's number there and how many: a short text to look up, where the
 * words themselves made 16 KB of text to join and hash for each part of rare words.
 */
function keptLists(
  same: SameAsKept | undefined,
  place: string,
  ids: readonly number[],
  words: readonly string[],
  docs: () => readonly number[],
): PartBasis | undefined {
  if (!same) return undefined;
  const { sameList, keptIds } = same;
  const first = keptIds[ids[0] ?? 0] ?? -1;
  let following = first >= 0;
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] as number;
    if (sameList[id] !== 1) return undefined;
    if (keptIds[id] !== first + at) following = false;
  }
  // A word is letters and digits: «#» starts no list of words.
  const text = following ? `${place}\n#${first} ${ids.length}` : `${place}\n${ids.map((id) => words[id]).join(' ')}`;
  return { generation: same.generation, text, docs, sameDocument: same.sameDocument };
}

/** The basis of a documents part whose documents are all the kept index's, at the same numbers (none when one is not). */
function keptDocuments(same: SameAsKept, start: number, count: number): PartBasis | undefined {
  for (let doc = start; doc < start + count; doc += 1) if (same.sameDocument[doc] !== 1) return undefined;
  return {
    generation: same.generation,
    text: `d ${start} ${count}`,
    docs: () => NO_DOCS,
    sameDocument: same.sameDocument,
  };
}

/**
 * A list's pairs as numbers, each document's number made a step from the previous one: small
 * numbers, which gzip packs well. Pushed one by one: a packed array, which JSON.stringify
 * writes faster than a holey one, made three times faster than Array.from makes it.
 */
function stepped(pairs: Int32Array): number[] {
  const out: number[] = [];
  let previous = 0;
  for (let at = 0; at < pairs.length; at += 2) {
    const document = pairs[at] ?? 0;
    out.push(document - previous, pairs[at + 1] ?? 0);
    previous = document;
  }
  return out;
}
