import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../generator/build.ts';
import type { PageCache } from '../../generator/load/load-content.ts';
import { RenderCache } from '../../generator/render/render-cache.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';

const now = '2025-12-10T18:00';
let project: DevProject;
let cache: RenderCache;
let parsed: PageCache;
let last: BuildResult;

/** What `clubsite dev` builds: site module, client bundle and pages of the last build reused. */
async function devBuild(): Promise<BuildResult> {
  last = await build({
    root: project.root,
    now,
    reuse: { site: last?.site, client: last?.client, parsed, rendered: cache },
  });
  return last;
}

/** What `clubsite build` writes from the same sources. */
async function expectSameAsFullBuild(result: BuildResult): Promise<void> {
  const full = await build({ root: project.root, now });
  expect([...result.files.keys()]).toEqual([...full.files.keys()]);
  for (const [file, data] of full.files) {
    const mine = result.files.get(file);
    expect(typeof mine === 'string' ? mine : Buffer.from(mine ?? []).toString('base64'), file).toBe(
      typeof data === 'string' ? data : Buffer.from(data).toString('base64'),
    );
  }
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(project.at(file), change(await readFile(project.at(file), 'utf8')));
}

beforeAll(async () => {
  project = await copyProject();
  cache = new RenderCache();
  parsed = new Map();
  await devBuild();
}, 60_000);

afterAll(() => project?.remove());

describe('the dev server renders only what a save changed, and writes what build writes', () => {
  test('a page body: that page (and the pages that show the search index) is rendered, the rest reused', async () => {
    await edit('content/pages/om.md', (text) => `${text}\nEt nytt avsnitt om klubben.\n`);
    const result = await devBuild();
    expect(cache.rendered).toBeLessThanOrEqual(3);
    expect(cache.reused).toBeGreaterThan(10);
    expect(String(result.files.get('om/index.html'))).toContain('Et nytt avsnitt om klubben.');
    await expectSameAsFullBuild(result);
  });

  test('a page title: every page is rendered again (menus and listings show titles)', async () => {
    await edit('content/pages/om.md', (text) => text.replace('title: Om klubben', 'title: Om oss'));
    const result = await devBuild();
    expect(cache.reused).toBe(0);
    await expectSameAsFullBuild(result);
  });

  test('a collection (menu.yaml): every page is rendered again', async () => {
    await edit('content/menu.yaml', (text) => text.replace('label: Treningstider', 'label: Når vi trener'));
    const result = await devBuild();
    expect(cache.reused).toBe(0);
    expect(String(result.files.get('om/index.html'))).toContain('Når vi trener');
    await devBuild();
    expect(cache.reused).toBeGreaterThan(10);
    await expectSameAsFullBuild(result);
  });

  test('an image a page shows: the page is rendered with the new image', async () => {
    await edit('content/images/forside-kurs.svg', (text) => text.replace('</svg>', '<!-- endret --></svg>'));
    const result = await devBuild();
    expect(cache.rendered).toBeGreaterThanOrEqual(1);
    await expectSameAsFullBuild(result);
  });

  test('a new page appears, and is gone again when deleted', async () => {
    await writeFile(
      project.at('content/pages/ekstra.md'),
      '---\ntitle: Ekstra\ndescription: En side som kommer og går.\n---\n\nHei.\n',
    );
    expect((await devBuild()).files.has('ekstra/index.html')).toBe(true);
    await rm(project.at('content/pages/ekstra.md'));
    const result = await devBuild();
    expect(result.files.has('ekstra/index.html')).toBe(false);
    await expectSameAsFullBuild(result);
  });
});
