import v8 from 'node:v8';
import vm from 'node:vm';
import { slugOf } from '../../generator/slug.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { serializeProps } from '../../client/shared/island-markup.ts';
import type { Page } from '../../generator/contract/index.ts';
import { contentHash } from '../../generator/hash.ts';
import {
  buildSearchIndex,
  indexPage,
  SearchIndexBuilder,
  searchDocument,
  searchDocuments,
} from '../../generator/index/search-index.ts';
import { BatchPostings, firstCharacters } from '../../generator/index/postings.ts';
import { SNIPPET_LENGTH } from '../../generator/validate/site-settings.ts';
import { wordsOf } from '../../generator/index/split-index.ts';
import type { RenderedPage } from '../../generator/model/rendered.ts';
import { textOfHtml } from '../../generator/text-of-html.ts';
import { FaqList } from '../../site/blocks/faq-list.tsx';
import { wordsOf as browserWordsOf } from '../../client/shared/search-index-format.ts';
import { indexedDocuments, manifestOf, partsOf } from '../support/search-index.ts';

const href = (route: string) => (route === '/' ? '/' : `${route}/`);

/** A rendered page as the build hands it to the index: the frame around a <main>. */
function fixturePage(
  route: string,
  title: string,
  main: string,
  options: { noindex?: boolean; searchText?: string } = {},
): RenderedPage {
  const page = {
    route,
    title,
    description: '',
    template: 'article',
    noindex: options.noindex ?? false,
    data: {},
    source: '',
    html: '',
  } as Page;
  const html = `<!doctype html><html><head><title>${title} – Klubben</title><script>theme()</script></head><body><header><a href="/">Forsiden</a><nav>Meny Forside Kurs</nav></header><main id="innhold">${main}</main><footer>© 2025 Klubben</footer></body></html>`;
  return {
    route,
    file: `${route.slice(1)}/index.html`,
    title,
    html,
    page,
    noindex: options.noindex ?? false,
    searchText: options.searchText ?? '',
    sections: [],
    securityPolicy: '',
    islands: [],
    assets: [],
    bytes: html.length,
    source: `${route}.md`,
    clock: { from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY },
  };
}

const faqHtml = renderToStaticMarkup(
  createElement(FaqList, {
    id: 'faq',
    slug: slugOf,
    title: 'Ofte stilte spørsmål',
    items: [
      { q: 'Må barnet bruke svømmebriller?', a: 'Nei, på Hval, Skilpadde og Pingvin øver vi uten briller.' },
      { q: 'Hvor lenge varer et kurs?', a: 'Ti uker, én dag i uka.' },
    ],
  }),
);

const pages = [
  fixturePage(
    '/kurs',
    'Svømmeopplæring',
    `<article><h1>Svømmeopplæring</h1><p>Vi lærer barn å <strong>S</strong>vømme   trygt.\n\n Første nivå heter Hval.</p>${faqHtml}</article>`,
    {
      searchText: 'Hval: Vi anbefaler Hval for barn som er utrygge i vannet. Sjøløve er for de viderekomne.',
    },
  ),
  fixturePage('/', 'Forside', '<h1>Velkommen til Ærlige Ålesvømmere</h1><p>Trygg • Inkluderende • Stolt</p>'),
  fixturePage('/terminliste', 'Terminliste', '<h1>Terminliste</h1><p>Denne siden kommer snart.</p>', { noindex: true }),
  fixturePage('/404', 'Fant ikke siden', '<h1>Vi finner ikke denne siden</h1>', { noindex: true }),
  fixturePage(
    '/treningstider',
    'Treningstider',
    `<h1>Treningstider</h1><clubsite-island data-island="training-table" data-when="visible"><script type="application/json">${serializeProps({ secret: 'bare-props' })}</script><div data-island-root=""><table><tr><td>Onsdag</td><td>Aquarama</td></tr></table></div></clubsite-island><svg><title>tegning</title></svg><!-- kommentar -->`,
  ),
];

