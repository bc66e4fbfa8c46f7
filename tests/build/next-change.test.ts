/**
 * `clubsite next-change`: when the club's site next changes by itself and why, as `build` would
 * write it, without writing anything: no output folder, no page cache, no photo cache (the
 * project's folder is byte for byte the same after it), and fast when a build made the page cache.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { type CliOutcome, runClubsite } from '../support/run-cli.ts';

const POST = 'content/nyheter/2025-12-10-juleavslutning.md';

let project: DevProject;

/** The CLI as a maintainer runs it in the project's folder: no clock, cache or React mode from the test's environment. */
function clubsite(args: string[]): Promise<CliOutcome> {
  const { CLUBSITE_NOW: _, CLUBSITE_CACHE_DIR: _cache, NODE_ENV: _mode, ...env } = process.env;
  // The processed photos inside the project, as the workflow keeps them: their writes would show.
  return runClubsite(args, { cwd: project.root, env: { ...env, CLUBSITE_IMAGE_CACHE: '.clubsite/images' } });
}

/** Every folder, file (its bytes' hash) and link of the project but node_modules (a link to this checkout's). */
async function tree(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const listed = await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const name = path.relative(dir, file);
      if (entry.isDirectory()) return [name, 'folder'] as const;
      if (entry.isSymbolicLink()) return [name, `link to ${await readlink(file)}`] as const;
      return [
        name,
        createHash('sha256')
          .update(await readFile(file))
          .digest('hex'),
      ] as const;
    }),
  );
  return new Map(listed.filter(([name]) => name !== 'node_modules').sort(([a], [b]) => (a < b ? -1 : 1)));
}

beforeAll(async () => {
  project = await copyProject();
  // A post written ahead, at an odd minute: the club's content as it is has none.
  await writeFile(
    project.at(POST),
    '---\ntitle: Juleavslutning i Aquarama\ndescription: Vi avslutter høsten med lek og konkurranser.\ndate: 2025-12-10 18:07\n---\n\nVelkommen til juleavslutning!\n',
  );
});

afterAll(() => project.remove());

describe('clubsite next-change', () => {
  test('prints the next change and why, as the build summary does, and writes nothing, with no caches yet', async () => {
    const before = await tree(project.root);
    const outcome = await clubsite(['next-change', '--now', '2025-12-10T18:00']);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toBe(`neste endring: 2025-12-10 18:07 (${POST})\n`);
    // The photos had to be processed to render the pages that show them: said, and not kept.
    expect(outcome.stderr).toContain(
      'Bilder som ikke lå i bildebufferen, ble behandlet for dette svaret og ikke tatt vare på',
    );
    expect(await tree(project.root)).toEqual(before);
    // From the post's minute on, midnight: today's training and the calendar's door of the day.
    const later = await clubsite(['next-change', '--now', '2025-12-10T18:07']);
    expect(later.stdout).toBe('neste endring: 2025-12-11 00:00 (content/pages/julekalender/2025.yaml)\n');
  }, 60_000);

  test('reads the page cache a build made, renders no page again, and leaves the project as it was', async () => {
    const built = await clubsite(['build', '--now', '2025-12-10T18:00']);
    expect(built.code, built.stderr).toBe(0);
    const before = await tree(project.root);
    const outcome = await clubsite(['next-change', '--now', '2025-12-10T18:00', '--verbose']);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toMatch(
      new RegExp(`^neste endring: 2025-12-10 18:07 \\(${POST}\\)\\n  0 laget på nytt, \\d+ gjenbrukt\\n`),
    );
    expect(outcome.stderr).toBe('');
    expect(await tree(project.root)).toEqual(before);
    // --json: the very object the build wrote into its output.
    const json = await clubsite(['next-change', '--now', '2025-12-10T18:00', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(
      JSON.parse(await readFile(project.at('dist/.clubsite/next-change.json'), 'utf8')),
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      version: 1,
      builtAt: '2025-12-10T17:00:00.000Z',
      nextChange: '2025-12-10T17:07:00.000Z',
      reason: POST,
    });
    // --no-cache renders every page, with the same answer.
    const cold = await clubsite(['next-change', '--now', '2025-12-10T18:00', '--no-cache', '--json']);
    expect(cold.stdout).toBe(json.stdout);
    expect(await tree(project.root)).toEqual(before);
  }, 60_000);

  test('a content error exits 1 with the usual report and writes nothing', async () => {
    const text = await readFile(project.at(POST), 'utf8');
    await writeFile(project.at(POST), text.replace('date: 2025-12-10 18:07', 'date: 2025-12-40 18:07'));
    try {
      const before = await tree(project.root);
      const outcome = await clubsite(['next-change', '--now', '2025-12-10T18:00']);
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toContain(`✖ ${POST}:4:7  date  [invalid-field]`);
      expect(outcome.stderr.trim().split('\n').at(-1)).toBe('1 feil funnet.');
      expect(await tree(project.root)).toEqual(before);
    } finally {
      await writeFile(project.at(POST), text);
    }
  }, 60_000);
});
