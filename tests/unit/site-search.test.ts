import { describe, expect, test } from 'vitest';
import { buildSearchIndex } from '../../generator/index/search-index.ts';
import type { RenderedPage } from '../../generator/render/render-pages.ts';
import {
  createSearch,
  normaliseQuery,
  parseSearchIndex,
  SNIPPET_LENGTH,
  snippetOf,
  THRESHOLD,
} from '../../site/logic/site-search.ts';

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
const search = createSearch(
  parseSearchIndex(
    JSON.parse(
      buildSearchIndex(
        [
          page('/kurs', 'Svømmeopplæring', longText),
          page(
            '/treningstider',
            'Treningstider',
            'Gruppe A trener på Aquarama og Spicheren. Basistrening 🏋️ på onsdager.',
          ),
          page('/dugnad', 'Dugnad', 'Loddsalg, kiosk på stevner og dommeroppdrag. Vi trenger deg på Bråvann.'),
          page('/', 'Forside', 'Velkommen til svømmeklubben i Kristiansand.'),
        ],
        (route) => route,
      ).json,
    ),
  ),
);
const ids = (query: string) => search(query).map((hit) => hit.id);

describe('the query rules', () => {
  test('a query blank after trimming finds nothing', () => {
    for (const query of ['', ' ', '   \t\n ']) expect(search(query)).toEqual([]);
    expect(normaliseQuery(null)).toBe('');
    expect(normaliseQuery('  hval  ')).toBe('hval');
  });

  test('a typo still finds the page: «hvall» finds the Hval course', () => {
    expect(ids('hvall')[0]).toBe('/kurs');
    expect(ids('Skilpade')).toEqual(['/kurs']);
  });

  test('title and content are both searched, case does not matter', () => {
    expect(ids('TRENINGSTIDER')[0]).toBe('/treningstider');
    expect(ids('kiosk')).toEqual(['/dugnad']);
  });

  test(`the threshold is ${THRESHOLD}: 2 wrong letters of 9 still match, 3 of 9 do not`, () => {
    expect(THRESHOLD).toBe(0.3);
    expect(ids('skilpadqq')).toEqual(['/kurs']);
    expect(ids('skilpaqqq')).toEqual([]);
    expect(ids('zzzzzz')).toEqual([]);
  });

  test('each hit carries its score, and the best comes first', () => {
    const hits = search('hval');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toEqual(expect.any(Number));
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(search('Treningstider')[0]).toMatchObject({
      id: '/treningstider',
      title: 'Treningstider',
      url: '/treningstider',
    });
  });

  test('a long page that is about the word beats a short page that mentions it once', () => {
    const filler = 'Barna leker i vannet og lærer å flyte, dykke og svømme i sitt eget tempo. '.repeat(12);
    const rank = createSearch(
      parseSearchIndex(
        JSON.parse(
          buildSearchIndex(
            [
              page('/kontakt', 'Kontakt', 'Spør oss om Hval eller om svømmehallen.'),
              page(
                '/kurs',
                'Svømmeopplæring',
                `Hval er første kurs. ${filler} Etter Hval kommer Skilpadde. ${filler} Hval varer i ti uker.`,
              ),
            ],
            (route) => route,
          ).json,
        ),
      ),
    );
    expect(rank('hval').map((hit) => hit.id)).toEqual(['/kurs', '/kontakt']);
    expect(rank('hvall').map((hit) => hit.id)[0]).toBe('/kurs');
    expect(rank('kontakt').map((hit) => hit.id)[0]).toBe('/kontakt');
  });

  test('Norwegian letters match as typed, also when the keyboard sends «å» as a + ring', () => {
    expect(ids('Bråvann')).toEqual(['/dugnad']);
    expect(ids('Bra\u030avann')).toEqual(['/dugnad']);
    expect(ids('svømmeklubben')[0]).toBe('/');
  });

  test('a query that looks like markup is just text to search for', () => {
    expect(() => search('<img src=x onerror=alert(1)>')).not.toThrow();
    expect(search('<img src=x onerror=alert(1)>')).toEqual([]);
  });
});

describe('the snippet', () => {
  test(`is the first ${SNIPPET_LENGTH} characters of the content, then «…»`, () => {
    expect(SNIPPET_LENGTH).toBe(120);
    const hit = search('hval').find((found) => found.id === '/kurs');
    expect(hit?.snippet).toBe(`${longText.slice(0, 120).trimEnd()}…`);
    expect(snippetOf('a'.repeat(300))).toBe(`${'a'.repeat(120)}…`);
  });

  test('never cuts a character in half', () => {
    const text = `${'x'.repeat(119)}🏋️ og mer`;
    expect(snippetOf(text)).toBe(`${'x'.repeat(119)}🏋…`);
    expect(snippetOf(text)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test('a short text is shown whole, still followed by «…»', () => {
    expect(snippetOf('Kort tekst. ')).toBe('Kort tekst.…');
  });
});

test('a file that is not a search index is refused', () => {
  expect(() => parseSearchIndex({ documents: [] })).toThrow('Not a search index');
  expect(() => parseSearchIndex(null)).toThrow('Not a search index');
});
