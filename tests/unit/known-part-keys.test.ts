// A part made of a kept index's lists and documents alone has its key noted by its basis
// (index/index-parts.ts), and a later build with the same kept index takes that key without
// hashing the part: the part it links must still be, byte for byte, the one a cold build makes.
import { describe, expect, onTestFinished, test } from 'vitest';
import { nameOrder } from '../../generator/index/name-order.ts';
import type { IndexDocument } from '../../generator/index/postings.ts';
import type { PagePostings } from '../../generator/model/search.ts';
import {
  counted,
  indexFiles,
  keptOf,
  MemoryKeptIndex,
  MemoryParts,
  random,
  WordNumbering,
} from '../support/kept-index.ts';

/**
 * Page `at`'s documents (1 to 4): words of a vocabulary of 2,000, so that an edit to a page
 * changes a few words' lists and leaves most as they were; `variant` gives it other words.
 * Every document holds «felles» (`twice`: two times), and the first ten pages' titles do: its
 * heads are their documents.
 */
function documentsOf(at: number, variant = 0, twice = false): IndexDocument[] {
  return Array.from({ length: 1 + (at % 4) }, (_, part) => {
    const words = Array.from({ length: 30 }, (_, n) => `ord${(at * 7 + part * 31 + n * 13 + variant * 101) % 2000}`);
    const title = `${at < 10 ? 'Felles side' : 'Side'} ${at} del ${part}`;
    return { title, url: `/side-${at}/#${part}`, content: `${words.join(' ')} felles${twice ? ' felles' : ''}` };
  });
}

/** A site of 420 pages (over 1,000 documents: words have heads), its postings, and the index kept of it. */
function site() {
  const numbering = new WordNumbering();
  const pages = new Map(
    Array.from({ length: 420 }, (_, at) => [`side-${String(at).padStart(3, '0')}`, documentsOf(at)]),
  );
  const postings = new Map<string, PagePostings>();
  const ordered = () => [...pages.keys()].sort().map((name) => postings.get(name) as PagePostings);
  const edit = (name: string, documents?: IndexDocument[]) => {
    if (documents) pages.set(name, documents);
    else {
      pages.delete(name);
      postings.delete(name);
      return;
    }
    const [made] = counted([documents], numbering);
    postings.set(name, made as PagePostings);
  };
  for (const name of [...pages.keys()]) edit(name, pages.get(name));
  const first = new MemoryKeptIndex(undefined);
  indexFiles(ordered(), numbering.words, first);
  const parts = new MemoryParts();
  onTestFinished(() => parts.remove());
  /** The index as a build over the kept index makes it, checked against a cold build's. */
  const built = () => {
    const files = indexFiles(ordered(), numbering.words, kept, parts);
    expect(files).toEqual(indexFiles(ordered(), numbering.words));
  };
  const kept = keptOf(first);
  return { pages, edit, parts, built };
}

describe("a part's key known from its basis", () => {
  test('builds over one kept index, pages edited, added and removed: each a cold build’s files', () => {
    const { edit, parts, built } = site();
    const draw = random(7);
    for (let build = 1; build <= 5; build += 1) {
      for (let edits = 0; edits < 2; edits += 1) {
        const at = Math.floor(draw() * 420);
        edit(`side-${String(at).padStart(3, '0')}`, documentsOf(at, build));
      }
      if (build === 3) edit('side-200');
      if (build === 4) edit('side-200-ny', documentsOf(200, 9));
      const taken = parts.taken;
      built();
      if (build > 1) expect(parts.taken).toBeGreaterThan(taken);
    }
  });

  test("a document a head shows changed (its title's case: no word's list changed): the key noted is not taken", () => {
    const { pages, edit, parts, built } = site();
    edit('side-419', documentsOf(419, 1));
    built();
    // Side 000's document is the first in each of its words' lists: their heads show it.
    const retitled = (pages.get('side-000') ?? []).map((document) => ({
      ...document,
      title: document.title.toUpperCase(),
    }));
    edit('side-000', retitled);
    const made = parts.made;
    built();
    expect(parts.made).toBeGreaterThan(made + 1);
  });

  test("a word's list changed, its length and its heads' documents as they were: the key noted is not taken", () => {
    const { edit, parts, built } = site();
    edit('side-300', documentsOf(300, 0));
    built();
    const made = parts.made;
    // «felles» counted twice in one document: its list is as long as it was, and its heads are the first pages'.
    edit('side-300', documentsOf(300, 0, true));
    built();
    expect(parts.made).toBeGreaterThan(made);
  });
});

describe('words in name order, a sorted start merged with the rest', () => {
  const sorted = (words: string[]) =>
    words.map((_, id) => id).sort((a, b) => ((words[a] ?? '') < (words[b] ?? '') ? -1 : 1));
  test.each([
    ['none', []],
    ['one', ['å']],
    ['all in order', ['a', 'b', 'c', 'ø']],
    ['new words after a sorted start', ['b', 'd', 'f', 'h', 'a', 'g', 'zz', 'e', 'å', 'c']],
    ['none in order', ['e', 'd', 'c', 'b', 'a']],
    ['upper case and digits', ['Z', 'a', '10', '9', 'b']],
  ])('%s', (_name, words) => {
    expect(nameOrder(words)).toEqual(sorted(words));
  });

  test('a start told to be in order (a kept index’s words) is not compared, and the rest goes in its place', () => {
    const words = ['b', 'd', 'f', 'h', 'a', 'g', 'zz', 'e', 'å', 'c'];
    for (const inOrder of [0, 1, 2, 4]) expect(nameOrder(words, inOrder)).toEqual(sorted(words));
  });
});
