/**
 * The club's news on a fixture of 25 posts (the real site's code and content, with
 * content/nyheter replaced): pages of ten and their boundaries, a post dated later hidden at one
 * clock and published at a later one, a draft never published (shown, marked, in dev), tags
 * with Norwegian letters, the sitemap and search, and bad posts reported at their lines.
 */
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildOptions, BuildResult } from '../../generator/pipeline/build.ts';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EMPTY_PLAN } from '../../generator/pipeline/change-plan.ts';
import { DevBuilder } from '../../generator/dev/dev-builder.ts';
import { allFiles, servedFile } from '../../generator/dev/served-files.ts';
import { BuildFailed, formatErrorIn } from '../../generator/errors.ts';
import { fixturePosts, newsContent as contentWith, pad, removeNewsContent } from '../support/news-fixture.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

const NOW = '2025-12-10T18:00';
/** The future post's time has come. */
const LATER = '2025-12-20T09:00';

afterAll(removeNewsContent);

let first: BuildResult;
let contentDir: string;
/** Builds the club site with this test's content, at `now`. */
const build = (now: string, options: Partial<BuildOptions> = {}) => buildSite(now, { contentDir, ...options });

async function problems(posts: Record<string, string>): Promise<string[]> {
  try {
    await build(NOW, { contentDir: await contentWith(posts) });
  } catch (error) {
    if (error instanceof BuildFailed) return error.errors.map((problem) => formatErrorIn(problem, 'nb'));
    throw error;
  }
  throw new Error('expected the build to fail');
}

/** A file as written, or as the dev server serves it (a dev build makes the sitemap and search when read). */
const text = (result: BuildResult, file: string): string => {
  const data = servedFile(result, file);
  if (data === undefined) throw new Error(`no ${file} in the output`);
  return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
};
/** The post titles a list page shows, in order. */
const titles = (html: string) => [...html.matchAll(/class="news-card__title"><a [^>]*>([^<]*)</g)].map((m) => m[1]);
const numbered = (...ns: number[]) => ns.map((n) => `Nyhet nummer ${pad(n)} fra bassenget`);
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
/** Everything the search index files hold, whatever their format. */
const searchText = (result: BuildResult) =>
  [...allFiles(result)]
    .filter(([file]) => /search/.test(file) && file.endsWith('.json'))
    .map(([file]) => text(result, file))
    .join('\n');

beforeAll(async () => {
  contentDir = await contentWith(fixturePosts());
  first = await buildSite(NOW, { contentDir });
}, 120_000);

describe('news lists: newest first, ten a page', () => {
  test('23 published posts make /nyheter, /nyheter/side/2 (10 each) and /nyheter/side/3 (3), and no page 4', () => {
    expect(titles(text(first, 'nyheter/index.html'))).toEqual(numbered(...range(23, 14)));
    expect(titles(text(first, 'nyheter/side/2/index.html'))).toEqual(numbered(...range(13, 4)));
    expect(titles(text(first, 'nyheter/side/3/index.html'))).toEqual(numbered(3, 2, 1));
    expect(first.files.has('nyheter/side/4/index.html')).toBe(false);
    expect(first.files.has('nyheter/side/1/index.html')).toBe(false);
  });

  test('each page names its neighbours with rel="prev"/"next" in its head and its page numbers', () => {
    const page1 = text(first, 'nyheter/index.html');
    const page2 = text(first, 'nyheter/side/2/index.html');
    const page3 = text(first, 'nyheter/side/3/index.html');
    expect(page1).not.toContain('rel="prev"');
    expect(page1).toContain('<link rel="next" href="/nyheter/side/2/"/>');
    expect(page2).toContain('<link rel="prev" href="/nyheter/"/>');
    expect(page2).toContain('<link rel="next" href="/nyheter/side/3/"/>');
    expect(page3).toContain('<link rel="prev" href="/nyheter/side/2/"/>');
    expect(page3).not.toContain('rel="next"');
    expect(page2).toMatch(/<nav class="pagination" aria-label="Sider i nyhetsarkivet">/);
    expect(page2).toContain('href="/nyheter/side/2/" aria-current="page" aria-label="Side 2 av 3, denne siden">2</a>');
    expect(page2).toContain('href="/nyheter/" aria-label="Side 1">1</a>');
    expect(page2).toContain('<title>Nyheter – side 2 – Kristiansand Svømmeallianse</title>');
  });

  test('an entry shows its date in Norwegian, its description, and its picture with its alt text', () => {
    const page3 = text(first, 'nyheter/side/3/index.html');
    expect(page3).toContain('<time dateTime="2025-10-03">3. oktober 2025</time>');
    expect(page3).toContain('Kort om nyhet 03.');
    expect(page3).toMatch(/<img class="news-card__image" src="\/assets\/[^"]*\.svg" alt="Et barn svømmer i bassenget"/);
  });
});

