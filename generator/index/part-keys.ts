/**
 * The key of a search index part: a hash of everything the part is made of, in the order it
 * goes in (its postings as the typed arrays they are kept in, its words, its documents' fields),
 * so a part whose key a build kept is that part byte for byte. Hashing the arrays costs a
 * fraction of making the part's JSON, which is what a kept part saves.
 */
import { createHash, type Hash } from 'node:crypto';

type Document = { title: string; url: string; content: string };

/** A document part: its documents. */
export function documentsKey(documents: readonly Document[]): string {
  const hash = createHash('sha256');
  hashDocuments(hash, documents);
  return hash.digest('base64url');
}

/** A postings part: where its words start, how large a head is, each word's pairs, and the documents of their heads. */
export function postingsKey(
  from: number,
  headSize: number,
  lists: readonly Int32Array[],
  docs: readonly number[],
  documents: readonly (Document | undefined)[],
): string {
  const hash = createHash('sha256').update(`${from} ${headSize} ${lists.length} ${docs.join(' ')}\n`);
  hashLists(hash, lists);
  hashDocuments(
    hash,
    docs.map((doc) => documents[doc] ?? { title: '', url: '', content: '' }),
  );
  return hash.digest('base64url');
}

/** A rare words part: its words (letters and digits only: a space parts them) and their pairs. */
export function rareKey(words: readonly string[], lists: readonly Int32Array[]): string {
  const hash = createHash('sha256').update(`${words.join(' ')}\n`);
  hashLists(hash, lists);
  return hash.digest('base64url');
}

/**
 * The lists' lengths, then each list, copied into one array and hashed at once: the same bytes
 * in the same order (so the same key) as an update per list, where a part of 1,500 rare words
 * made 1,500 calls into the hash, most of a millisecond a part.
 */
function hashLists(hash: Hash, lists: readonly Int32Array[]): void {
  let total = lists.length;
  for (const list of lists) total += list.length;
  const all = new Int32Array(total);
  let at = lists.length;
  for (let index = 0; index < lists.length; index += 1) {
    const list = lists[index] as Int32Array;
    all[index] = list.length;
    all.set(list, at);
    at += list.length;
  }
  hash.update(all);
}

/** Each document's fields, after their lengths: no two lists of documents hash the same text. */
function hashDocuments(hash: Hash, documents: readonly Document[]): void {
  let text = '';
  for (const { title, url, content } of documents) {
    text += `${title.length} ${url.length} ${content.length}\n${title}${url}${content}`;
  }
  hash.update(text);
}
