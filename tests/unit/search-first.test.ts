/**
 * The first hits before the whole ranking (client/search-first.ts) and the words' heads
 * (generator/index/search-heads.ts): over the real split index of seeded synthetic pages, the
 * first hits handed over while the parts of the words one letter off are held back are
 * exactly the first of the final list, and a common word's first hits need no document part.
 */
import { describe, expect, test } from 'vitest';
import { parseSearchManifest, type SearchResult } from '../../client/browser/search-index.ts';
import type { PostingsPart } from '../../client/shared/search-index-format.ts';
import { headOf } from '../../generator/index/search-heads.ts';
import { splitIndex } from '../../generator/index/split-index.ts';
import { SNIPPET_LENGTH } from '../../site/logic/search-settings.ts';
import { createSiteSearch } from '../../site/logic/site-search.ts';
import { syntheticPages } from '../support/synthetic-pages.ts';

const pages = syntheticPages(150, 5);
const documents = [
  { title: 'Hval – Svømmeopplæring', url: '/kurs/#hval', content: 'Barna blir trygge i vannet.' },
  { title: 'Svømmeopplæring', url: '/kurs/', content: 'Barna begynner på Hval, så Skilpadde.' },
  ...pages.map((page) => ({ title: page.title, url: page.route, content: page.markdown })),
];
// Small parts, so a word and the words one letter off it are in parts of their own; every word common.
const split = splitIndex(documents, { snippet: SNIPPET_LENGTH, postingsBytes: 600, docsPer: 4, headSize: 4 });
const manifest = parseSearchManifest(JSON.parse(split.files.get(split.path) ?? ''));
const json = (file: string) => JSON.parse(split.files.get(`assets/${file}`) ?? 'null') as unknown;
// The same documents with most words rare (by prefix, their postings with them).
const rareSplit = splitIndex(documents, {
  snippet: SNIPPET_LENGTH,
  postingsBytes: 600,
  commonWords: 300,
  rarePer: 200,
});

/** A search whose postings parts are held back, but for those `pass` lets through at once. */
function heldSearch(pass: (file: string) => boolean, index = split) {
  const held: Array<() => void> = [];
  const fetched: string[] = [];
  const read = (file: string) => JSON.parse(index.files.get(`assets/${file}`) ?? 'null') as unknown;
  const search = createSiteSearch(parseSearchManifest(JSON.parse(index.files.get(index.path) ?? '')), (file) => {
    fetched.push(file);
    if (!/\/w-/.test(file) || pass(file)) return Promise.resolve(read(file));
    return new Promise((resolve) => held.push(() => resolve(read(file))));
  });
  return { search, held, fetched };
}

const partOfWord = (word: string) => {
  const number = manifest.words.indexOf(word);
  let part = 0;
  while ((manifest.postings[part + 1] ?? Number.POSITIVE_INFINITY) <= number) part += 1;
  return `/w-${part}.json`;
};

/** Every query's first report, and its final hits, with the other words' parts let through when asked. */
async function firstAndLast(query: string, index: typeof split, limit = 20) {
  const { search, held } = heldSearch(() => false, index);
  const reports: SearchResult[] = [];
  const result = search(query, limit, (partial) => reports.push(partial));
  // Whatever is certain comes without the held parts; then they are let through as asked.
  let done = false;
  result.finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const release of held.splice(0)) release();
  }
  return { reports, final: await result };
}