describe('tags, with Norwegian letters', () => {
  test('a tag list at an address in a-z, titled with the tag as written, paged like the rest', () => {
    // Odd posts 1–23: 12 with «svømming».
    expect(titles(text(first, 'nyheter/tema/svomming/index.html'))).toEqual(
      numbered(23, 21, 19, 17, 15, 13, 11, 9, 7, 5),
    );
    expect(titles(text(first, 'nyheter/tema/svomming/side/2/index.html'))).toEqual(numbered(3, 1));
    expect(text(first, 'nyheter/tema/svomming/index.html')).toContain('<h1>Nyheter om svømming');
    expect(titles(text(first, 'nyheter/tema/sjolove/index.html'))).toEqual(numbered(20, 15, 10, 5));
  });

  test('a post links to its tags’ lists, and to the older and newer post', () => {
    const post = text(first, 'nyheter/nyhet-15/index.html');
    expect(post).toContain('<a href="/nyheter/tema/svomming/">svømming</a>');
    expect(post).toContain('<a href="/nyheter/tema/sjolove/">sjøløve</a>');
    expect(post).toContain('<time dateTime="2025-10-15">15. oktober 2025</time>');
    expect(post).toMatch(
      /href="\/nyheter\/nyhet-14\/"><span class="news-post__direction">Eldre nyhet<\/span> Nyhet nummer 14/,
    );
    expect(post).toMatch(
      /href="\/nyheter\/nyhet-16\/"><span class="news-post__direction">Nyere nyhet<\/span> Nyhet nummer 16/,
    );
  });
});

