import { describe, expect, test } from 'vitest';
import type { ContentError } from '../../generator/errors.ts';
import { SNIPPET_LENGTH, snippetLength } from '../../generator/validate/site-settings.ts';
import { buildFixture, fixtureSite } from '../support/fixture-site.ts';
import { indexedDocuments, searchOver } from '../support/search-index.ts';

describe('the search settings a site declares', () => {
  test('its index keeps the first `snippet` characters of each page, and a hit shows them', async () => {
    // The generator's second site, which declares a 40-character snippet (the tool's own is 120).
    const { files } = await buildFixture(await fixtureSite('mini'), { now: '2025-06-01T12:00' });
    const starts = indexedDocuments(files).map(({ start }) => start);
    expect(starts.length).toBeGreaterThan(2);
    // The home page says more than 40 characters (its HTML is shown as text): cut there, and none is longer.
    expect(starts).toContain('Welcome. Read about us or the events. <b');
    expect(Math.max(...starts.map((start) => Array.from(start).length))).toBe(40);
    const { hits } = await searchOver(files).search('welcome', 10);
    expect(hits.find((hit) => hit.url === '/')?.snippet).toBe('Welcome. Read about us or the events. <b…');
  });

  test('without one, a hit shows 120 characters; a length that is not a whole number of 1 or more is told, by file and name', () => {
    const errors: ContentError[] = [];
    expect(snippetLength({}, 'templates/index.ts', errors)).toBe(SNIPPET_LENGTH);
    expect(SNIPPET_LENGTH).toBe(120);
    expect(errors).toEqual([]);
    for (const snippet of [0, 12.5]) snippetLength({ search: { snippet } }, 'templates/index.ts', errors);
    expect(errors.map((error) => [error.file, error.field, error.message])).toEqual([
      ['templates/index.ts', 'search.snippet', expect.stringContaining('search.snippet is 0')],
      ['templates/index.ts', 'search.snippet', expect.stringContaining('search.snippet is 12.5')],
    ]);
  });
});
