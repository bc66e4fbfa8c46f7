import { describe, expect, test } from 'vitest';
import { wordsOf } from '../../client/shared/search-index-format.ts';
import { hashOfWord, spanWords, WordTable } from '../../generator/index/word-table.ts';
import { syntheticPages } from '../support/synthetic-pages.ts';

describe('the words the build counts', () => {
  test('are the words the browser splits a query into, whatever the text holds', () => {
    const texts = [
      'Svømmeopplæring for barn: «Hval», «Sel» og «Sjøløve» – 6–12 år!',
      'ÆRE, Øvelse og ÅPEN dag; e-post: post@ksa.no, tlf. 38 00 00 00.',
      'Cafe\u0301 og café er samme ord når teksten er satt sammen (NFC).',
      'Emoji 🏊‍♀️ skiller ikke ord🏊fra hverandre, men 𝐀𝐁 (matematisk fet) er bokstaver.',
      'En ensom halv \ud800 surrogat, og tall: 100m, 4x50, ½ og ²',
      'İstanbul, straße, ΣΊΣΥΦΟΣ, ﬁnn (ligatur) og tab\tlinje\nslutt',
      '',
      '   ',
    ];
    for (const text of texts) expect(spanWords(text)).toEqual(wordsOf(text));
    for (const page of syntheticPages(20)) expect(spanWords(page.markdown)).toEqual(wordsOf(page.markdown));
  });
});

describe('the word table', () => {
  test('numbers each word once, in the order met, as it grows past its first size', () => {
    const table = new WordTable();
    const words = Array.from({ length: 20_000 }, (_, at) => `ord${at}`);
    expect(words.map((word) => table.idOf(word))).toEqual(words.map((_, at) => at));
    expect(words.map((word) => table.idOf(word))).toEqual(words.map((_, at) => at));
    expect(table.size).toBe(words.length);
    expect(table.words).toEqual(words);
    expect(table.find('ord19999')).toBe(19_999);
    expect(table.find('ord20000')).toBe(-1);
  });

  test('finds a word inside a longer text by its span', () => {
    const table = new WordTable();
    const id = table.idOf('sel');
    const text = 'hval sel sjøløve';
    expect(table.idOfSpan(text, 5, 8, hashOfWord('sel'))).toBe(id);
    expect(table.idOfSpan(text, 0, 4, hashOfWord('hval'))).toBe(1);
    expect(table.words).toEqual(['sel', 'hval']);
  });
});
