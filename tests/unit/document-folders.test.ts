/** The manifest's runs of documents by folder (generator/index/document-folders.ts), and the ranking they allow. */
import { describe, expect, test } from 'vitest';
import { documentFolders, folderOf } from '../../generator/index/document-folders.ts';
import { buildSearchIndex } from '../../generator/index/search-index.ts';
import type { RenderedPage } from '../../generator/model/rendered.ts';
import { isNewsFolder } from '../../site/logic/site-search.ts';
import { createSearch, parseSearchManifest } from '../../client/browser/search-index.ts';
import { THRESHOLD } from '../../site/logic/search-settings.ts';
import { manifestOf, manifestPathOf, partPath, searchOver } from '../support/search-index.ts';

describe('a URL’s folder', () => {
  test('is the URL without its last part, its anchor and its query', () => {
    expect(folderOf('/nyheter/en-sak/#avsnitt')).toBe('/nyheter/');
    expect(folderOf('/nyheter/en-sak/?q=1')).toBe('/nyheter/');
    expect(folderOf('/kurs/')).toBe('/');
    expect(folderOf('/klubb/nyheter/en-sak/')).toBe('/klubb/nyheter/');
    expect(folderOf('/')).toBe('');
  });

  test('documents in order make one run per change of folder', () => {
    const urls = ['/', '/kurs/', '/kurs/#hval', '/nyheter/a/', '/nyheter/b/#c', '/om/'];
    expect(documentFolders(urls.map((url) => ({ url })))).toEqual([
      [0, ''],
      [1, '/'],
      [3, '/nyheter/'],
      [5, '/'],
    ]);
  });

  test('the club’s news folders are its posts and their theme pages, not its other pages', () => {
    expect(isNewsFolder('/nyheter/')).toBe(true);
    expect(isNewsFolder('/nyheter/tema/')).toBe(true);
    expect(isNewsFolder('/')).toBe(false);
    expect(isNewsFolder('/kurs/')).toBe(false);
  });
});

function page(route: string, title: string, text: string, description = ''): RenderedPage {
  const html = `<main><h1>${title}</h1><p>${text}</p></main>`;
  return {
    route,
    file: `${route.slice(1)}/index.html`,
    title,
    html,
    page: { title, description } as RenderedPage['page'],
    noindex: false,
    searchText: '',
    sections: [],
    securityPolicy: '',
    islands: [],
    assets: [],
    bytes: html.length,
    source: `${route}.md`,
    clock: { from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY },
  };
}

describe('ranking with folders', () => {
  // The post's route sorts first, so document order alone puts it first.
  const files = buildSearchIndex(
    [
      page('/aktuelt/nytt-kurs', 'Nytt kurs i høst', 'Vi starter et kurs i vannet.'),
      page('/kurs', 'Våre kurs for barn', 'Vi har et kurs i vannet.'),
    ],
    (route) => `${route}/`,
  ).files;
  const path = manifestPathOf(files);
  const manifest = parseSearchManifest(manifestOf(files, path));
  const load = async (file: string) => JSON.parse(String(files.get(partPath(path, file))));
  const urls = async (later?: (folder: string) => boolean) =>
    (await createSearch(manifest, load, { threshold: THRESHOLD, ...(later ? { later } : {}) })('kurs', 10)).hits.map(
      (hit) => hit.url,
    );

  test('the manifest holds the runs', () => {
    expect(manifest.folders).toEqual([
      [0, '/aktuelt/'],
      [1, '/'],
    ]);
  });

  test('at an equal match, the documents of a later folder come after the others', async () => {
    expect(await urls()).toEqual(['/aktuelt/nytt-kurs/', '/kurs/']);
    expect(await urls((folder) => folder === '/aktuelt/')).toEqual(['/kurs/', '/aktuelt/nytt-kurs/']);
  });
});

describe('a page’s description', () => {
  test('names the page as its title does: a page described as about «svømmekurs» leads one that mentions them', async () => {
    const files = buildSearchIndex(
      [
        page('/a', 'Om oss', 'Vi har også svømmekurs, og mye annet.'),
        page('/b', 'Svømmeopplæring', 'Barna lærer å svømme.', 'Svømmekurs for barn'),
      ],
      (route) => `${route}/`,
    ).files;
    const { hits } = await searchOver(files).search('svømmekurs', 10);
    expect(hits.map((hit) => hit.url)).toEqual(['/b/', '/a/']);
    // The description is no part of the snippet: that is the page's own text.
    expect(hits[0]?.snippet).toBe('Barna lærer å svømme.…');
  });
});