describe('search documents', () => {
  const documents = searchDocuments(pages, href);
  const byId = new Map(documents.map((document) => [document.id, document]));

  test('every indexable page is a document with id, title, url and content; noindex pages and the 404 are not', () => {
    expect(documents.map((document) => document.id).sort()).toEqual(['/', '/kurs', '/treningstider']);
    expect(byId.get('/kurs')).toMatchObject({ id: '/kurs', title: 'Svømmeopplæring', url: '/kurs/' });
  });

  test('the content is the text of <main> only, folded to one line, with words kept whole', () => {
    const content = byId.get('/kurs')?.content ?? '';
    expect(content).toMatch(/^Vi lærer barn å Svømme trygt\. Første nivå heter Hval\./);
    expect(content).not.toMatch(/\s{2}|Meny|Forsiden|© 2025|theme\(\)/);
  });

  test('FAQ questions and answers are searchable text', () => {
    const content = byId.get('/kurs')?.content ?? '';
    expect(content).toContain('Ofte stilte spørsmål');
    expect(content).toContain(
      'Må barnet bruke svømmebriller? Nei, på Hval, Skilpadde og Pingvin øver vi uten briller.',
    );
    expect(content).toContain('Hvor lenge varer et kurs? Ti uker, én dag i uka.');
  });

  test("what a template's widgets can show (searchText) is added after the page text, without what the page already shows", () => {
    expect(byId.get('/kurs')?.content).toMatch(
      /Hval: Vi anbefaler Hval for barn som er utrygge i vannet\. Sjøløve er for de viderekomne\.$/,
    );
    const repeated = fixturePage('/kurs', 'Kurs', '<p>Hval er første nivå. Skilpadde kommer etterpå.</p>', {
      searchText: 'Hval er første nivå. Er barnet trygt i vannet? Skilpadde kommer etterpå.',
    });
    expect(searchDocument(repeated, href).content).toBe(
      'Hval er første nivå. Skilpadde kommer etterpå. Er barnet trygt i vannet?',
    );
  });

  test('island props, scripts, drawings and comments are not text; the widget markup is', () => {
    expect(byId.get('/treningstider')?.content).toBe('Onsdag Aquarama');
  });

  test('a first heading that repeats the title is left out of the content; another heading stays', () => {
    expect(byId.get('/kurs')?.content.startsWith('Svømmeopplæring')).toBe(false);
    expect(byId.get('/')?.content).toBe('Velkommen til Ærlige Ålesvømmere Trygg • Inkluderende • Stolt');
  });

  test('Norwegian letters stay as they are, in composed form', () => {
    const decomposed = fixturePage('/om', 'Om oss', '<p>Lørdag på Bra\u030avann</p>');
    expect(searchDocument(decomposed, href).content).toBe('Lørdag på Bråvann');
    const { files, path } = buildSearchIndex(pages, href);
    expect(manifestOf(files, path).words).toEqual(expect.arrayContaining(['ærlige', 'ålesvømmere', 'sjøløve']));
    expect(indexedDocuments(files, path).map((document) => document.start)).toContain(
      'Velkommen til Ærlige Ålesvømmere Trygg • Inkluderende • Stolt',
    );
  });
});

