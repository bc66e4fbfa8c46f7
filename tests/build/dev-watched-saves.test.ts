import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { BuildSession } from '../../generator/pipeline/session.ts';
import { allFiles } from '../../generator/dev/served-files.ts';
import type { DevProject } from '../support/dev-project.ts';
import { projectOptions } from '../support/outside-project.ts';
import { buildProject, SITES } from '../support/test-sites.ts';

const now = '2025-12-10T18:00';

/**
 * Saves as `clubsite dev` builds them once its watcher watches: each update is told the files the
 * watcher reported, and a save that only edited files listed before is loaded from the last
 * load (load/load-memo.ts). Whatever the save, the output is what `build` writes.
 */
describe.each(SITES)('$name', (site) => {
  let project: DevProject;
  let session: BuildSession;
  const pageFile = `${site.pages}/om.md`;
  const extraFile = `${site.pages}/ekstra-side.md`;

  const save = (...files: string[]): Promise<BuildResult> => session.update(files);
  async function edit(file: string, change: (text: string) => string): Promise<void> {
    await writeFile(project.at(file), change(await readFile(project.at(file), 'utf8')));
  }
  async function expectSameAsFullBuild(result: BuildResult): Promise<void> {
    const full = await buildProject(project.root, { now });
    const files = allFiles(result);
    expect([...files.keys()]).toEqual([...full.files.keys()]);
    // Compared as bytes, and told by name: toEqual walks a buffer element by element (seconds for the admin's 5 MB bundle).
    const differ = [...full.files].filter(
      ([file, data]) => !Buffer.from(files.get(file) ?? '').equals(Buffer.from(data)),
    );
    expect(differ.map(([file]) => file)).toEqual([]);
  }

  beforeAll(async () => {
    project = await site.copy();
    const names = await projectOptions(project.root);
    session = new BuildSession({ ...names, contentDir: project.contentDir, now, base: '/' });
    await session.update([]);
    session.trustWatcher();
  }, 60_000);

  afterAll(() => project?.remove());

  test('a reported edit: that page changes, every other page keeps its bytes', async () => {
    const before = await save();
    await edit(pageFile, (text) => `${text}\nEt avsnitt lagt til mens serveren så på.\n`);
    const after = await save(pageFile);
    expect(String(after.files.get('om/index.html'))).toContain('Et avsnitt lagt til mens serveren så på.');
    const changed = [...after.files.keys()].filter(
      (file) => file.endsWith('.html') && file !== 'om/index.html' && after.files.get(file) !== before.files.get(file),
    );
    // Only what shows the search index (a stand-in until it is read) may differ besides the page.
    expect(changed.filter((file) => !after.deferred?.provisional.has(file))).toEqual([]);
    await expectSameAsFullBuild(after);
  });

  test('an edit the watcher did not report is found by the look after the build, then built', async () => {
    // A file written in the last two seconds has no stamp yet and is read by every save: this one has one.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await save();
    await edit(pageFile, (text) => `${text}\nEn endring ingen meldte.\n`);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const missed = await session.changedOnDisk();
    expect(missed).toContain(project.at(pageFile));
    expect(String((await save(...missed)).files.get('om/index.html'))).toContain('En endring ingen meldte.');
  }, 15_000);

  test('a page added and never reported is found by the look after the build, and built', async () => {
    await writeFile(project.at(extraFile), '---\ntitle: Ekstra\ndescription: En side ingen meldte.\n---\n\nHei.\n');
    const missed = await session.changedOnDisk();
    expect(missed).toContain(project.at(extraFile));
    const result = await save(...missed);
    expect(result.files.has('ekstra-side/index.html')).toBe(true);
    await expectSameAsFullBuild(result);
  });

  test('a reported page removed, and a reported page with a problem then fixed', async () => {
    await rm(project.at(extraFile));
    const gone = await save(extraFile);
    expect(gone.files.has('ekstra-side/index.html')).toBe(false);
    await expectSameAsFullBuild(gone);
    const text = await readFile(project.at(pageFile), 'utf8');
    await writeFile(project.at(pageFile), text.replace(/^title: .*$/m, 'title: [uavsluttet'));
    await expect(save(pageFile)).rejects.toThrow();
    await writeFile(project.at(pageFile), text.replace(/^title: .*$/m, 'title: Rettet tittel'));
    const fixed = await save(pageFile);
    expect(String(fixed.files.get('om/index.html'))).toContain('Rettet tittel');
    await expectSameAsFullBuild(fixed);
  });

  test('a reported image: the output has its new bytes', async () => {
    const image = `${site.content}/${site === SITES[0] ? 'images/forside-kurs.svg' : 'images/logo.svg'}`;
    await edit(image, (text) => text.replace('</svg>', '<!-- lagret på nytt --></svg>'));
    const result = await save(image);
    const published = [...allFiles(result).values()].some((data) =>
      Buffer.from(data).toString('utf8').includes('<!-- lagret på nytt -->'),
    );
    expect(published).toBe(true);
    await expectSameAsFullBuild(result);
  });
});
