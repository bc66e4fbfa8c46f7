import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../generator/build/build.ts';
import { planChanges } from '../../generator/build/change-plan.ts';
import { BuildSession } from '../../generator/build/session.ts';
import { DevBuilder } from '../../generator/dev/dev-builder.ts';
import { allFiles, servedFile } from '../../generator/dev/served-files.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';

const now = '2025-12-10T18:00';
let project: DevProject;
let session: BuildSession;

/**
 * What `clubsite dev` builds: a session's update, with the site module, client bundle and pages
 * of the last build reused, the search index (and what shows it) made when read.
 */
const devBuild = (): Promise<BuildResult> => session.update([]);
const cache = {
  get rendered() {
    return session.counts.rendered;
  },
  get reused() {
    return session.counts.reused;
  },
};

/** What `clubsite build` writes from the same sources (the deferred files made). */
async function expectSameAsFullBuild(result: BuildResult): Promise<void> {
  const full = await build({ root: project.root, now });
  const files = allFiles(result);
  expect([...files.keys()]).toEqual([...full.files.keys()]);
  for (const [file, data] of full.files) {
    const mine = files.get(file);
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
  session = new BuildSession({ root: project.root, contentDir: project.contentDir, now, base: '/' });
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

describe('the dev server makes the search index when it is first read, not on every save', () => {
  test('a save leaves it unmade; reading the search page makes it as build does; a rebuild of the same keeps it', async () => {
    const builder = new DevBuilder({ root: project.root, contentDir: project.contentDir, now, base: '/' });
    const run = async (files: string[]) => {
      const outcome = await builder.run(
        planChanges(files, {
          root: project.root,
          contentDir: project.contentDir,
          siteInputs: new Set(builder.last?.site.inputs),
          clientInputs: new Set(builder.last?.client.inputs),
          devClientInputs: new Set(),
        }),
      );
      if (!outcome.ok) throw new Error(outcome.problems.map((problem) => problem.text).join('\n'));
      return outcome;
    };
    await run([]);
    const first = builder.last as BuildResult;
    expect(first.deferred?.isMade).toBe(false);
    const searchPage = String(servedFile(first, 'search/index.html'));
    const manifest = /href="\/(assets\/search-[^"]+\.json)"/.exec(searchPage)?.[1] ?? '';
    expect(servedFile(first, manifest)).toBeDefined();
    expect(first.deferred?.isMade).toBe(true);

    // Saved as it was: nothing changed, and the index made is kept.
    const same = await run(['content/pages/om.md']);
    expect(same.diff?.changed).toEqual([]);
    expect(builder.last?.deferred?.isMade).toBe(true);

    await edit('content/pages/om.md', (text) => `${text}\nKveldsbadstevnet er nytt.\n`);
    const saved = await run(['content/pages/om.md']);
    expect(saved.diff?.changed).toEqual(['om/index.html']);
    expect(builder.last?.deferred?.isMade).toBe(false);
    expect(servedFile(builder.last as BuildResult, manifest)).toBeUndefined();
    expect(String(servedFile(builder.last as BuildResult, 'search/index.html'))).not.toContain(manifest);
    await expectSameAsFullBuild(builder.last as BuildResult);
  });
});
