/**
 * The search index split into parts a query fetches on demand (Pagefind is the model), so the
 * /search page of a site with 10,000 pages downloads kilobytes, not the whole text twice:
 *
 * - the manifest (`assets/search-<hash>.json`): the site's common words, sorted, which the
 *   browser matches the query against with Fuse.js, and the names of the other parts;
 * - rare words (`assets/search/<build>/r-<n>.json`): on a big site, the words beyond the most
 *   common few thousand, split by prefix: a query fetches those that start as it does;
 * - postings (`assets/search/<build>/w-<n>.json`): for a run of consecutive words (split by word
 *   prefix), the documents that hold each word, where, and how often;
 * - documents (`assets/search/<build>/d-<n>.json`): title, URL and the start of the text of a few
 *   documents, fetched only for the hits shown.
 *
 * The parts' folder is named by a hash of all their bytes, and the manifest (named by a hash of
 * its own, which holds that folder's name) is the only way to them: a browser never mixes parts
 * of two builds. Numbered names keep the manifest small (10,000 hashes would weigh 40 KB).
 */
import { createHash } from 'node:crypto';
import { contentHash } from '../hash.ts';
import { countDocument, type IndexDocument, Postings } from './postings.ts';

export { type IndexDocument, wordsOf } from './postings.ts';

export interface SplitIndexManifest {
  /** Format version, read by the browser: a change of format is a change of name. */
  v: 1;
  /** The parts' folder: `search/<build>/`, relative to the manifest. */
  build: string;
  /**
   * The site's most common words (up to `commonWords`), lower case, sorted: word 0, 1, …
   * The rest are in `rare` parts, numbered after them.
   */
  words: string[];
  /** Parts of the other words (`r-<n>.json`), sorted, split by prefix: [first word, number of the first word]. */
  rare: Array<[first: string, from: number]>;
  /** Postings parts (`w-<n>.json`): the number of each part's first word. */
  postings: number[];
  /** Document parts (`d-<n>.json`): `per` documents each, in document order. */
  docs: { per: number; parts: number };
  /** How many documents there are. */
  count: number;
  /** Characters of a document's text kept for its snippet. */
  snippet: number;
}

/**
 * A postings part: for each word from `from` on, a flat list of pairs: the document's number
 * (as a step from the previous one) and `times × 4 + 2 (in the title) + 1 (in the text)`.
 */
export interface PostingsPart {
  from: number;
  lists: number[][];
}

/** A document part: [title, url, the first `snippet` characters of the text]. */
export type DocumentsPart = Array<[title: string, url: string, start: string]>;

export interface SplitIndexOptions {
  /** Characters of text kept per document (the snippet's length). */
  snippet: number;
  /** Roughly how many bytes of postings go in one part. */
  postingsBytes?: number;
  /** Documents per document part. */
  docsPer?: number;
  /** How many words, the most common first, the manifest holds; the rest come by prefix when a query needs them. */
  commonWords?: number;
  /** Words per part of the rare words. */
  rarePer?: number;
}

export interface SplitIndex {
  /** The manifest's path: the one file a page links. */
  path: string;
  /** Every part, the manifest included: path → JSON. */
  files: Map<string, string>;
}

/** Splits documents (in the order the browser numbers them) into the manifest and its parts. */
export function splitIndex(documents: IndexDocument[], options: SplitIndexOptions): SplitIndex {
  const postings = new Postings();
  for (const document of documents) postings.add(countDocument(document, options.snippet));
  return splitPostings(postings, options);
}

/** The manifest and parts of postings built a document at a time (as a build does, from its render workers). */
export function splitPostings({ lists: postings, documents }: Postings, options: SplitIndexOptions): SplitIndex {
  const postingsBytes = options.postingsBytes ?? 12_000;
  const docsPer = options.docsPer ?? 8;
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const frequency = (word: string) => (postings.get(word)?.length ?? 0) / 2;
  const byFrequency = [...postings.keys()].sort((a, b) => frequency(b) - frequency(a) || byName(a, b));
  const common = byFrequency.slice(0, options.commonWords ?? 6000).sort(byName);
  const rare = byFrequency.slice(options.commonWords ?? 6000).sort(byName);
  const words = [...common, ...rare];
  const parts: Array<[name: string, json: string]> = [];
  const part = (kind: string, number: number, json: string) => parts.push([`${kind}-${number}.json`, json]);

  const postingsParts: number[] = [];
  let current: PostingsPart = { from: 0, lists: [] };
  let size = 0;
  const flush = () => {
    if (current.lists.length === 0) return;
    part('w', postingsParts.length, JSON.stringify(current));
    postingsParts.push(current.from);
  };
  words.forEach((word, index) => {
    const list = stepped(postings.get(word) ?? []);
    const bytes = list.length * 3;
    if (current.lists.length > 0 && size + bytes > postingsBytes) {
      flush();
      current = { from: index, lists: [] };
      size = 0;
    }
    current.lists.push(list);
    size += bytes;
  });
  flush();

  const rareParts: SplitIndexManifest['rare'] = [];
  const rarePer = options.rarePer ?? 1500;
  for (let start = 0; start < rare.length; start += rarePer) {
    const chunk = rare.slice(start, start + rarePer);
    part('r', rareParts.length, JSON.stringify(chunk));
    rareParts.push([chunk[0] ?? '', common.length + start]);
  }

  let docParts = 0;
  for (let start = 0; start < documents.length; start += docsPer) {
    const chunk: DocumentsPart = documents
      .slice(start, start + docsPer)
      .map(({ title, url, content }) => [title, url, Array.from(content).slice(0, options.snippet).join('')]);
    part('d', docParts, JSON.stringify(chunk));
    docParts += 1;
  }

  const hash = createHash('sha256');
  for (const [name, json] of parts) hash.update(`${name}\n${json}\n`);
  const build = hash.digest('base64url').replace(/[-_]/g, 'x').slice(0, 10);
  // Parts are named relative to the manifest (assets/), which is where the browser resolves them.
  const files = new Map<string, string>(parts.map(([name, json]) => [`assets/search/${build}/${name}`, json]));

  const manifest: SplitIndexManifest = {
    v: 1,
    build,
    words: common,
    rare: rareParts,
    postings: postingsParts,
    docs: { per: docsPer, parts: docParts },
    count: documents.length,
    snippet: options.snippet,
  };
  const json = JSON.stringify(manifest);
  const path = `assets/search-${contentHash(json)}.json`;
  files.set(path, json);
  return { path, files };
}

/** Document numbers as steps from the previous one: small numbers, which gzip packs well. */
function stepped(pairs: number[]): number[] {
  const out = pairs.slice();
  for (let at = out.length - 2; at >= 2; at -= 2) out[at] = (out[at] ?? 0) - (out[at - 2] ?? 0);
  return out;
}
