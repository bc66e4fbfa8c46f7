// Issue 44: the tool's messages in the languages it speaks. Every entry of the catalogue
// (generator/messages/) is worded in English and in Norwegian bokmål, each ErrorCode has its
// entries, and a site whose `lang` is nb reads its problems, hints and counts in Norwegian.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ContentError, formatErrorIn, formatErrors, formatWarnings } from '../../generator/errors.ts';
import { DEV_WORDS } from '../../generator/messages/dev-words.ts';
import { en } from '../../generator/messages/en.ts';
import { FIGURE_WORDS } from '../../generator/messages/figure-words.ts';
import { nb } from '../../generator/messages/nb.ts';
import { LANGUAGES, languageOf, type MessageKey, say, wordedIn } from '../../generator/messages/say.ts';
import { projectRoot } from '../support/site-build.ts';

/** Values for each entry; the type makes a new entry need its sample here. */
const SAMPLES: { [Key in MessageKey]: Parameters<(typeof en)[Key]>[0] } = {
  'yaml-syntax': { trouble: { kind: 'unclosed', opener: '{', closer: '}' } },
  'yaml-alias/unresolved': { name: 'Viktig*' },
  'yaml-alias/bomb': undefined as never,
  'invalid-field/missing': { expected: 'date', field: 'date' },
  'invalid-field/type': { expected: 'boolean', found: { kind: 'text', text: 'ja' } },
  'invalid-field/one-of': { values: ['"A"', '"B"'], found: { kind: 'text', text: 'G' } },
  'invalid-field/format': { format: 'date', found: { kind: 'text', text: '9/10/2025' }, turned: '2025-10-09' },
  'invalid-field/unknown': { key: 'descripton', suggestion: 'description', known: ['title', 'description'] },
  'invalid-field/size': { small: true, exact: false, bound: '1', origin: 'array', found: { kind: 'list', count: 0 } },
  'invalid-field/rule': { block: false, found: { kind: 'text', text: 'Mandagg' } },
  'invalid-field/config-unknown': { keys: ['contentDirr'], known: 'contentDir, siteEntry' },
  'invalid-field/config': { known: 'contentDir, siteEntry' },
  'invalid-field/snippet': { snippet: '0', fallback: 120 },
  'missing-file/collection': { name: 'events', file: 'data/events.yaml', readme: 'data/README.md' },
  'missing-file/site': { root: '/site', candidate: 'templates/index.ts' },
  'unknown-template/from-data': { name: 'news-list', known: 'article, page' },
  'unknown-template': { name: 'artikkel', known: 'article, page' },
  'duplicate-route/files': { route: '/om', one: 'content/pages/om.md', other: 'content/pages/om/index.md' },
  'duplicate-route/redirect': { route: '/om', page: 'content/pages/om.md' },
  'duplicate-route/file': { route: '/feed', taken: false },
  'broken-redirect': { from: '/gammel', to: '/ny' },
  'broken-link': { route: '/styre', pages: 'content/pages/', settings: 'content/site.yaml' },
  'broken-link/relative': { href: 'styret', route: '/om/styret', address: '/om' },
  'broken-link/template': {
    route: '/omm',
    code: 'templates/',
    siteFile: 'templates/index.ts',
    pages: 'content/pages/',
  },
  'missing-asset': { file: 'content/images/x.jpg', folder: 'content/images/' },
  'bad-file-name/space': { file: 'images/Stevne bilde.jpg', renamed: 'images/stevne-bilde.jpg' },
  'unreadable-image': { file: 'content/images/x.jpg', reason: 'unsupported image format' },
  'unknown-island': { template: 'courses', name: 'finder' },
  'bundle-failed': { text: 'Expected ";" but found "}"', clubsite: false },
  'site-code-threw/page': {
    thrown: "TypeError: Cannot read properties of undefined (reading 'map')",
    template: 'courses',
    source: 'content/pages/kurs.md',
    route: '/kurs',
    called: ['CourseList (templates/courses.tsx:12:5)'],
  },
  'site-code-threw/load': { thrown: 'ReferenceError: x is not defined', entry: 'templates/index.ts' },
  'unsafe-link': { shown: '"javascript:alert(1)"', scheme: 'javascript' },
  'control-character': { name: 'U+0000' },
  'document-kind': { file: 'content/files/x.exe', kind: 'exe', kinds: ['pdf'], folder: 'content/files/' },
  'document-too-large': { file: 'content/files/x.pdf', size: '25.0 MB', limit: '20.0 MB' },
  'wrong-image': { file: 'content/images/deling.png', kinds: ['png', 'jpeg'], width: 1200, height: 630 },
  'not-utf8': { byte: 'F8' },
  'empty-file': undefined as never,
  'file-too-large': { size: '60.0', limit: '50' },
  'refused-link': { to: 'outside', folder: 'content/' },
  'bad-file-name/page': { renamed: 'content/pages/ny-side.md' },
  'bad-file-name/entry': { name: 'Ny nyhet', example: '2025-11-20-pamelding.md' },
  'not-an-image': { extension: '.png' },
  'unclosed-front-matter/kind': { language: 'toml' },
  'unclosed-front-matter': undefined as never,
  'unreadable-file': { code: 'EACCES' },
  'unreadable-file/changed': undefined as never,
  'duplicate-package': { count: 2, name: 'react', folders: ['node_modules/react', 'widgets/node_modules/react'] },
  'insecure-link': { url: 'http://example.org', secure: 'https://example.org' },
  'unused-file': { file: 'content/images/gammel.jpg' },
  'robots-under-base': { under: '/klubb/', root: 'https://example.org/robots.txt' },
};