describe('posts written ahead, and drafts', () => {
  test('a post dated later is nowhere until its time: no page, list entry, tag list, sitemap, feed or search entry', () => {
    expect(first.files.has('nyheter/nyhet-25/index.html')).toBe(false);
    expect(first.files.has('nyheter/tema/apen-dag/index.html')).toBe(false);
    expect(text(first, 'sitemap.xml')).not.toContain('nyhet-25');
    expect(text(first, 'nyheter/feed.xml')).not.toContain('nyhet-25');
    expect(text(first, 'index.html')).not.toContain('nyhet-25');
    expect(searchText(first)).not.toContain('Nyhet nummer 25');
  });

  test('at a clock past its date and time it is published everywhere, first in the lists and the feed', async () => {
    const early = await build('2025-12-20T07:59');
    expect(early.files.has('nyheter/nyhet-25/index.html')).toBe(false);
    const later = await build(LATER);
    expect(titles(text(later, 'nyheter/index.html'))).toEqual(numbered(25, ...range(23, 15)));
    expect(titles(text(later, 'nyheter/side/3/index.html'))).toEqual(numbered(4, 3, 2, 1));
    expect(later.files.has('nyheter/nyhet-25/index.html')).toBe(true);
    expect(titles(text(later, 'nyheter/tema/apen-dag/index.html'))).toEqual(numbered(25));
    expect(text(later, 'sitemap.xml')).toContain(
      '<url><loc>https://www.ksa.no/nyheter/nyhet-25/</loc><lastmod>2025-12-20</lastmod></url>',
    );
    expect(text(later, 'nyheter/feed.xml')).toMatch(/<entry>\s*<title>Nyhet nummer 25 fra bassenget<\/title>/);
    expect(text(later, 'nyheter/feed.xml')).toContain('<published>2025-12-20T07:00:00Z</published>');
    expect(searchText(later)).toContain('Nyhet nummer 25');
    // The home page's block: the three newest.
    expect(titles(text(later, 'index.html'))).toEqual(numbered(25, 23, 22));
  }, 60_000);

  test('a draft is never published; `clubsite dev` (drafts) shows it and the later post, marked, and keeps them out of sitemap, feed and search', async () => {
    expect(first.files.has('nyheter/nyhet-24/index.html')).toBe(false);
    expect(first.pages.some((page) => page.route === '/nyheter/nyhet-24')).toBe(false);
    const dev = await build(NOW, { drafts: true });
    expect(text(dev, 'nyheter/nyhet-24/index.html')).toContain('Utkast – ikke publisert');
    expect(text(dev, 'nyheter/nyhet-25/index.html')).toContain(
      'Planlagt – publiseres <time dateTime="2025-12-20T07:00:00.000Z">20. desember 2025 kl. 08.00</time>',
    );
    // Not out yet, so never «Publisert»: the date line is the mark.
    for (const post of ['nyhet-24', 'nyhet-25'])
      expect(text(dev, `nyheter/${post}/index.html`)).not.toContain('Publisert');
    expect(text(dev, 'nyheter/nyhet-23/index.html')).toContain('Publisert <time dateTime="2025-10-23">');
    expect(text(dev, 'nyheter/nyhet-25/index.html')).toContain('<meta name="robots" content="noindex"/>');
    expect(titles(text(dev, 'nyheter/index.html')).slice(0, 2)).toEqual(numbered(25, 24));
    expect(text(dev, 'sitemap.xml')).not.toMatch(/nyhet-2[45]/);
    expect(text(dev, 'nyheter/feed.xml')).not.toMatch(/nyhet-2[45]/);
    // No search document of their own (a neighbour's link may name them while editing).
    expect(searchText(dev)).not.toMatch(/"\/nyheter\/nyhet-2[45]/);
    expect(searchText(dev)).toContain('"/nyheter/nyhet-23/"');
  }, 60_000);
});

test('`clubsite dev` shows a draft marked, and publishes it when the writer removes `draft: true` and saves', async () => {
  const dir = await contentWith(fixturePosts());
  const dev = new DevBuilder({ root: projectRoot, contentDir: dir, now: NOW, base: '/' });
  const before = await dev.run(EMPTY_PLAN);
  if (!before.ok) throw new Error(before.problems.map((problem) => problem.text).join('\n'));
  expect(text(before.result, 'nyheter/nyhet-24/index.html')).toContain('Utkast – ikke publisert');
  const file = path.join(dir, 'nyheter/2025-10-24-nyhet-24.md');
  await writeFile(file, (await readFile(file, 'utf8')).replace('draft: true\n', ''));
  const after = await dev.run({ ...EMPTY_PLAN, files: ['nyheter/2025-10-24-nyhet-24.md'] });
  if (!after.ok) throw new Error(after.problems.map((problem) => problem.text).join('\n'));
  expect(text(after.result, 'nyheter/nyhet-24/index.html')).not.toContain('Utkast');
  expect(text(after.result, 'sitemap.xml')).toContain('/nyheter/nyhet-24/');
  expect(titles(text(after.result, 'nyheter/index.html'))[0]).toBe('Nyhet nummer 25 fra bassenget');
  expect(titles(text(after.result, 'index.html'))).toEqual(numbered(24, 23, 22));
}, 60_000);

describe('the sitemap, the feed and the frame', () => {
  test('every published post is in the sitemap with its lastmod, and lists without', () => {
    const sitemap = text(first, 'sitemap.xml');
    expect(sitemap).toContain(
      '<url><loc>https://www.ksa.no/nyheter/nyhet-07/</loc><lastmod>2025-10-07</lastmod></url>',
    );
    expect(sitemap).toContain('<url><loc>https://www.ksa.no/nyheter/side/2/</loc></url>');
    expect(sitemap.match(/\/nyheter\/nyhet-\d+\//g)).toHaveLength(23);
  });

  test('the feed holds the 20 newest, with absolute addresses, and news pages and the home page link it', () => {
    const feed = text(first, 'nyheter/feed.xml');
    const ids = [...feed.matchAll(/<id>([^<]*)<\/id>/g)].map((m) => m[1]);
    expect(ids[0]).toBe('https://www.ksa.no/nyheter/');
    expect(ids.slice(1)).toEqual(range(23, 4).map((n) => `https://www.ksa.no/nyheter/nyhet-${pad(n)}/`));
    const head =
      '<link rel="alternate" type="application/atom+xml" title="Nyheter – Kristiansand Svømmeallianse" href="/nyheter/feed.xml"/>';
    for (const file of ['index.html', 'nyheter/index.html', 'nyheter/nyhet-01/index.html'])
      expect(text(first, file)).toContain(head);
  });

  test('the home page shows the three newest posts and links to /nyheter; so does every footer', () => {
    const home = text(first, 'index.html');
    expect(titles(home)).toEqual(numbered(23, 22, 21));
    expect(home).toContain('href="/nyheter/">Se alle nyheter</a>');
    expect(text(first, 'kurs/index.html')).toContain('<a href="/nyheter/">Nyheter</a>');
  });
});

test('the news pages with page numbers are valid HTML (html-validate, as valid-html.test.ts)', async () => {
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      'void-style': 'off',
      'attr-case': 'off',
      'attribute-boolean-style': 'off',
      'attribute-empty-style': 'off',
      'doctype-style': 'off',
    },
  });
  const problems: string[] = [];
  for (const file of [
    'nyheter/index.html',
    'nyheter/side/2/index.html',
    'nyheter/tema/svomming/index.html',
    'nyheter/nyhet-03/index.html',
  ]) {
    const report = await validator.validateString(text(first, file), file);
    for (const { messages } of report.results)
      for (const message of messages)
        problems.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
  }
  expect(problems).toEqual([]);
});

