// CONTRIBUTING.md's worked example: something made from every rendered page, added in one file
// without touching build(): here a pages.json of every page's address, title and islands.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../generator/pipeline/build.ts';
import type { PageConsumerMaker } from '../../generator/model/pipeline.ts';
import { openOutput } from '../../generator/publish/write-output.ts';
import { buildFixture, fixtureSite, text } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

const pagesList: PageConsumerMaker = ({ urls }) => {
  const pages: Array<{ url: string; title: string; islands: string[] }> = [];
  return {
    take(batch) {
      for (const page of batch.pages)
        pages.push({ url: urls.href(page.route), title: page.title, islands: page.islands });
    },
    files: () => [['pages.json', `${JSON.stringify(pages, null, 2)}\n`]],
  };
};

type Listed = Array<{ url: string; title: string; islands: string[] }>;

describe('a consumer of the rendered pages', () => {
  test('lists every page of the club site with its title and islands, the search page and 404 included', async () => {
    const result = await build({ root: projectRoot, now: '2025-12-10T18:00', consumers: [pagesList] });
    const listed = JSON.parse(text(result, 'pages.json')) as Listed;
    expect(listed.length).toBe(result.pages.length + 1);
    expect(listed.map((page) => page.url)).toEqual(expect.arrayContaining(['/', '/kurs/', '/search/', '/404/']));
    expect(listed.find((page) => page.url === '/kurs/')?.islands).toEqual(['level-finder', 'course-picker']);
    expect(listed.find((page) => page.url === '/treningstider/')?.islands).toEqual(['training-table']);
    expect(listed.find((page) => page.url === '/om/')).toMatchObject({ title: 'Om klubben', islands: [] });
  });

  test('gets the pages that render workers wrote themselves, as it gets those rendered here', async () => {
    const dir = await fixtureSite('mini');
    const here = await buildFixture(dir, { consumers: [pagesList], workers: 1 });
    const output = await openOutput(path.join(dir, 'dist'));
    await buildFixture(dir, { consumers: [pagesList], workers: 2, publisher: output });
    await output.commit();
    expect(await readFile(path.join(dir, 'dist/pages.json'), 'utf8')).toBe(text(here, 'pages.json'));
    expect((JSON.parse(text(here, 'pages.json')) as Listed).map((page) => page.url)).toContain('/om/styret/');
  });
});
