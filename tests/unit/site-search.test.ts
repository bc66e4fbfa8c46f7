import { describe, expect, test } from 'vitest';
import { buildSearchIndex } from '../../generator/index/search-index.ts';
import Fuse from 'fuse.js/basic';
import { wordsOf as wordsOfText } from '../../client/shared/search-index-format.ts';
import { normaliseQuery, parseSearchManifest } from '../../client/browser/search-index.ts';
import { couldMatch } from '../../client/browser/search-words.ts';
import { type SplitIndexManifest, splitIndex } from '../../generator/index/split-index.ts';
import type { RenderedPage } from '../../generator/render/render-pages.ts';
import { SNIPPET_LENGTH, THRESHOLD } from '../../site/logic/search-settings.ts';
import { createSiteSearch } from '../../site/logic/site-search.ts';
import { searchOver } from '../support/search-index.ts';
import { syntheticPages } from '../support/synthetic-pages.ts';

function page(route: string, title: string, text: string): RenderedPage {
  return {
    route,
    html: `<main><h1>${title}</h1><p>${text}</p></main>`,
    page: { title } as RenderedPage['page'],
    noindex: false,
    searchText: '',
    sections: [],
    securityPolicy: '',
  };
}

const longText =
  'Svømmeopplæringen vår følger nivåene i Trygg i vann. Barna begynner på Hval, der de blir trygge i vannet og lærer å dykke etter ting, før de går videre til Skilpadde og Pingvin.';
/** The client search over the split index of these pages; all hits at once. */
function searchOf(pages: RenderedPage[]) {
  const { search } = searchOver(buildSearchIndex(pages, (route) => route).files);
  return async (query: string) => (await search(query, 1000)).hits;
}

const search = searchOf([
  page('/kurs', 'Svømmeopplæring', longText),
  page('/treningstider', 'Treningstider', 'Gruppe A trener på Aquarama og Spicheren. Basistrening 🏋️ på onsdager.'),
  page('/dugnad', 'Dugnad', 'Loddsalg, kiosk på stevner og dommeroppdrag. Vi trenger deg på Bråvann.'),
  page('/', 'Forside', 'Velkommen til svømmeklubben i Kristiansand.'),
]);
const ids = async (query: string) => (await search(query)).map((hit) => hit.id);

describe('the query rules', () => {
  test('a query blank after trimming finds nothing', async () => {
    for (const query of ['', ' ', '   \t\n ']) expect(await search(query)).toEqual([]);
    expect(normaliseQuery(null)).toBe('');
    expect(normaliseQuery('  hval  ')).toBe('hval');
  });

  test('a typo still finds the page: «hvall» finds the Hval course', async () => {
    expect((await ids('hvall'))[0]).toBe('/kurs');
    expect(await ids('Skilpade')).toEqual(['/kurs']);
  });

  test('title and content are both searched, case does not matter', async () => {
    expect((await ids('TRENINGSTIDER'))[0]).toBe('/treningstider');
    expect(await ids('kiosk')).toEqual(['/dugnad']);
  });

  test(`the threshold is ${THRESHOLD}: 2 wrong letters of 9 still match, 3 of 9 do not`, async () => {
    expect(THRESHOLD).toBe(0.3);
    expect(await ids('skilpadqq')).toEqual(['/kurs']);
    expect(await ids('skilpaqqq')).toEqual([]);
    expect(await ids('zzzzzz')).toEqual([]);
  });

  test('each hit carries its score, and the best comes first', async () => {
    const hits = await search('hval');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toEqual(expect.any(Number));
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect((await search('Treningstider'))[0]).toMatchObject({
      id: '/treningstider',
      title: 'Treningstider',
      url: '/treningstider',
    });
  });

  test('a long page that is about the word beats a short page that mentions it once', async () => {
    const filler = 'Barna leker i vannet og lærer å flyte, dykke og svømme i sitt eget tempo. '.repeat(12);
    const rank = searchOf([
      page('/kontakt', 'Kontakt', 'Spør oss om Hval eller om svømmehallen.'),
      page(
        '/kurs',
        'Svømmeopplæring',
        `Hval er første kurs. ${filler} Etter Hval kommer Skilpadde. ${filler} Hval varer i ti uker.`,
      ),
    ]);
    expect((await rank('hval')).map((hit) => hit.id)).toEqual(['/kurs', '/kontakt']);
    expect((await rank('hvall')).map((hit) => hit.id)[0]).toBe('/kurs');
    expect((await rank('kontakt')).map((hit) => hit.id)[0]).toBe('/kontakt');
  });

  test('Norwegian letters match as typed, also when the keyboard sends «å» as a + ring', async () => {
    expect(await ids('Bråvann')).toEqual(['/dugnad']);
    expect(await ids('Bra\u030avann')).toEqual(['/dugnad']);
    expect((await ids('svømmeklubben'))[0]).toBe('/');
  });

  test('a query that looks like markup is just text to search for', async () => {
    await expect(search('<img src=x onerror=alert(1)>')).resolves.toBeDefined();
    expect(await search('<img src=x onerror=alert(1)>')).toEqual([]);
  });
});