describe('the first hits before the whole ranking', () => {
  test('«hval»: the page named Hval is handed over while the parts of the words one letter off are held back', async () => {
    const { search, held } = heldSearch((file) => file.endsWith(partOfWord('hval')));
    const reports: SearchResult[] = [];
    const result = search('hval', 20, (partial) => reports.push(partial));
    await expect.poll(() => reports.length).toBe(1);
    expect(held.length).toBeGreaterThan(0);
    expect(reports[0]?.hits[0]?.url).toBe('/kurs/#hval');
    // Not counted yet: the held parts may find more.
    expect(reports[0]?.total).toBe(-1);
    for (const release of held.splice(0)) release();
    await expect.poll(() => held.length).toBe(0);
    const last = await result;
    const first = reports[0]?.hits.map((hit) => hit.url) ?? [];
    expect(last.hits.slice(0, first.length).map((hit) => hit.url)).toEqual(first);
    // The held words are loose matches (shorter or longer words, a letter off): with pages that
    // hold «hval» itself, they find no hits of their own (shownKind in search-rank.ts).
    expect(last.hits.map((hit) => hit.url)).toEqual(['/kurs/#hval', '/kurs/']);
    expect(last.total).toBe(2);
  });

  test('for words, typos and two-word queries, the first hits reported are the first of the final list, in order', async () => {
    const words = manifest.words.filter((_, at) => at % 40 === 7);
    expect(manifest.words).toContain('hval');
    const queries = ['hval', 'hvak', 'hvall', 'skilpadde barna', pages[75]?.middleWord ?? '', ...words];
    queries.push(...words.slice(0, 6).map((word) => `${word.slice(0, 1)}x${word.slice(2)}`));
    queries.push(`${words[0]} ${words[1]}`, `${words[2]} ${words[3]}`);
    for (const index of [split, rareSplit]) {
      let reported = 0;
      for (const query of queries) {
        const { reports, final } = await firstAndLast(query, index);
        const urls = final.hits.map((hit) => hit.url);
        for (const { hits } of reports) {
          expect(
            hits.map((hit) => hit.url),
            query,
          ).toEqual(urls.slice(0, hits.length));
          reported += 1;
        }
      }
      // Not a test of nothing: many queries had first hits early.
      expect(reported).toBeGreaterThan(queries.length / 2);
    }
  });
});

describe('a word’s head: the documents its query lists first come with its postings', () => {
  test('the head holds the documents with the word in the title, the most often first, and the first of them', () => {
    // [document, times × 4 + title 2 + text 1]: 3 in the text only, many times; 5 and 9 in the title.
    const pairs = [1, 4 + 1, 3, 40 + 1, 5, 4 + 2, 7, 8 + 1, 9, 8 + 3, 12, 4 + 1];
    expect(headOf(pairs, 2)).toEqual([5, 9]);
    // The third: 3 (most often in the text) and 1 (the first with it in the text).
    expect(headOf(pairs, 3)).toEqual([1, 3, 5, 9]);
  });

  test('the head is the same as sorting the whole list both ways, for lists long and short, with many ties', () => {
    // Seeded: the same lists each run. Few codes, so that many documents tie and the first in order must win.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const rank = (code: number) => [code & 3, code >> 2];
    const sortedHead = (pairs: number[], size: number) => {
      const entries = Array.from({ length: pairs.length / 2 }, (_, at) => ({
        doc: pairs[at * 2] ?? 0,
        code: pairs[at * 2 + 1] ?? 0,
      }));
      const often = [...entries].sort((a, b) => {
        const [titleA = 0, timesA = 0] = rank(a.code);
        const [titleB = 0, timesB = 0] = rank(b.code);
        return titleB - titleA || timesB - timesA || a.doc - b.doc;
      });
      const first = [...entries].sort((a, b) => (b.code & 3) - (a.code & 3) || a.doc - b.doc);
      const docs = [...often.slice(0, size), ...first.slice(0, size)].map((entry) => entry.doc);
      return [...new Set(docs)].sort((a, b) => a - b);
    };
    for (let list = 0; list < 300; list += 1) {
      const length = next(3) === 0 ? next(4) : next(400);
      const pairs: number[] = [];
      let doc = 0;
      for (let at = 0; at < length; at += 1) {
        doc += 1 + next(3);
        pairs.push(doc, (1 + next(4)) * 4 + 1 + next(3));
      }
      const size = 1 + next(5);
      expect(headOf(pairs, size), `list ${list}`).toEqual(sortedHead(pairs, size));
    }
  });

  test('each postings part carries its words’ heads and their documents', () => {
    const part = json(`search/${manifest.build}/${partOfWord('hval').slice(1)}`) as PostingsPart;
    expect(part.heads).toHaveLength(part.lists.length);
    const docs = new Map(part.docs.map(([doc, title, url]) => [doc, [title, url]]));
    const hval = part.heads[manifest.words.indexOf('hval') - part.from] ?? [];
    expect(hval.map((doc) => docs.get(doc)?.[1])).toEqual(['/kurs/#hval', '/kurs/']);
  });

  test('the first hits of a common word fetch no documents’ part', async () => {
    const { search, fetched } = heldSearch(() => true);
    const reports: SearchResult[] = [];
    const result = search('hval', 20, (partial) => reports.push(partial));
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    expect(reports[0]?.hits[0]?.url).toBe('/kurs/#hval');
    expect(reports[0]?.hits[0]?.snippet).toBe('Barna blir trygge i vannet.…');
    expect(fetched.filter((file) => /\/d-/.test(file))).toEqual([]);
    await result;
  });
});
