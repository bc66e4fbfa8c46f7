/**
 * How the words of the site stand to the query's (client/browser/search-words.ts, matchKind) and
 * what that does to the hits (client/browser/search-rank.ts, shownKind): pages that hold the
 * query's words as typed first, then typos of them, and loose Fuse.js matches only when nothing
 * is closer. The real site's cases are in tests/build/search-relevance.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { CLOSE, CLOSE_START, EXACT, LOOSE, matchKind } from '../../client/browser/search-words.ts';
import { splitIndex } from '../../generator/index/split-index.ts';
import { SNIPPET_LENGTH } from '../../site/logic/search-settings.ts';
import { searchOver } from '../support/search-index.ts';

type Document = { title: string; url: string; content: string };

const doc = (url: string, title: string, content: string): Document => ({ title, url, content });

/** The club's search over the split index of these documents, in their order; all hits at once. */
function searchOf(documents: Document[]) {
  const split = splitIndex(documents, { snippet: SNIPPET_LENGTH });
  const { search } = searchOver(split.files, split.path);
  return async (query: string) => (await search(query, 1000)).hits;
}

describe('words as typed first, then typos, then loose matches only when nothing is closer', () => {
  test('a word of the site holds the query word, is a typo of it, starts with a typo of it, or matches loosely', () => {
    const kinds = (token: string, words: string[]) => words.map((word) => matchKind(word, token));
    expect(kinds('hval', ['hval', 'hvalen', 'knølhval', 'hvak', 'hlav', 'hva', 'hvalp', 'hvalross'])).toEqual([
      EXACT,
      EXACT,
      EXACT,
      CLOSE,
      LOOSE,
      LOOSE,
      EXACT,
      EXACT,
    ]);
    // Four letters: a typo is the same length, as a whole word; «Kristiansand» starts one letter off «pris».
    expect(kinds('pris', ['priser', 'kris', 'kristiansand', 'pri', 'prins'])).toEqual([
      EXACT,
      CLOSE,
      LOOSE,
      LOOSE,
      LOOSE,
    ]);
    // Five letters on: a letter too many or too few, two letters swapped, also at the start of a longer word.
    expect(kinds('hvall', ['hval', 'hvalen'])).toEqual([CLOSE, CLOSE_START]);
    expect(kinds('dommar', ['dommer', 'dommere', 'dommerkurset', 'sommer'])).toEqual([
      CLOSE,
      CLOSE_START,
      CLOSE_START,
      LOOSE,
    ]);
    expect(kinds('julekalnedr', ['julekalender', 'julekalenderen'])).toEqual([LOOSE, LOOSE]);
    expect(kinds('julekalnder', ['julekalender', 'julekalenderen'])).toEqual([CLOSE, CLOSE_START]);
    expect(kinds('julekalendre', ['julekalender'])).toEqual([CLOSE]);
    // Three letters: one letter off is another word.
    expect(kinds('sel', ['set', 'selungen'])).toEqual([LOOSE, EXACT]);
  });

  test('æ, ø and å may be typed as ae, o and a (a phone or a keyboard without them)', () => {
    expect(matchKind('sjøløve', 'sjolove')).toBe(EXACT);
    expect(matchKind('påmeldingen', 'pamelding')).toBe(EXACT);
    expect(matchKind('svømmeopplæring', 'svommeopplaering')).toBe(EXACT);
    expect(matchKind('svømmeopplæring', 'svømmeopplering')).toBe(CLOSE);
    expect(matchKind('crème', 'creme')).toBe(EXACT);
  });

  const pages = [
    doc('/dugnad', 'Dugnad', 'Hva koster det å bli dommer? Hva gjør jeg?'),
    doc('/kalender', 'Julekalender', 'Trekning hver kveld.'),
    doc('/kurs', 'Hval', 'Det første kurset. Barna leker i vannet.'),
    doc('/kurs-om', 'Svømmeopplæring', 'Barna begynner på Hval og går videre til Skilpadde.'),
    doc('/lodd', 'Loddsalg', 'Vi selger lodd og julekalendere.'),
    doc('/nytt', 'Julekalenderen er klar', 'Kalenderen selges av svømmerne.'),
    doc('/steder', 'Steder', 'Vi trener i hallen og i bassenget.'),
  ];
  const find = async (query: string) => (await searchOf(pages)(query)).map((hit) => hit.url);

  test('«hval» lists the pages that hold it, not those with «hva» or «hallen»', async () => {
    expect(await find('hval')).toEqual(['/kurs', '/kurs-om']);
    // «hva» as typed is in «Hval» too: the title that holds it first.
    expect(await find('hva')).toEqual(['/kurs', '/dugnad', '/kurs-om']);
  });

  test('a typo lists the pages of the word meant, and leaves out the loose matches', async () => {
    expect(await find('Hvak')).toEqual(['/kurs', '/kurs-om']);
    expect(await find('hvla')).toEqual(['/kurs', '/kurs-om']);
    expect(await find('sjolove')).toEqual([]);
  });

  test('the word as typed comes before its typos, which follow while the exact hits are few', async () => {
    // «julekalnder»: the word meant, whole (the title names it), then the pages with longer words
    // that start with it, as Fuse.js scores them (here alike: in page order).
    expect(await find('julekalnder')).toEqual(['/kalender', '/lodd', '/nytt']);
    // As typed, all three hold it; a title that holds it comes first.
    expect(await find('julekalender')).toEqual(['/kalender', '/nytt', '/lodd']);
    // «trene» as typed in «trener», and its start one letter off in «trening»: with fewer exact
    // hits than ENOUGH_EXACT the typos follow them; with as many, they are left out.
    const few = searchOf([...pages, doc('/trening', 'Trening', 'Hver dag.')]);
    expect((await few('trene')).map((hit) => hit.url)).toEqual(['/steder', '/trening']);
    const many = searchOf([
      ...['a', 'b', 'c', 'd', 'e'].map((group) => doc(`/gruppe-${group}`, `Gruppe ${group}`, 'Treneren er her.')),
      ...pages,
      doc('/trening', 'Trening', 'Hver dag.'),
    ]);
    expect((await many('trene')).map((hit) => hit.url)).toEqual([
      '/gruppe-a',
      '/gruppe-b',
      '/gruppe-c',
      '/gruppe-d',
      '/gruppe-e',
      '/steder',
    ]);
  });

  test('a query no page holds, nor a typo of it, still finds what Fuse.js matches within the threshold', async () => {
    expect(await find('skilpaqq')).toEqual(['/kurs-om']);
    expect(await find('hvalx')).toEqual(['/kurs', '/kurs-om']);
  });
});