describe('the index files', () => {
  test('the same pages in any order give the same bytes and the same hashed names', () => {
    const first = buildSearchIndex(pages, href);
    const second = buildSearchIndex([...pages].reverse(), href);
    expect([...second.files]).toEqual([...first.files]);
    expect(second.path).toBe(first.path);
    expect(first.path).toMatch(/^assets\/search-[A-Za-z0-9_-]{6,}\.json$/);
    expect(first.documents).toBe(3);
  });

  test('other content gives another manifest name', () => {
    const changed = [...pages.slice(0, 4), fixturePage('/treningstider', 'Treningstider', '<p>Torsdag Spicheren</p>')];
    expect(buildSearchIndex(changed, href).path).not.toBe(buildSearchIndex(pages, href).path);
  });

  test('the parts sit in a folder named by the hash of all of them, which only the manifest names', () => {
    const { files, path } = buildSearchIndex(pages, href);
    const { build } = manifestOf(files, path);
    const parts = partsOf(files, path);
    expect(new Set(parts).size).toBe(parts.length);
    expect([...files.keys()].sort()).toEqual([path, ...parts].sort());
    for (const part of parts) expect(part.startsWith(`assets/search/${build}/`)).toBe(true);
    expect(path).toBe(`assets/search-${contentHash(files.get(path) ?? '')}.json`);
    // One word more on one page: other parts, in another folder.
    const changed = [
      ...pages.slice(0, 4),
      fixturePage('/treningstider', 'Treningstider', '<p>Onsdag Aquarama Bråvann</p>'),
    ];
    const other = buildSearchIndex(changed, href);
    expect(manifestOf(other.files, other.path).build).not.toBe(build);
    for (const part of partsOf(other.files, other.path)) expect(files.has(part)).toBe(false);
  });

  test('documents keep their title, URL and the first 120 characters of their text, not the whole text', () => {
    const long = fixturePage('/lang', 'Lang side', `<p>${'Ord og ord. '.repeat(40)}Slutten her.</p>`);
    const { files, path } = buildSearchIndex([long], href);
    const [document] = indexedDocuments(files, path);
    expect(document?.title).toBe('Lang side');
    expect(document?.url).toBe('/lang/');
    expect(Array.from(document?.start ?? '')).toHaveLength(120);
    expect([...files.values()].join('')).not.toContain('Slutten her');
    expect(manifestOf(files, path).words).toContain('slutten');
  });

  test('the browser splits a query into words as the build splits the text', () => {
    const text = 'Hva koster det å bli dommer? Sjø-løve, 25 m · Bra\u030avann ÆRLIG';
    expect(browserWordsOf(text)).toEqual(wordsOf(text));
    expect(wordsOf(text)).toEqual([
      'hva',
      'koster',
      'det',
      'å',
      'bli',
      'dommer',
      'sjø',
      'løve',
      '25',
      'm',
      'bråvann',
      'ærlig',
    ]);
  });

  test('a word is a run of letters and digits in any script, as /[^\\p{L}\\p{N}]+/u splits the text', () => {
    // Letters beyond the first 65,536 characters (𝒜, 𠀋), an emoji, a broken surrogate, combining
    // marks, digits of other scripts, a ligature, and «İ», which lower case writes as i + a dot.
    const text = 'ÅSE-løp 2025! naïve café 𝒜bc 𠀋x İstanbul ﬁnal ½ ²3 ١٢ 😀ja \ud800nei e\u0301 ΣΊΣΥΦΟΣ';
    const bySplit = text
      .normalize('NFC')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '');
    expect(wordsOf(text)).toEqual(bySplit);
    expect(wordsOf(text)).toContain('𝒜bc');
    expect(wordsOf(text)).toContain('nei');
  });

  test('a snippet is the first characters of the text, and never half an emoji', () => {
    expect(firstCharacters('Svømming i Aquarama', 8)).toBe('Svømming');
    expect(firstCharacters('kort', 8)).toBe('kort');
    // 🏊 is two UTF-16 units: at the edge it is kept whole, and earlier it counts as one character.
    expect(firstCharacters('Basseng 🏊 i dag', 9)).toBe('Basseng 🏊');
    expect(firstCharacters('🏊🏊🏊 svøm', 4)).toBe('🏊🏊🏊 ');
    // A broken surrogate is one character, as Array.from counts it.
    expect(firstCharacters('a\ud800bcd', 3)).toBe('a\ud800b');
    const long = `${'ø'.repeat(50)}🏊${'å'.repeat(200)}`;
    expect(firstCharacters(long, 120)).toBe(Array.from(long).slice(0, 120).join(''));
  });

  test('a snippet does not keep the whole text it was cut from alive', () => {
    // A slice shares its text's memory in V8: 2,000 page texts of 40 KB kept alive by their snippets would be 160 MB.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const snippets = Array.from({ length: 2000 }, (_, page) =>
      firstCharacters(`Side ${page}: svømming i Aquarama – `.repeat(1000), SNIPPET_LENGTH),
    );
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    expect(snippets[1999]).toMatch(/^Side 1999: svømming/);
    expect(kept).toBeLessThan(20 * 1024 * 1024);
  });

  test('pages indexed in batches on other threads and appended give the same index as pages indexed one by one', () => {
    const pages = [
      fixturePage(
        '/a',
        'Kurs for voksne',
        '<p>Crawl og rygg for voksne, crawl hver onsdag.</p><h2 id="pris">Pris</h2>',
      ),
      fixturePage('/b', 'Treningstider', '<p>Onsdag i Aquarama. Voksne trener crawl.</p>'),
      fixturePage('/c', 'Om klubben', '<p>Klubben har 400 medlemmer.</p>'),
      fixturePage('/d', 'Crawl for voksne', '<p>Voksne lærer crawl i Aquarama, og klubben har plass.</p>'),
    ];
    const whole = buildSearchIndex(pages, href);
    // Two workers; the first has the first and the last batch, whose words it has mostly sent already.
    const workers = [new BatchPostings(), new BatchPostings()];
    const batches: Array<[from: number, pages: typeof pages]> = [
      [0, pages.slice(0, 2)],
      [1, pages.slice(2, 3)],
      [0, pages.slice(3)],
    ];
    const packed = batches.map(([from, batch]) => {
      const worker = workers[from] as BatchPostings;
      for (const page of batch) indexPage(worker, page, href, SNIPPET_LENGTH);
      return [from, worker.take()] as const;
    });
    expect(packed[2]?.[1].words.split(' ')).not.toContain('crawl');
    const appended = new SearchIndexBuilder();
    for (const [from, batch] of structuredClone(packed)) appended.append(batch, from);
    expect(appended.finish().files).toEqual(whole.files);
  });
});

