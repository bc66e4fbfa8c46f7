// The search index made from a kept index and the pages it does not hold (index/merge-postings.ts):
// whatever pages came, went, or changed since it was kept, the index's files are byte for byte
// those of an index made from every page's postings appended again.
import { describe, expect, test } from 'vitest';
import { BatchPostings, type IndexDocument } from '../../generator/index/postings.ts';
import { WordNumbering } from '../../generator/index/page-postings.ts';
import { SearchIndexBuilder } from '../../generator/index/search-index.ts';
import { FlatLists } from '../../generator/index/word-lists.ts';
import type { KeptDocuments, KeptIndex, KeptIndexData, PagePostings, WordLists } from '../../generator/model/search.ts';

const SNIPPET = 120;

/** A small random source that gives the same numbers for the same seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const VOCABULARY = Array.from({ length: 300 }, (_, at) => `ord${at}`).concat(['svømming', 'bølge', 'åpen', 'kurs']);

/** A page of 1–4 documents (a page and its parts), of words drawn from the vocabulary. */
function pageDocuments(name: string, draw: () => number): IndexDocument[] {
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
function counted(pages: IndexDocument[][], numbering: WordNumbering): PagePostings[] {
  numbering.newRender();
  const batch = new BatchPostings();
  for (const documents of pages) for (const document of documents) batch.addDocument(document, SNIPPET);
  return numbering.pagesOf(
    batch.take(),
    0,
    pages.map((documents) => documents.length),
  );
}

/** A kept index in memory, as build/kept-index.ts keeps one: its lists, and where each kept page is in it. */
class MemoryKeptIndex {
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

/** The index of `pages`, made with `kept` (or from every page's postings), as its files. */
function indexFiles(pages: PagePostings[], words: readonly string[], kept?: MemoryKeptIndex) {
  if (kept) kept.made = undefined;
  const asKept: KeptIndex | undefined = kept && {
    data: kept.data,
    rangeOf: (page) => kept.rangeOf(page),
    made: (lists, made) => kept.recordMade(lists, made),
  };
  const builder = new SearchIndexBuilder(asKept);
  for (let at = 0; at < pages.length; at += 7) builder.appendNumbered({ pages: pages.slice(at, at + 7), words });
  return builder.finish().files;
}

/** What a build keeps of the index it made: its lists whole, and each page's range. */
function keptOf(kept: MemoryKeptIndex): MemoryKeptIndex {
  const made = kept.made;
  if (!made) throw new Error('no index was made');
  const lists = FlatLists.of(made.lists);
  const documentCount = made.pages.reduce((sum, page) => sum + page.documents.length, 0);
  const next = new MemoryKeptIndex({
    generation: `g${documentCount}`,
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

describe('an index made from a kept one is the index made from every page', () => {
  test.each([1, 2, 3, 4, 5])('seed %i: pages edited, added and removed over five builds', (seed) => {
    const draw = random(seed);
    const numbering = new WordNumbering();
    const names = Array.from({ length: 60 }, (_, at) => `side-${String(at).padStart(3, '0')}`);
    let site = new Map(names.map((name) => [name, pageDocuments(name, draw)]));
    let postings = new Map<string, PagePostings>();
    const ordered = () => [...site.keys()].sort().map((name) => postings.get(name) as PagePostings);
    const render = (changed: string[]) => {
      const made = counted(
        changed.map((name) => site.get(name) ?? []),
        numbering,
      );
      for (const [at, name] of changed.entries()) postings.set(name, made[at] as PagePostings);
    };
    render([...site.keys()]);
    let kept = new MemoryKeptIndex(undefined);
    const first = indexFiles(ordered(), numbering.words, kept);
    expect(first).toEqual(indexFiles(ordered(), numbering.words));
    for (let build = 0; build < 5; build += 1) {
      kept = keptOf(kept);
      site = new Map(site);
      const changed: string[] = [];
      for (const name of [...site.keys()]) {
        const roll = draw();
        if (roll < 0.08) {
          site.delete(name);
          postings.delete(name);
        } else if (roll < 0.2) {
          site.set(name, pageDocuments(name, draw));
          changed.push(name);
        }
      }
      for (let added = 0; added < 3; added += 1) {
        const name = `ny-${build}-${added}-${Math.floor(draw() * 1000)}`;
        site.set(name, pageDocuments(name, draw));
        changed.push(name);
      }
      postings = new Map(postings);
      render(changed);
      const merged = indexFiles(ordered(), numbering.words, kept);
      expect([...merged.keys()]).toEqual([...indexFiles(ordered(), numbering.words).keys()]);
      expect(merged).toEqual(indexFiles(ordered(), numbering.words));
    }
  });

  test('a word no page holds any more is not in the index, and a word new to it is', () => {
    const numbering = new WordNumbering();
    const only = (word: string, name: string) => [{ title: name, url: `/${name}/`, content: `felles ${word}` }];
    const [a, b] = counted([only('forsvinner', 'a'), only('blir', 'b')], numbering) as [PagePostings, PagePostings];
    const kept = new MemoryKeptIndex(undefined);
    indexFiles([a, b], numbering.words, kept);
    const [c] = counted([only('kommer', 'a')], numbering) as [PagePostings];
    const files = indexFiles([c, b], numbering.words, keptOf(kept));
    const manifest = [...files].find(([file]) => /search-.*\.json$/.test(file))?.[1] ?? '';
    expect(manifest).toContain('"kommer"');
    expect(manifest).not.toContain('"forsvinner"');
    expect(files).toEqual(indexFiles([c, b], numbering.words));
  });
});