describe('the snippet', () => {
  test(`is the first ${SNIPPET_LENGTH} characters of the content, then «…»`, async () => {
    expect(SNIPPET_LENGTH).toBe(120);
    const hit = (await search('hval')).find((found) => found.id === '/kurs');
    expect(hit?.snippet).toBe(`${longText.slice(0, 120).trimEnd()}…`);
  });

  test('never cuts a character in half', async () => {
    const [hit] = await searchOf([page('/styrke', 'Styrke', `${'x'.repeat(119)}🏋️ og mer`)])('mer');
    expect(hit?.snippet).toBe(`${'x'.repeat(119)}🏋…`);
    expect(hit?.snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test('a short text is shown whole, still followed by «…»', async () => {
    const [hit] = await searchOf([page('/kort', 'Kort', 'Kort tekst. ')])('tekst');
    expect(hit?.snippet).toBe('Kort tekst.…');
  });
});

test('a file that is not a search index is refused', () => {
  expect(() => parseSearchManifest({ documents: [] })).toThrow('Not a search index');
  expect(() => parseSearchManifest(null)).toThrow('Not a search index');
});

describe('a big site: words beyond the most common come by prefix', () => {
  const documents = ['Hval og sel', 'Sel og skilpadde', 'Pingvin og sel', 'Sjøløve'].map((content, at) => ({
    title: `Side ${at}`,
    url: `/side-${at}`,
    content,
  }));
  const split = splitIndex(documents, { snippet: SNIPPET_LENGTH, commonWords: 3, rarePer: 2 });
  const manifest = JSON.parse(split.files.get(split.path) ?? '') as SplitIndexManifest;

  test('the manifest holds the most common words; the rest are in parts by prefix', () => {
    expect(manifest.words).toEqual(['og', 'sel', 'side']);
    expect(manifest.rare.map(([first]) => first)).toEqual(['0', '2', 'hval', 'sjøløve']);
  });

  test('a rare word and a typo later in it are found, fetching only the parts for its first letter', async () => {
    const { search, fetched } = searchOver(split.files, split.path);
    expect((await search('skilpadde', 10)).hits.map((hit) => hit.url)).toEqual(['/side-1']);
    expect((await search('skilpadee', 10)).hits.map((hit) => hit.url)).toEqual(['/side-1']);
    expect((await search('sjøløve', 10)).hits.map((hit) => hit.url)).toEqual(['/side-3']);
    // Parts that may hold words in s…: [hval, sjøløve) and [sjøløve, …); not those of the numbers.
    const rareFetched = new Set(fetched.filter((file) => /\/r-/.test(file)));
    expect([...rareFetched].sort()).toEqual([2, 3].map((number) => `assets/search/${manifest.build}/r-${number}.json`));
  });

  test('a rare word brings its postings: finding it fetches its words and its document, no postings part', async () => {
    const { search, fetched } = searchOver(split.files, split.path);
    expect((await search('sjøløve', 10)).hits.map((hit) => hit.url)).toEqual(['/side-3']);
    expect(fetched.map((file) => file.replace(/^.*\//, '')).sort()).toEqual(['d-0.json', 'r-2.json', 'r-3.json']);
  });
});

describe('the first hits come before the last documents', () => {
  const documents = Array.from({ length: 6 }, (_, at) => ({
    title: 'Side',
    url: `/side-${at}`,
    content: at === 0 ? 'Hval hval hval' : 'Hval og sel',
  }));
  const split = splitIndex(documents, { snippet: SNIPPET_LENGTH, docsPer: 1, headSize: 4 });

  test('with progress, the best hits are handed over while the parts of the others are still on their way', async () => {
    // The heads of «hval» and «sel» (their postings part) bring side-0 to side-4; side-5 comes in its part.
    const held: Array<() => void> = [];
    const search = createSiteSearch(parseSearchManifest(JSON.parse(split.files.get(split.path) ?? '')), (file) => {
      const json = JSON.parse(split.files.get(`assets/${file}`) ?? 'null') as unknown;
      // Every document part but the first waits until the test lets it through.
      if (!/\/d-/.test(file) || file.endsWith('/d-0.json')) return Promise.resolve(json);
      return new Promise((resolve) => held.push(() => resolve(json)));
    });
    const partials: string[][] = [];
    const result = search('hval', 10, (partial) => partials.push(partial.hits.map((hit) => hit.url)));
    await expect.poll(() => partials.length).toBe(1);
    expect(partials[0]).toEqual(['/side-0', '/side-1', '/side-2', '/side-3', '/side-4']);
    for (const release of held) release();
    const { total, hits } = await result;
    expect(total).toBe(6);
    expect(hits.map((hit) => hit.url)).toEqual(['/side-0', '/side-1', '/side-2', '/side-3', '/side-4', '/side-5']);
    // Each list handed over is the start of the final one.
    for (const urls of partials) expect(hits.slice(0, urls.length).map((hit) => hit.url)).toEqual(urls);
  });
});

describe('Fuse.js scores only the words a letter count lets through', () => {
  const words = [
    ...new Set(syntheticPages(8, 3).flatMap((page) => wordsOfText(page.markdown))),
    'hval',
    'hvalen',
    'knølhval',
    'skilpadde',
  ];
  const options = { threshold: THRESHOLD, ignoreLocation: true, ignoreFieldNorm: true, includeScore: true };
  const all = new Fuse(words, options);

  test('and finds the same words with the same scores as over all words', () => {
    const queries = ['hval', 'hvak', 'hvall', 'skilpade', 'skilpaqqq', 'a', 'ab', 'ø', 'x'];
    for (const word of words.filter((_, at) => at % 50 === 0)) {
      queries.push(word, `${word.slice(0, 2)}e${word.slice(3)}`, word.slice(1), `${word}k`);
    }
    let kept = 0;
    for (const query of queries) {
      const could = couldMatch(query, THRESHOLD);
      const candidates = words.filter((word) => could(word));
      kept += candidates.length;
      const filtered = new Fuse(candidates, options).search(query).map(({ item, score }) => [item, score]);
      expect(filtered, query).toEqual(all.search(query).map(({ item, score }) => [item, score]));
    }
    // It is worth it: most words are left out.
    expect(kept / queries.length).toBeLessThan(words.length / 4);
  });
});
