import matter from 'gray-matter';
import { describe, expect, test } from 'vitest';
import { frontMatterBlock, parsePage } from '../../generator/load/page-source.ts';

/** The body gray-matter gives for the whole text: what a page's body must be. */
const bodyOf = (text: string) => matter(text, { engines: { yaml: () => ({}) } }).content;

describe('a page split into front matter and body', () => {
  const pages = [
    '---\ntitle: Om klubben\ndescription: Hvem vi er.\n---\n\n# Om klubben\n\nTekst.\n',
    '---\r\ntitle: Om klubben\r\n---\r\nTekst med CRLF.\r\n',
    '---\ntitle: A\n---',
    '---\ntitle: A\n---\n',
    '---\ntitle: A\n---tekst rett etter\nmer\n',
    '---\ntitle: A\n----\nfire streker lukker også\n',
    '---yaml\ntitle: A\n---\nSpråk oppgitt\n',
    '---\n---\nTom front matter\n',
    '---\ntitle: A\n--- \nmellomrom etter\n',
    '----\ntitle: ikke front matter\n---\nTekst\n',
    'Ingen front matter\n---\nmen en strek\n',
    '---',
    '---\ntitle: uten slutt\n',
    '---\ntitle: A\n---\n---\nen strek til\n',
  ];

  test('gives the body gray-matter gives for the whole file, whatever its delimiters', () => {
    for (const text of pages)
      expect(bodyOf(frontMatterBlock(text)) + text.slice(frontMatterBlock(text).length)).toBe(bodyOf(text));
  });

  test('hands gray-matter the front matter only, not the page', () => {
    const text = `---\ntitle: Lang side\n---\n${'Et avsnitt. '.repeat(1000)}\n`;
    expect(frontMatterBlock(text)).toBe('---\ntitle: Lang side\n---\n');
    const page = parsePage('content/pages/lang.md', 'lang.md', text);
    expect(page.body).toBe(bodyOf(text));
    expect(page.bodyLineOffset).toBe(3);
    expect(page.frontMatter.data).toEqual({ title: 'Lang side' });
  });

  test('counts the lines before the body, so a body line is told at its line in the file', () => {
    let checked = 0;
    for (const text of pages) {
      let page: ReturnType<typeof parsePage>;
      try {
        page = parsePage('content/pages/a.md', 'a.md', text);
      } catch {
        continue; // Front matter never closed: a content error of its own.
      }
      expect(page.body).toBe(bodyOf(text));
      expect(page.bodyLineOffset).toBe(text.slice(0, text.length - page.body.length).split('\n').length - 1);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