/** Codes whose words are the site's own (its rules about its facts), in the site's language already. */
const SITE_WORDED = ['ahead-of-time', 'doubtful-entry', 'overdue'];

/** Words that give away English left in a Norwegian text (the values above are neutral). */
const ENGLISH = /\b(the|is|are|with|which|cannot|does|not|should|must|file)\b/i;

describe('the catalogue in two languages', () => {
  test('every ErrorCode has its entries, and every entry belongs to a code', async () => {
    const errorsTs = await readFile(path.join(projectRoot, 'generator/errors.ts'), 'utf8');
    const codes = [...(errorsTs.match(/export type ErrorCode =([^;]+);/)?.[1] ?? '').matchAll(/'([a-z0-9-]+)'/g)].map(
      (match) => match[1] ?? '',
    );
    const ofCode = (key: string) => key.split('/')[0] ?? '';
    expect(codes.length).toBeGreaterThan(25);
    expect(codes.filter((code) => !Object.keys(en).some((key) => ofCode(key) === code))).toEqual(SITE_WORDED);
    expect(Object.keys(en).filter((key) => !codes.includes(ofCode(key)))).toEqual([]);
    expect(Object.keys(nb).sort()).toEqual(Object.keys(en).sort());
  });

  test.each(Object.keys(en) as MessageKey[])('%s is worded in English and in Norwegian', (key) => {
    const said = { key, values: SAMPLES[key] };
    const english = wordedIn('en', said);
    const norwegian = wordedIn('nb', said);
    expect(english?.message).toBeTruthy();
    expect(english?.hint).toBeTruthy();
    expect(norwegian?.hint).not.toBe(english?.hint);
    if (key !== 'bundle-failed') expect(norwegian?.message).not.toBe(english?.message);
    // What stands in «» is quoted as the volunteer sees it elsewhere (a menu of VS Code, React's own error).
    const own = `${key === 'bundle-failed' ? '' : norwegian?.message} ${norwegian?.hint}`.replace(/«[^»]*»/g, '');
    expect(own).not.toMatch(ENGLISH);
  });

  test('a site declares its language: nb, no and nn read bokmål; any other English', () => {
    expect(['nb', 'nb-NO', 'no', 'nn', 'en', 'sv', undefined].map(languageOf)).toEqual([
      'nb',
      'nb',
      'nb',
      'nb',
      'en',
      'en',
      'en',
    ]);
    expect(LANGUAGES).toEqual(['en', 'nb']);
  });
});

describe('a problem printed in the site language', () => {
  const problem = new ContentError({
    code: 'invalid-field',
    file: 'content/training-times.yaml',
    line: 6,
    column: 10,
    field: 'updated',
    ...say('invalid-field/format', {
      format: 'date',
      found: { kind: 'text', text: '9/10/2025' },
      turned: '2025-10-09',
    }),
  });

  test('in Norwegian, with the Norwegian hint label and count', () => {
    expect(formatErrors([problem], 'dist', 'nb')).toBe(
      [
        '✖ content/training-times.yaml:6:10  updated  [invalid-field]',
        '  Her skal det stå en dato som 2025-12-01, men det står "9/10/2025".',
        '  Tips: Skriv den som 2025-10-09: år, måned, dag.',
        '',
        '1 feil funnet; dist/ er ikke endret.',
      ].join('\n'),
    );
  });

  test('in English as before, the message being the English of the entry', () => {
    expect(problem.message).toBe('Expected a date like 2025-12-01, found "9/10/2025".');
    expect(formatErrorIn(problem, 'en')).toContain('  Hint: Write it as 2025-10-09: year, month, day.');
  });

  test('a problem that crossed a thread or the page cache as plain data keeps its entry', () => {
    const copy = new ContentError(JSON.parse(JSON.stringify(problem.toJSON())));
    expect(formatErrorIn(copy, 'nb')).toBe(formatErrorIn(problem, 'nb'));
  });

  test('warnings: build goes on, check says the content is valid all the same', () => {
    const unused = new ContentError({
      code: 'unused-file',
      file: 'content/x.pdf',
      ...say('unused-file', { file: 'content/x.pdf' }),
    });
    expect(formatWarnings([unused], 'nb', true).split('\n').at(-1)).toBe('1 advarsel (nettstedet ble bygget likevel).');
    expect(formatWarnings([unused, unused], 'nb', false).split('\n').at(-1)).toBe(
      '2 advarsler (innholdet er gyldig likevel).',
    );
    expect(formatWarnings([unused, unused], 'en', false).split('\n').at(-1)).toBe(
      '2 warnings (the content is valid all the same).',
    );
  });
});

