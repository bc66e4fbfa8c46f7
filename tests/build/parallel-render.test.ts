/**
 * Rendering on worker threads gives the same site as rendering in one thread, and a large site's
 * mistakes are told as a small one's: once each, with file and line. Speed is the benchmark's
 * business (`npm run bench -- scale N`), not these tests'.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../generator/cli.ts';
import { formatError } from '../../generator/errors.ts';
import { BUILD_MARKER } from '../../generator/publish/build-marker.ts';
import { buildErrors } from '../support/fixture-site.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { projectRoot } from '../support/site-build.ts';
import { buildProject, SITES } from '../support/test-sites.ts';
import { SYNTHETIC_FOLDER, syntheticName, syntheticPage, writeSyntheticPages } from '../bench/synthetic-pages.ts';
import { treeOf } from '../support/output-tree.ts';

describe.each(SITES)('$name built with and without worker threads', (site) => {
  let project: DevProject;
  const outs: string[] = [];
  beforeAll(async () => {
    project = await site.copy();
  });
  afterAll(() => Promise.all([project?.remove(), ...outs.map((dir) => rm(dir, { recursive: true, force: true }))]));

  test('is byte for byte the same with --workers 1, --workers 3 and the default, and as a build kept in memory', {
    timeout: 120_000,
  }, async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const built: Array<Map<string, Buffer>> = [];
    for (const flags of [['--workers', '1'], ['--workers', '3'], []]) {
      const out = await mkdtemp(path.join(os.tmpdir(), 'clubsite-workers-'));
      outs.push(out);
      const args = ['build', '--out', out, '--force', '--now', '2025-12-10T18:00', ...flags];
      expect(await main(args, project.root)).toBe(0);
      built.push(await treeOf(out));
    }
    const [one, three, byDefault] = built;
    expect(one?.size).toBeGreaterThan(10);
    expect([...(three?.keys() ?? [])]).toEqual([...(one?.keys() ?? [])]);
    expect([...(byDefault?.keys() ?? [])]).toEqual([...(one?.keys() ?? [])]);
    for (const [file, bytes] of one ?? []) {
      expect(three?.get(file)?.equals(bytes), file).toBe(true);
      expect(byDefault?.get(file)?.equals(bytes), file).toBe(true);
    }
    // Written, the search index's parts go to the disk as they are made, into a folder renamed once
    // they are all made: the same files as a build kept in memory, and nothing else.
    const { files } = await buildProject(project.root, { now: '2025-12-10T18:00' });
    const onDisk = [...(one?.keys() ?? [])].filter((file) => file !== BUILD_MARKER);
    expect(onDisk.sort()).toEqual([...files.keys()].sort());
    for (const [file, data] of files) expect(one?.get(file)?.equals(Buffer.from(data)), file).toBe(true);
    expect(onDisk.filter((file) => file.startsWith('assets/search/')).length).toBeGreaterThan(1);
    vi.restoreAllMocks();
  });
});

describe('a mistake in a news post that a list page shows', () => {
  let project: DevProject;
  afterAll(() => project?.remove());

  test('is traced to the post, at its line, with workers as without', { timeout: 120_000 }, async () => {
    project = await copyProject(projectRoot);
    const post = path.join(project.contentDir, 'nyheter/2025-09-01-pamelding-svommekurs.md');
    const text = await readFile(post, 'utf8');
    await writeFile(post, text.replace('image: images/forside-kurs.svg', 'image: images/finnes-ikke.svg'));
    const told = async (workers: number) =>
      (await buildErrors(project.root, { workers, now: '2025-12-10T18:00' })).map(formatError);
    const one = await told(1);
    expect(one.length).toBeGreaterThan(0);
    for (const error of one) expect(error).toMatch(/^✖ content\/nyheter\/2025-09-01-pamelding-svommekurs\.md:6:/);
    expect(await told(3)).toEqual(one);
  });
});

describe('a site of 2,000 pages', () => {
  const COUNT = 2000;
  let project: DevProject;
  const pages = () => path.join(project.contentDir, 'pages');
  const file = (index: number) => path.join(pages(), SYNTHETIC_FOLDER, `${syntheticName(index)}.md`);
  const shown = (index: number) => `content/pages/${SYNTHETIC_FOLDER}/${syntheticName(index)}.md`;

  let parent: string;

  beforeAll(async () => {
    project = await copyProject(projectRoot);
    await writeSyntheticPages(pages(), COUNT);
    parent = await mkdtemp(path.join(os.tmpdir(), 'clubsite-workers-large-'));
  }, 120_000);
  afterAll(() => Promise.all([project?.remove(), parent && rm(parent, { recursive: true, force: true })]));

  /**
   * The site built into dist-workers-1 and dist-workers-2 with as many render workers, once for
   * the two tests that read it (by default a site this size renders in one thread, as with 1).
   */
  type Tree = Map<string, Buffer>;
  let built: Promise<[Tree, Tree]> | undefined;
  const builtTwice = () => {
    built ??= (async () => {
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        const withWorkers = async (workers: string) => {
          const out = path.join(parent, `dist-workers-${workers}`);
          const args = ['build', '--out', out, '--now', '2025-12-10T18:00', '--workers', workers];
          expect(await main(args, project.root)).toBe(0);
          return treeOf(out);
        };
        return [await withWorkers('1'), await withWorkers('2')];
      } finally {
        vi.restoreAllMocks();
      }
    })();
    return built;
  };

  // On two render workers: a site this size renders in one thread by default (build.ts, WORKER_PAGES).
  const errors = async () => (await buildErrors(project.root, { workers: 2 })).map(formatError);

  test('tells a bad front matter field once, at its line', { timeout: 120_000 }, async () => {
    const text = syntheticPage(1700, COUNT);
    await writeFile(file(1700), text.replace('---\ntitle:', '---\ntittel: Feil\ntitle:'));
    try {
      const found = await errors();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^✖ ${shown(1700)}:2:1  tittel  \\[`));
    } finally {
      await writeFile(file(1700), text);
    }
  });

  test('tells a route made by two files once, at the second file', { timeout: 120_000 }, async () => {
    const twin = path.join(pages(), SYNTHETIC_FOLDER, syntheticName(500), 'index.md');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.dirname(twin), { recursive: true });
    await writeFile(twin, syntheticPage(500, COUNT));
    try {
      const found = await errors();
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(`:1:1  [duplicate-route]`);
      expect(found[0]).toContain(`Two files make the page /${SYNTHETIC_FOLDER}/${syntheticName(500)}`);
    } finally {
      await rm(path.dirname(twin), { recursive: true, force: true });
    }
  });

  test('tells a broken link once, at its line and column, rendered on workers', { timeout: 300_000 }, async () => {
    const text = syntheticPage(1234, COUNT);
    const line = `Se også [siden som mangler](/${SYNTHETIC_FOLDER}/finnes-ikke).`;
    const broken = `${text}\n${line}\n`;
    await writeFile(file(1234), broken);
    try {
      const found = await errors();
      const at = broken.split('\n').indexOf(line) + 1;
      expect(found).toEqual([
        [
          `✖ ${shown(1234)}:${at}:${line.indexOf('/') + 1}  [broken-link]`,
          `  The link to /${SYNTHETIC_FOLDER}/finnes-ikke goes nowhere: no page has that address.`,
          '  Hint: Correct the address, add the page under content/pages/, or add a redirect in content/site.yaml.',
        ].join('\n'),
      ]);
    } finally {
      await writeFile(file(1234), text);
    }
  });

  test('is byte for byte the same with --workers 1 and --workers 2, search index included', {
    timeout: 300_000,
  }, async () => {
    const [one, two] = await builtTwice();
    expect([...one.keys()].filter((file) => file.includes('/search/')).length).toBeGreaterThan(100);
    expect([...two.keys()]).toEqual([...one.keys()]);
    for (const [file, bytes] of one) expect(two.get(file)?.equals(bytes), file).toBe(true);
  });

  test('written as rendered, yet a mistake found on the last pages leaves the last good dist/ as it was', {
    timeout: 300_000,
  }, async () => {
    const [good] = await builtTwice();
    expect(good.size).toBeGreaterThan(COUNT);
    const out = path.join(parent, 'dist-workers-1');
    const beside = await readdir(parent);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const text = syntheticPage(COUNT - 1, COUNT);
    try {
      // The last synthetic page in route order: the 1,999 before it are written before its broken link is found.
      await writeFile(
        file(COUNT - 1),
        `${text}
Se [siden som mangler](/${SYNTHETIC_FOLDER}/finnes-ikke).\n`,
      );
      expect(await main(['build', '--out', out, '--now', '2025-12-10T18:00'], project.root)).toBe(1);
      const after = await treeOf(out);
      expect([...after.keys()]).toEqual([...good.keys()]);
      for (const [name, bytes] of good) expect(after.get(name)?.equals(bytes), name).toBe(true);
      // Nothing half-written is left beside it.
      expect(await readdir(parent)).toEqual(beside);
    } finally {
      await writeFile(file(COUNT - 1), text);
      vi.restoreAllMocks();
    }
  });
});