describe('mistakes in posts are reported at their file and line', () => {
  test('a date that does not exist, a tag not in the form, a picture without alt, a file name that is not an address', async () => {
    const found = await problems({
      '2025-10-01-dato.md': '---\ntitle: A\ndescription: B\ndate: 2025-02-30\n---\nTekst.\n',
      '2025-10-02-tagg.md': '---\ntitle: A\ndescription: B\ndate: 2025-10-02\ntags: [Svømming]\n---\nTekst.\n',
      '2025-10-03-bilde.md':
        '---\ntitle: A\ndescription: B\ndate: 2025-10-03\nimage: images/forside-kurs.svg\n---\nTekst.\n',
      'Ny nyhet.md': '---\ntitle: A\ndescription: B\ndate: 2025-10-04\n---\nTekst.\n',
    });
    const at = (file: string) => found.find((problem) => problem.includes(`content/nyheter/${file}`)) ?? '';
    expect(at('2025-10-01-dato.md')).toMatch(
      /2025-10-01-dato\.md:4:7 {2}date {2}\[invalid-field\]\n {2}Her skal det stå en dato som finnes/,
    );
    expect(at('2025-10-02-tagg.md')).toMatch(
      /2025-10-02-tagg\.md:5:8 {2}tags\[0\] {2}\[invalid-field\]\n {2}Her skal det stå et emne med små bokstaver/,
    );
    expect(at('2025-10-03-bilde.md')).toMatch(
      /2025-10-03-bilde\.md:\d+:\d+ {2}alt {2}\[invalid-field\]\n {2}Feltet «alt» mangler: en nyhet med «image» trenger det\.\n/,
    );
    expect(at('Ny nyhet.md')).toMatch(
      /Ny nyhet\.md {2}\[bad-file-name\]\n.*\n {2}Tips: Gi filen et navn som 2025-11-20-pamelding-varkurs\.md/,
    );
  }, 60_000);

  test('two posts claiming one address', async () => {
    const post = '---\ntitle: A\ndescription: B\ndate: 2025-10-04\n---\nTekst.\n';
    const found = await problems({ '2025-10-04-samme.md': post, '2025-10-05-samme.md': post });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /content\/nyheter\/2025-10-04-samme\.md:1:1 {2}\[duplicate-route\]\n {2}To filer lager siden \/nyheter\/samme: .*2025-10-05-samme\.md og .*2025-10-04-samme\.md\./,
    );
  }, 60_000);

  test('a picture that is not there, once, at its line in the post (not on each list that shows it)', async () => {
    const posts = fixturePosts();
    posts['2025-10-03-nyhet-03.md'] =
      posts['2025-10-03-nyhet-03.md']?.replace('forside-kurs.svg', 'finnes-ikke.svg') ?? '';
    const found = await problems(posts);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /content\/nyheter\/2025-10-03-nyhet-03\.md:6:8 {2}\[missing-asset\]\n {2}Filen \S*content\/images\/finnes-ikke\.svg finnes ikke\./,
    );
  }, 60_000);

  test('a broken link inside a post, at its line', async () => {
    const posts = fixturePosts();
    posts['2025-10-07-nyhet-07.md'] = `${posts['2025-10-07-nyhet-07.md']}\nMer i [arkivet](/nyheter/arkiv).\n`;
    const found = await problems(posts);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /content\/nyheter\/2025-10-07-nyhet-07\.md:10:17 {2}\[broken-link\]\n {2}Lenken til \/nyheter\/arkiv fører ingen steder/,
    );
  }, 60_000);
});