/** Each word of a table called with sample values: its text in a language. */
function wordsOf(table: object): Map<string, string> {
  const samples: Record<string, unknown[]> = {
    kilobytes: [336_793],
    megabytesInParts: [5_300_000, 3],
    sizes: [{ html: '1 KB', js: '2 KB', css: '3 KB', search: '4 KB' }, 107],
    cache: [40, 2],
    cacheNotice: ['no page cache yet: every page is rendered'],
    unchanged: ['2026-12-02 17:19', 'dist/'],
    nextChange: ['2026-12-03 00:00', 'content/x.md'],
    nextChangeEveryBuild: ['content/x.md'],
    started: [40, '812 ms', 'http://127.0.0.1:4321/'],
    watching: [['content/', 'site/']],
    andMore: [['content/a.md', 'content/b.md'], 3],
    problems: [2],
    swapped: [43],
    reloaded: [1],
    problemsFound: [2, true],
    watcherFailed: ['EMFILE'],
    noBrowser: ['http://127.0.0.1:4321/'],
  };
  return new Map(
    Object.entries(table).map(([name, word]) => [
      name,
      typeof word === 'function' ? String(word(...(samples[name] ?? []))) : String(word),
    ]),
  );
}

describe('the words around the problems in two languages', () => {
  test.each([
    ['the summary figures', FIGURE_WORDS],
    ['the dev terminal', DEV_WORDS],
  ] as const)('%s: every word in both, the Norwegian with no English left', (_name, table) => {
    const english = wordsOf(table.en);
    const norwegian = wordsOf(table.nb);
    expect([...norwegian.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [name, text] of norwegian) {
      expect(text, name).toBeTruthy();
      // What the tool prints in both alike: a folder, a URL, a size.
      if (!['kilobytes', 'watcherFailed'].includes(name)) expect(text, name).not.toBe(english.get(name));
      expect(text.replace(/«[^»]*»|clubsite build|Ctrl\+C/g, ''), name).not.toMatch(ENGLISH);
    }
  });

  test('a size is written with a decimal point in English and a decimal comma in Norwegian', () => {
    expect(FIGURE_WORDS.en.kilobytes(336_793)).toBe('328.9 KB');
    expect(FIGURE_WORDS.nb.kilobytes(336_793)).toBe('328,9 KB');
    expect(FIGURE_WORDS.nb.megabytesInParts(5_300_000, 3)).toBe('5,1 MB i 3 deler');
  });

  test('every notice the pipeline gives of the page cache is worded in Norwegian, and English is left as it is', async () => {
    const folder = path.join(projectRoot, 'generator/pipeline');
    const sources = await Promise.all(
      (await readdir(folder))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => readFile(path.join(folder, file), 'utf8')),
    );
    // `notice: '…'` and `notice: \`… ${shown} …\``: a value in a template stands for a folder.
    const notices = sources.flatMap((source) =>
      [...source.matchAll(/notice: (['`])((?:(?!\1).)+)\1/g)].map((match) =>
        (match[2] ?? '').replace(/\$\{[^}]+\}/g, '.clubsite/cache'),
      ),
    );
    expect(notices.length).toBeGreaterThanOrEqual(6);
    for (const notice of notices) {
      expect(FIGURE_WORDS.en.cacheNotice(notice)).toBe(notice);
      const norwegian = FIGURE_WORDS.nb.cacheNotice(notice);
      expect(norwegian, notice).not.toBe(notice);
      expect(norwegian, notice).not.toMatch(ENGLISH);
    }
    expect(FIGURE_WORDS.nb.cacheNotice('a notice of a later version')).toBe('a notice of a later version');
  });
});
