/**
 * The index's postings made from a kept index (pipeline/kept-index.ts) and the pages it does not
 * hold, instead of from every page's postings appended again: at 10,000 pages that is six
 * million pairs put back into lists one by one, for the two pages an edit rendered. A page the
 * kept index holds as it is now is a range of its documents: its pairs are kept, numbered
 * again where pages before it came or went. Any other page (rendered now, or changed since the
 * index was kept) brings its pairs, which go into its words' lists in document order. A word
 * no document holds any more is left out: the lists are what appending every page would make.
 * A word no such page touched, whose documents all kept their numbers, keeps its list as it
 * was (a view of the kept pairs, not a copy), and says so (MergedLists.sameList).
 */
import type { KeptIndex, KeptIndexData, PagePostings } from '../model/search.ts';
import { MergedLists } from './merged-lists.ts';
import { placeOf } from './name-order.ts';
import { firstFrom, MovedDocuments } from './moved-documents.ts';

type Document = PagePostings['documents'][number];

interface MergedPostings {
  lists: MergedLists;
  documents: Document[];
  /** 1 for a document that is the kept index's of the same number (its page a range of it, at the same place). */
  sameDocument: Uint8Array;
  /** The kept index's generation, which `sameList` and `sameDocument` are told against. */
  generation: string;
}

/**
 * The lists of `pages` (the index's pages in order), made from `kept` for each page it holds
 * (KeptIndex.rangeOf) and from its own postings for the others; `words`: the word table those
 * are numbered in.
 */
export function mergedPostings(
  kept: KeptIndexData,
  pages: readonly PagePostings[],
  rangeOf: KeptIndex['rangeOf'],
  words: readonly string[],
): MergedPostings {
  // Each kept document's number now (−1: its page is gone or was rendered again).
  const numbers = new Int32Array(kept.documentCount).fill(-1);
  const documents: Document[] = [];
  const added = new Map<string, number[]>();
  let addedPairs = 0;
  // Indexed loops here and below: run once a build, over 10,000 pages and 40,000 words, mostly before they are compiled.
  for (let index = 0; index < pages.length; index += 1) {
    const page = pages[index] as PagePostings;
    const first = documents.length;
    const pageDocuments = page.documents;
    for (let at = 0; at < pageDocuments.length; at += 1) documents.push(pageDocuments[at] as Document);
    const range = rangeOf(page);
    if (range) for (let at = 0; at < range.count; at += 1) numbers[range.from + at] = first + at;
    else addedPairs += addPairs(added, page, first, words);
  }
  const sameDocument = new Uint8Array(documents.length);
  for (let doc = 0; doc < numbers.length; doc += 1) if (numbers[doc] === doc) sameDocument[doc] = 1;
  const lists = mergedLists(kept, numbers, added, addedPairs);
  return { lists, documents, sameDocument, generation: kept.generation };
}

/** Every word's list: the kept lists (a view where nothing changed), then the words the kept index did not have. */
function mergedLists(
  kept: KeptIndexData,
  numbers: Int32Array,
  added: Map<string, number[]>,
  addedPairs: number,
): MergedLists {
  const moved = new MovedDocuments(numbers);
  const fresh = new PairBuffer(addedPairs + 1024, moved);
  // At most every kept word and every added one: typed arrays filled in place, not 40,000 pushes to arrays copied after.
  const most = kept.words.length + added.size;
  const wordList: string[] = [];
  const starts = new Int32Array(most);
  const ends = new Int32Array(most);
  const same = new Uint8Array(most);
  const keptIds = new Int32Array(most);
  const note = (word: string, start: number, end: number, isSame: number, keptId: number) => {
    const at = wordList.length;
    wordList.push(word);
    starts[at] = start;
    ends[at] = end;
    same[at] = isSame;
    keptIds[at] = keptId;
  };
  const extras = keptExtras(kept.words, added);
  const { words: keptWords, starts: keptStarts, pairs: keptPairs } = kept;
  let next = 0;
  for (let id = 0; id < keptWords.length; id += 1) {
    const start = keptStarts[id] as number;
    const end = keptStarts[id + 1] as number;
    const extra = extras.ids[next] === id ? extras.lists[next++] : undefined;
    const word = keptWords[id] as string;
    if (extra === undefined && end > start && !moved.inList(keptPairs, start, end)) {
      note(word, start, end, 1, id);
      continue;
    }
    const from = fresh.used;
    if (fresh.merge(keptPairs, start, end, numbers, extra ?? NONE)) note(word, start, end, 1, id);
    else if (fresh.used > from) note(word, from, fresh.used, 0, id);
  }
  const inOrder = wordList.length;
  // Words the kept index did not have.
  for (const [word, extra] of added) {
    const from = fresh.used;
    fresh.merge(kept.pairs, 0, 0, numbers, extra);
    note(word, from, fresh.used, 0, -1);
  }
  const count = wordList.length;
  return new MergedLists(
    wordList,
    kept.pairs,
    fresh.pairs,
    starts.subarray(0, count),
    ends.subarray(0, count),
    same.subarray(0, count),
    keptIds.subarray(0, count),
    inOrder,
  );
}

