/**
 * Footnotes and heading links in the Markdown a volunteer writes: a footnote is a note at the
 * end of the page with links both ways (not «The link "Note." leads to /Note.»), a heading
 * keeps its id and gets a link to copy, and neither leaks into what search shows.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { searchDocument } from '../../generator/index/search-index.ts';
import { renderMarkdown } from '../../generator/render/markdown.ts';
import { buildFixture, fixtureSite, text } from '../support/fixture-site.ts';
import { buildSite } from '../support/site-build.ts';

const NEWS_POST = 'nyheter/oppdaterte-treningstider/index.html';

let result: BuildResult;

beforeAll(async () => {
  result = await buildSite('2025-12-10T18:00');
}, 60_000);

function render(body: string): { html: string; sections: { anchor: string; title: string; text: string }[] } {
  const sections: { anchor: string; title: string; text: string }[] = [];
  const links = { link: (href: string) => href, image: (src: string) => src, raw: () => {} };
  return { html: renderMarkdown(body, { allowHtml: false, bodyLineOffset: 0, links, sections }), sections };
}

/** Every same-page link (href="#…") of a page, and whether an element has that id. */
function fragmentTargets(html: string): Array<[href: string, found: boolean]> {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  return [...html.matchAll(/\shref="#([^"]*)"/g)].map((match) => [`#${match[1]}`, ids.has(match[1])]);
}

describe('a footnote', () => {
  test('in a club news post is a numbered reference and a note at the end, linked both ways, in Norwegian', () => {
    const html = text(result, NEWS_POST);
    expect(html).toContain(
      'på land.<sup class="footnote-ref"><a href="#fn1" id="fnref1" aria-label="Fotnote 1">1</a></sup>',
    );
    expect(html).toContain('<section class="footnotes" aria-label="Fotnoter">');
    expect(html).toMatch(
      /<li id="fn1" class="footnote-item"><p>Økter med basistrening er merket med 🏋️ i oversikten over treningstider\. <a href="#fnref1" class="footnote-backref" aria-label="Tilbake til fotnote 1 i teksten">/,
    );
  });

  test('every same-page link on every page leads to an element that is there', () => {
    const broken = [...result.files]
      .filter(([file, data]) => file.endsWith('.html') && typeof data === 'string')
      .flatMap(([file, html]) =>
        fragmentTargets(html as string)
          .filter(([href, found]) => href !== '#' && !found)
          .map(([href]) => `${file} ${href}`),
      );
    expect(broken).toEqual([]);
    expect(fragmentTargets(text(result, NEWS_POST))).toEqual(
      expect.arrayContaining([
        ['#fn1', true],
        ['#fnref1', true],
      ]),
    );
  });

  test('is read by search as the note, without its number glued to a word or its way back', () => {
    const page = result.pages.find((candidate) => candidate.route === '/nyheter/oppdaterte-treningstider');
    if (!page) throw new Error('no news post');
    const { content } = searchDocument(page, (route) => route);
    expect(content).toContain('basistrening på land. I oversikten');
    expect(content).toContain('Økter med basistrening er merket med 🏋️ i oversikten over treningstider.');
    expect(content).not.toContain('↩');
  });

  test('referred to twice, and named by a word, gets one note with a way back to each reference', () => {
    const { html } = render('Én[^a], to[^a] og tre[^b].\n\n[^a]: Første.\n[^b]: Andre.\n');
    expect(html).toContain('<a href="#fn1" id="fnref1" aria-label="Footnote 1">1</a>');
    expect(html).toContain('<a href="#fn1" id="fnref1:1" aria-label="Footnote 1">1</a>');
    expect(html).toContain('<a href="#fn2" id="fnref2" aria-label="Footnote 2">2</a>');
    expect(html).toContain('href="#fnref1" class="footnote-backref"');
    expect(html).toContain('href="#fnref1:1" class="footnote-backref"');
    expect(fragmentTargets(html).every(([, found]) => found)).toBe(true);
  });

  test('a site that names no labels (the English mini site) builds its footnotes with English ones', async () => {
    const dir = await fixtureSite('mini', {
      'data/routes/notes.md':
        '---\ntitle: Notes\ndescription: A page with a footnote.\n---\n\nText.[^1]\n\n[^1]: The note.\n',
    });
    const page = text(await buildFixture(dir), 'notes/index.html');
    expect(page).toContain('aria-label="Footnote 1"');
    expect(page).toContain('<section class="footnotes" aria-label="Footnotes">');
    expect(page).toContain('aria-label="Back to footnote 1 in the text"');
  });
});

describe('a heading', () => {
  test('keeps its id and gets a link to itself beside it, named in Norwegian', () => {
    const html = text(result, 'dugnad/index.html');
    expect(html).toContain(
      '<div class="heading-anchor">\n<h2 id="loddsalg">Loddsalg</h2>\n<a class="heading-anchor__link" href="#loddsalg" aria-label="Lenke til «Loddsalg»"><svg class="heading-anchor__icon" aria-hidden="true"',
    );
    expect(html).toContain('<h2 id="sporsmal">Spørsmål?</h2>\n<a class="heading-anchor__link" href="#sporsmal"');
  });

  test('ids and search sections are what they were: the slug, numbered from the second on', () => {
    const { html, sections } = render(
      '## Spørsmål?\n\nFørste[^1].\n\n### Under `kode`\n\nMer.\n\n## Spørsmål?\n\nSiste.\n\n[^1]: Note.\n',
    );
    expect([...html.matchAll(/<h[23] id="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'sporsmal',
      'under-kode',
      'sporsmal-2',
    ]);
    expect([...html.matchAll(/class="heading-anchor__link" href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '#sporsmal',
      '#under-kode',
      '#sporsmal-2',
    ]);
    // The note is no section's text; the link's name is no heading's title.
    expect(sections).toEqual([
      { anchor: 'sporsmal', title: 'Spørsmål?', text: 'Første. Under kode Mer.' },
      { anchor: 'sporsmal-2', title: 'Spørsmål?', text: 'Siste.' },
    ]);
  });
});
