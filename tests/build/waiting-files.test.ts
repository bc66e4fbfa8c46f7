// Issue 44: what a volunteer meets in the club's news. A post scheduled for later today has
// its photo and PDF waiting for it, not «unused»; a picture whose file name has a space (as
// phones name photos) is an error at its line, in Norwegian, rather than text on the page.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BuildFailed, formatErrorIn } from '../../generator/errors.ts';
import { newsContent, removeNewsContent } from '../support/news-fixture.ts';
import { buildSite } from '../support/site-build.ts';

afterAll(removeNewsContent);

const post = (date: string, body: string) =>
  [
    '---',
    'title: Stevne i Aquarama',
    'description: Resultater fra helgens stevne.',
    `date: ${date}`,
    '---',
    '',
    body,
    '',
  ].join('\n');

/** The club's content with one more post, and a photo, a PDF and a file no page names. */
async function contentWith(name: string, text: string): Promise<string> {
  const content = await newsContent({ [name]: text });
  await mkdir(path.join(content, 'images/stevne'), { recursive: true });
  await writeFile(
    path.join(content, 'images/stevne/premie.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
  );
  await writeFile(path.join(content, 'files/resultater.pdf'), '%PDF-1.4\n%%EOF\n');
  await writeFile(path.join(content, 'images/stevne/glemt.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return content;
}

const unused = (warnings: ReadonlyArray<{ code: string; file: string }>) =>
  warnings
    .filter((warning) => warning.code === 'unused-file')
    .map((warning) => warning.file.slice(warning.file.indexOf('content/')));

describe('a post scheduled for later today', () => {
  const body = '![Premiene](images/stevne/premie.svg)\n\nSe [resultatene](files/resultater.pdf).';

  test('its photo and PDF are not unused; a file no post names still is', async () => {
    const contentDir = await contentWith('2025-12-10-stevne.md', post('2025-12-10 23:50', body));
    const result = await buildSite('2025-12-10T20:00', { contentDir });
    expect(result.files.has('nyheter/stevne/index.html')).toBe(false);
    expect(unused(result.warnings)).toEqual(['content/images/stevne/glemt.svg']);
    // Once out, the post shows them.
    const later = await buildSite('2025-12-11T00:10', { contentDir });
    expect(later.files.has('nyheter/stevne/index.html')).toBe(true);
    expect(unused(later.warnings)).toEqual(['content/images/stevne/glemt.svg']);
  }, 60_000);
});

describe('a picture whose file name has a space', () => {
  test('is an error at its line, with the name to give the file, in Norwegian', async () => {
    const text = post(
      '2025-11-01',
      'Her er bildet:\n\n![Stevnet](images/Stevne bilde.jpg)\n\n[Om oss](/om "Om klubben")',
    );
    const contentDir = await contentWith('2025-11-01-stevne.md', text);
    const error = await buildSite('2025-12-10T18:00', { contentDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BuildFailed);
    const shown = (error as BuildFailed).errors.map((problem) => formatErrorIn(problem, 'nb'));
    expect(shown).toEqual([
      [
        `✖ ${path.relative(process.cwd(), path.join(contentDir, 'nyheter/2025-11-01-stevne.md'))}:9:12  [bad-file-name]`,
        '  Stien images/Stevne bilde.jpg har et mellomrom i seg: i Markdown slutter en lenke eller et bilde ved første mellomrom, så det ville ikke blitt vist.',
        '  Tips: Gi filen et navn uten mellomrom, som images/stevne-bilde.jpg, og skriv det navnet her (telefoner gir bilder navn med mellomrom).',
      ].join('\n'),
    ]);
  }, 60_000);
});