/**
 * The added words the kept index has, by their number there (in order), each taken out of
 * `added`: found by halving the kept words, which are in name order (pipeline/kept-index.ts
 * believes no file where they are not), a few hundred searches where looking up each of the
 * 40,000 kept words in the map hashed every one of them.
 */
function keptExtras(words: readonly string[], added: Map<string, number[]>): { ids: number[]; lists: number[][] } {
  const found: Array<[id: number, list: number[]]> = [];
  for (const [word, list] of added) {
    const id = indexOfWord(words, word);
    if (id < 0) continue;
    found.push([id, list]);
    added.delete(word);
  }
  found.sort((a, b) => a[0] - b[0]);
  return { ids: found.map(([id]) => id), lists: found.map(([, list]) => list) };
}

/** Where `word` is in `words` (in name order), or −1. */
function indexOfWord(words: readonly string[], word: string): number {
  const at = placeOf(words, word);
  return words[at] === word ? at : -1;
}

/** Pairs written now, in an array grown as they come. */
class PairBuffer {
  pairs: Int32Array;
  used = 0;

  constructor(
    size: number,
    private readonly moved: MovedDocuments,
  ) {
    this.pairs = new Int32Array(size);
  }

  /**
   * A kept list's pairs ([start, end) of `kept`) numbered anew, with `extra` (pairs in document
   * order) where they go. A run of documents that kept their numbers is copied whole: a common
   * word's list is most of the documents, and only the few of a page rendered again change.
   * While what it would write is the kept list's start, it writes nothing: a page rendered again
   * with the same words leaves its words' lists as they were, and then nothing is written at all
   * and it returns true.
   */
  merge(kept: Int32Array, start: number, end: number, numbers: Int32Array, extra: readonly number[]): boolean {
    // Ints of the list so far that are the kept list's start, not written (−1: writing).
    let same = 0;
    const write = () => {
      if (same < 0) return;
      this.#room(same);
      this.pairs.set(kept.subarray(start, start + same), this.used);
      this.used += same;
      same = -1;
    };
    const put = (document: number, code: number) => {
      const at = start + same;
      if (same >= 0 && at + 1 < end && kept[at] === document && kept[at + 1] === code) same += 2;
      else {
        write();
        this.push(document, code);
      }
    };
    let next = 0;
    let at = start;
    while (at < end) {
      const old = kept[at] as number;
      const document = numbers[old] ?? -1;
      if (document < 0) {
        at += 2;
        continue;
      }
      for (; next < extra.length && (extra[next] ?? 0) < document; next += 2)
        put(extra[next] ?? 0, extra[next + 1] ?? 0);
      if (document !== old) {
        put(document, kept[at + 1] ?? 0);
        at += 2;
        continue;
      }
      const limit = next < extra.length ? (extra[next] ?? 0) : Number.POSITIVE_INFINITY;
      const moved = this.moved.nextMoved(old + 1);
      let to = at + 2;
      if (moved >= 0) to = firstFrom(kept, to, end, Math.min(moved, limit));
      else
        for (; to < end; to += 2) {
          const other = kept[to] as number;
          if (numbers[other] !== other || other >= limit) break;
        }
      if (same >= 0 && start + same === at) same += to - at;
      else {
        write();
        this.#room(to - at);
        this.pairs.set(kept.subarray(at, to), this.used);
        this.used += to - at;
      }
      at = to;
    }
    for (; next < extra.length; next += 2) put(extra[next] ?? 0, extra[next + 1] ?? 0);
    if (same === end - start && end > start) return true;
    write();
    return false;
  }

  #room(ints: number): void {
    if (this.used + ints <= this.pairs.length) return;
    const grown = new Int32Array(Math.max(this.pairs.length * 2, this.used + ints));
    grown.set(this.pairs.subarray(0, this.used));
    this.pairs = grown;
  }

  push(document: number, code: number): void {
    this.#room(2);
    this.pairs[this.used] = document;
    this.pairs[this.used + 1] = code;
    this.used += 2;
  }
}

const NONE: number[] = [];

/** Adds a rendered page's pairs to its words' lists, its documents numbered from `first`; returns how many. */
function addPairs(added: Map<string, number[]>, page: PagePostings, first: number, words: readonly string[]): number {
  let start = 0;
  for (let document = 0; document < page.documents.length; document += 1) {
    const end = page.ends[document] ?? start;
    for (let at = start; at < end; at += 2) {
      const word = words[page.pairs[at] ?? 0] ?? '';
      let list = added.get(word);
      if (!list) {
        list = [];
        added.set(word, list);
      }
      list.push(first + document, page.pairs[at + 1] ?? 0);
    }
    start = end;
  }
  return page.pairs.length;
}
