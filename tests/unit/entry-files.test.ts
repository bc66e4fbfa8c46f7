/**
 * Which files a folder collection's glob takes from the listing of content/: `*` and `?`
 * within one folder, `**` across any number of folders (none included), as CONTRIBUTING tells
 * a site's author.
 */
import picomatch from 'picomatch';
import { expect, test } from 'vitest';
import { entryName, matchGlob } from '../../generator/load/entry-files.ts';

const listing = [
  'site.yaml',
  'nyheter/2025-11-20-pamelding-varkurs.md',
  'nyheter/2025-11-26-dugnad.md',
  'nyheter/bilder/2025-11-20-varkurs.jpg',
  'nyheter/2024/2024-12-01-julekalender.md',
  'nyheter/2024/desember/2024-12-24-vinner.md',
  'nyheter-arkiv/gammel.md',
  'pages/om.md',
];

test('* stays within its folder, and is not a folder of its own', () => {
  expect(matchGlob(listing, 'nyheter/*.md')).toEqual([
    'nyheter/2025-11-20-pamelding-varkurs.md',
    'nyheter/2025-11-26-dugnad.md',
  ]);
  expect(matchGlob(listing, '*.yaml')).toEqual(['site.yaml']);
  expect(matchGlob(listing, 'nyheter*/*.md')).toEqual([
    'nyheter-arkiv/gammel.md',
    'nyheter/2025-11-20-pamelding-varkurs.md',
    'nyheter/2025-11-26-dugnad.md',
  ]);
});

test('** crosses any number of folders, none included', () => {
  expect(matchGlob(listing, 'nyheter/**/*.md')).toEqual([
    'nyheter/2024/2024-12-01-julekalender.md',
    'nyheter/2024/desember/2024-12-24-vinner.md',
    'nyheter/2025-11-20-pamelding-varkurs.md',
    'nyheter/2025-11-26-dugnad.md',
  ]);
  expect(matchGlob(listing, '**/*.jpg')).toEqual(['nyheter/bilder/2025-11-20-varkurs.jpg']);
  expect(matchGlob(listing, 'nyheter/**')).toHaveLength(5);
});

test('? is one character; a leading ./ is the content folder; dots are dots', () => {
  expect(matchGlob(listing, 'nyheter/2025-11-2?-dugnad.md')).toEqual(['nyheter/2025-11-26-dugnad.md']);
  expect(matchGlob(listing, './pages/*.md')).toEqual(['pages/om.md']);
  expect(matchGlob(['a.md', 'aXmd'], 'a.md')).toEqual(['a.md']);
});

test('a glob asks only the files of its folder, and finds what asking every file finds', () => {
  const files = [...listing, 'nyheter', 'nyheter.md', 'nyheterx/a.md', '.skjult/a.md', 'a/b/c.md', 'a/b', 'a/bc.md'];
  const globs = ['nyheter/**', 'nyheter/*', 'a/b/**', 'a/b/*.md', 'a/**/b', '!nyheter/*.md', '{a,nyheter}/*.md'];
  for (const glob of [...globs, '.skjult/*.md', 'a/b/c.md', 'nyheter/[0-9]*.md', '**/*.md']) {
    const every = picomatch(glob, { dot: true });
    expect(matchGlob(files, glob), glob).toEqual(files.filter((file) => every(file)).sort());
  }
  expect(matchGlob(files, 'nyheter/**')).toContain('nyheter');
});

test("an entry's name is its file's name without folder and extension", () => {
  expect(entryName('nyheter/2025-11-20-pamelding-varkurs.md')).toBe('2025-11-20-pamelding-varkurs');
});
