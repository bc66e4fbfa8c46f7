import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { searchDocuments } from '../../generator/index/search-index.ts';
import { indexedDocuments, partsOf } from '../support/search-index.ts';
import { buildTestSite, SITES } from '../support/test-sites.ts';

/** A sentence only Fuse.js's own code holds: where it is, Fuse is. */
const FUSE_MARKER = 'Pattern length exceeds max of';
const BUDGET = 30 * 1024;

describe.each(SITES)('the search index of $name', (site) => {
  let result: BuildResult;
  let indexPath: string;
  /** The manifest and every part it names. */
  let parts: string[];
  const search = site.search.route;

  beforeAll(async () => {
    result = await buildTestSite(site, '2025-12-10T18:00');
    indexPath = [...result.files.keys()].find((file) => /^assets\/search-[^/]+\.json$/.test(file)) ?? '';
    parts = [indexPath, ...partsOf(result.files, indexPath)];
  });

  const text = (file: string) => {
    const data = result.files.get(file);
    return typeof data === 'string' ? data : new TextDecoder().decode(data);
  };

  test(`all its parts together stay under ${BUDGET / 1024} KB gzip, and the build summary reports that size`, () => {
    const gzip = parts.reduce((total, file) => total + gzipSync(text(file), { level: 9 }).byteLength, 0);
    expect(gzip).toBeLessThan(BUDGET);
    expect(result.stats.searchIndexGzip).toBe(gzip);
    expect(result.stats.searchDocuments).toBe(indexedDocuments(result.files).length);
    // No search file the manifest does not name.
    expect([...result.files.keys()].filter((file) => /^assets\/search[-/]/.test(file)).sort()).toEqual(
      [...parts].sort(),
    );
  });

  test('holds every indexable page once, and no noindex page, 404 or the search page itself', () => {
    // The site's URLs are its routes with a trailing slash.
    const all = indexedDocuments(result.files).map((document) => document.url.replace(/\/(?=$|#)/, '') || '/');
    expect(all).toHaveLength(searchDocuments(result.pages, (route) => route).length);
    expect(new Set(all).size).toBe(all.length);
    // Parts of pages (route#anchor) belong to indexable pages only.
    const ids = all.filter((id) => !id.includes('#'));
    for (const id of all) expect(ids).toContain(id.split('#')[0]);
    const indexable = result.pages.filter((page) => !page.noindex).map((page) => page.route);
    expect([...ids].sort()).toEqual([...indexable].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('/');
    expect(ids).not.toContain(search);
    expect(ids).not.toContain('/404');
    for (const page of result.pages.filter((page) => page.noindex)) expect(ids).not.toContain(page.route);
  });

  test('every document has a title, a link to its page (and to an element with its anchor there) and text', () => {
    for (const { start, ...document } of indexedDocuments(result.files)) {
      expect(document.title).not.toBe('');
      const [path = '', anchor] = document.url.split('#');
      expect(result.files.has(`${path.replace(/^\//, '')}index.html`)).toBe(true);
      if (anchor !== undefined)
        expect(text(`${path.replace(/^\//, '')}index.html`), document.url).toContain(` id="${anchor}"`);
      expect(start.length).toBeGreaterThan(anchor === undefined ? 10 : 0);
      expect(start).not.toMatch(/\s{2}|<\/?[a-z][^>]*>|\\u003c/);
    }
  });

  test('the search page is a noindex page that links the hashed index, and no other page names it', () => {
    const page = result.pages.find((each) => each.route === search);
    expect(page?.noindex).toBe(true);
    expect(page?.html).toContain(`/${indexPath}`);
    for (const other of result.pages.filter((each) => each.route !== search))
      expect(other.html).not.toContain(indexPath);
  });

  test('Fuse.js is in one script only: the search widget’s chunk, not the shared ones', () => {
    const withFuse = [...result.files.keys()].filter(
      (file) => file.endsWith('.js') && text(file).includes(FUSE_MARKER),
    );
    expect(withFuse).toHaveLength(1);
    expect(withFuse[0]).toMatch(new RegExp(`^assets/chunks/${site.search.island}-[^/]+\\.js$`));
  });

  test('the search page preloads its index (and its widget’s modules when it is React); only it loads the widget', () => {
    const chunk =
      [...result.files.keys()].find((file) => file.startsWith(`assets/chunks/${site.search.island}-`)) ?? 'missing';
    const head = (route: string) =>
      /<head>[\s\S]*<\/head>/.exec(result.pages.find((page) => page.route === route)?.html ?? '')?.[0] ?? '';
    const html = result.pages.find((page) => page.route === search)?.html ?? '';
    expect(html).toContain(`<link rel="preload" href="/${indexPath}" as="fetch" crossorigin="anonymous"/>`);
    if (site.search.react) {
      // A React widget that searches at load: its module and React's are preloaded.
      expect(head(search)).toContain(`<link rel="modulepreload" href="/${chunk}"/>`);
      expect(head(search).match(/rel="modulepreload"/g)?.length).toBeGreaterThan(1);
    } else {
      expect(head(search)).not.toContain('rel="modulepreload"');
      expect(text(chunk)).not.toContain('react.dev/errors');
    }
    for (const page of result.pages.filter((page) => page.route !== search)) expect(page.html).not.toContain(chunk);
  });

  test('two builds give the same index, byte for byte', async () => {
    const again = await buildTestSite(site, '2025-12-10T18:00');
    for (const file of parts) expect(again.files.get(file), file).toBe(result.files.get(file));
  });
});