describe('the text a visitor reads', () => {
  test('hidden elements, screen-reader notes and drawings are left out; aria-hidden text that shows stays', () => {
    const html =
      '<p>Luke 1<span hidden="">I dag</span> <a href="x">Bli medlem<span class="visually-hidden"> (åpnes i ny fane)</span></a></p>' +
      '<div hidden><div><p>Skjult</p></div></div><p class="note" title="hidden">Synlig</p>' +
      '<span aria-hidden="true">🏋️</span><svg viewBox="0 0 1 1"><title>Logo</title><g><svg></svg></g></svg><noscript>Slå på JavaScript</noscript><br/>Slutt';
    expect(textOfHtml(html)).toBe('Luke 1 Bli medlem Synlig 🏋️ Slutt');
  });

  test('entities are decoded and block tags separate words', () => {
    expect(
      textOfHtml(
        '<ul><li>Hval</li><li>Sel&nbsp;&amp;&#160;Sj&oslash;l&oslash;ve</li></ul><p>&laquo;ja&#x00BB; &AElig;re&shy;full</p>',
      ),
    ).toBe('Hval Sel & Sjøløve «ja» Ærefull');
  });

  test('every named entity of HTML is decoded, as a browser shows it; markup written as text stays text', () => {
    expect(
      textOfHtml('<p>Vent&hellip; og se &#x2014; &aelig;&oslash;&aring; &uuml;ber &euro;5 &trade; &rsquo;</p>'),
    ).toBe('Vent… og se — æøå über €5 ™ ’');
    expect(textOfHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</p>')).toBe(
      '<script>alert(1)</script> &amp;',
    );
  });

  test('tags inside a word keep it whole; script and style contents are never text', () => {
    const html =
      '<p>S<strong>v</strong>ø<em>m</em>ming</p><script>const text = "<p>Skjult</p>";</script>' +
      '<style>p::after { content: "Skjult"; }</style><p>Synlig</p>';
    expect(textOfHtml(html)).toBe('Svømming Synlig');
  });
});
