import { readFile, rm, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { planChanges } from '../../generator/pipeline/change-plan.ts';
import { BuildSession } from '../../generator/pipeline/session.ts';
import { DevBuilder } from '../../generator/dev/dev-builder.ts';
import { allFiles, servedFile } from '../../generator/dev/served-files.ts';
import type { DevProject } from '../support/dev-project.ts';
import { projectOptions } from '../support/outside-project.ts';
import { buildProject, CLUB, MINI, SITES } from '../support/test-sites.ts';

const now = '2025-12-10T18:00';

/** Per site: a page with a body, the title it has, a collection every page shows, and an image a page shows. */
const EDITS = {
  [CLUB.name]: {
    page: 'om',
    title: ['title: Om klubben', 'title: Om oss'],
    collection: ['menu.yaml', 'label: Treningstider', 'label: Når vi trener', 'Når vi trener'],
    image: 'images/forside-kurs.svg',
  },
  [MINI.name]: {
    page: 'om',
    title: ['title: About', 'title: About us'],
    collection: ['site.yaml', 'name: Mini', 'name: Mini club', ' | Mini club</title>'],
    image: 'images/logo.svg',
  },
};

describe.each(SITES)('$name', (site) => {
  let project: DevProject;
  let session: BuildSession;
  const { page, title, collection, image } = EDITS[site.name]!;
  const pageFile = `${site.pages}/${page}.md`;
  const names = () => projectOptions(project.root);

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
  async function expectSameAsFullBuild(result: BuildResult, at = now): Promise<void> {
    const full = await buildProject(project.root, { now: at });
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
    project = await site.copy();
    session = new BuildSession({ ...(await names()), contentDir: project.contentDir, now, base: '/' });
    await devBuild();
  }, 60_000);

  afterAll(() => project?.remove());

  describe('the dev server renders only what a save changed, and writes what build writes', () => {
    test('a page body: that page (and the pages that show the search index) is rendered, the rest reused', async () => {
      await edit(pageFile, (text) => `${text}\nEt nytt avsnitt om klubben.\n`);
      const result = await devBuild();
      expect(cache.rendered).toBeLessThanOrEqual(3);
      expect(cache.reused).toBeGreaterThan(2);
      expect(String(result.files.get(`${page}/index.html`))).toContain('Et nytt avsnitt om klubben.');
      await expectSameAsFullBuild(result);
    });

    test('a page title: the page and the pages that show its title are rendered, the rest reused', async () => {
      await edit(pageFile, (text) => text.replace(title[0]!, title[1]!));
      const result = await devBuild();
      expect(cache.rendered).toBeGreaterThanOrEqual(1);
      expect(cache.reused).toBeGreaterThan(cache.rendered);
      expect(String(result.files.get(`${page}/index.html`))).toContain(title[1]!.replace('title: ', ''));
      await expectSameAsFullBuild(result);
    });

    test('a collection every page shows: every page is rendered again', async () => {
      const [file, from, to, shown] = collection;
      await edit(`${site.content}/${file}`, (text) => text.replace(from!, to!));
      const result = await devBuild();
      expect(cache.reused).toBe(0);
      expect(String(result.files.get(`${page}/index.html`))).toContain(shown);
      await devBuild();
      expect(cache.reused).toBeGreaterThan(2);
      await expectSameAsFullBuild(result);
    });

    test('an image a page shows: the page is rendered with the new image', async () => {
      await edit(`${site.content}/${image}`, (text) => text.replace('</svg>', '<!-- endret --></svg>'));
      const result = await devBuild();
      expect(cache.rendered).toBeGreaterThanOrEqual(1);
      await expectSameAsFullBuild(result);
    });

    test('a new page appears, and is gone again when deleted', async () => {
      const extra = project.at(`${site.pages}/ekstra.md`);
      await writeFile(extra, '---\ntitle: Ekstra\ndescription: En side som kommer og går.\n---\n\nHei.\n');
      expect((await devBuild()).files.has('ekstra/index.html')).toBe(true);
      await rm(extra);
      const result = await devBuild();
      expect(result.files.has('ekstra/index.html')).toBe(false);
      await expectSameAsFullBuild(result);
    });
  });

  describe.runIf(site === CLUB)('the dev server and the clock', () => {
    test('a minute later renders nothing again; midnight renders only the pages that show the date', async () => {
      let at = Date.parse('2025-12-10T17:00:00Z'); // 18:00 in Oslo
      const options = { ...(await names()), now: undefined, contentDir: project.contentDir, base: '/' };
      const dev = new BuildSession({ ...options, clock: () => at });
      const first = await dev.update([]);
      const pages = dev.counts.rendered;
      at += 60_000;
      await dev.update([]);
      expect(dev.counts).toEqual({ rendered: 0, reused: pages });
      at = Date.parse('2025-12-10T23:00:30Z'); // half a minute past midnight in Oslo
      const midnight = await dev.update([]);
      expect(dev.counts.rendered).toBeGreaterThan(0);
      expect(dev.counts.rendered).toBeLessThan(pages / 2);
      expect(midnight.files.get('julekalender/2025/index.html')).not.toBe(
        first.files.get('julekalender/2025/index.html'),
      );
      await expectSameAsFullBuild(midnight, '2025-12-11T00:00');
    });
  });

  describe.runIf(site === CLUB)('the dev server and photos', () => {
    test('a photo replaced by another: its variants, and the pages that show it, are what build makes', async () => {
      const photo = `${site.content}/images/skagerrak-swim-bassenget.jpg`;
      const variants = (result: BuildResult) =>
        [...result.files.keys()].filter((file) => file.includes('skagerrak-swim-bassenget-'));
      const before = await devBuild();
      const other = { width: 900, height: 600, channels: 3 as const, background: '#336699' };
      await writeFile(project.at(photo), await sharp({ create: other }).jpeg().toBuffer());
      const result = await devBuild();
      expect(cache.rendered).toBeGreaterThanOrEqual(1);
      expect(variants(result)).not.toEqual(variants(before));
      await expectSameAsFullBuild(result);
      // Saved again as it is: the photo's variants are the ones just made.
      expect(variants(await devBuild())).toEqual(variants(result));
    }, 60_000);
  });

  describe('the dev server makes the search index when it is first read, not on every save', () => {
    test('a save leaves it unmade; reading the search page makes it as build does; a rebuild of the same keeps it', async () => {
      const builder = new DevBuilder({ ...(await names()), contentDir: project.contentDir, now, base: '/' });
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
      const searchPage = `${site.search.route.slice(1)}/index.html`;
      await run([]);
      const first = builder.last as BuildResult;
      expect(first.deferred?.isMade).toBe(false);
      const manifest = /"\/(assets\/search-[^"]+\.json)"/.exec(String(servedFile(first, searchPage)))?.[1] ?? '';
      expect(servedFile(first, manifest)).toBeDefined();
      expect(first.deferred?.isMade).toBe(true);

      // Saved as it was: nothing changed, and the index made is kept.
      const same = await run([pageFile]);
      expect(same.diff?.changed).toEqual([]);
      expect(builder.last?.deferred?.isMade).toBe(true);

      await edit(pageFile, (text) => `${text}\nKveldsbadstevnet er nytt.\n`);
      const saved = await run([pageFile]);
      expect(saved.diff?.changed).toEqual([`${page}/index.html`]);
      expect(builder.last?.deferred?.isMade).toBe(false);
      expect(servedFile(builder.last as BuildResult, manifest)).toBeUndefined();
      expect(String(servedFile(builder.last as BuildResult, searchPage))).not.toContain(manifest);
      await expectSameAsFullBuild(builder.last as BuildResult);
    });
  });
});
