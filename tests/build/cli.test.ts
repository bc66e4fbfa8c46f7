import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { fixtureSite } from '../support/fixture-site.ts';
import { type CliOutcome, runClubsite } from '../support/run-cli.ts';
import { projectRoot } from '../support/site-build.ts';

async function clubsite(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliOutcome> {
  return runClubsite(args, { cwd: options.cwd, env: { ...process.env, CLUBSITE_NOW: '', ...options.env } });
}

/** Every file of a folder with its bytes, for byte-for-byte comparison. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  const contents = await Promise.all(
    files.sort().map(async (file) => [file, (await readFile(path.join(dir, file))).toString('base64')] as const),
  );
  return new Map(contents);
}

describe('clubsite build and check', () => {
  test('build writes the site and prints pages, bytes and time per stage', async () => {
    const dir = await fixtureSite('mini');
    const outcome = await clubsite(['build', '--verbose', '--now', '2025-12-10T18:00'], { cwd: dir });
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^6 pages → public in \d+ ms \(now: 2025-12-10 18:00\)\n/);
    expect(outcome.stdout).toMatch(
      /HTML [\d.]+ KB · JS [\d.]+ KB · CSS [\d.]+ KB · search index [\d.]+ KB gzip \(4 documents\)/,
    );
    expect(outcome.stdout).toMatch(
      /\n {2}site +\d+ ms\n {2}kept files +\d+ ms\n {2}load +\d+ ms\n {2}validate +\d+ ms\n {2}route +\d+ ms\n {2}bundle +\d+ ms\n/,
    );
    expect((await stat(path.join(dir, 'public/om/styret/index.html'))).isFile()).toBe(true);
    expect(outcome.stderr).not.toContain('robots-under-base');
    await rm(dir, { recursive: true, force: true });
  });

  test('under --base, the build warns once that crawlers never read its robots.txt, and names the line for the root one', async () => {
    const dir = await fixtureSite('mini');
    const outcome = await clubsite(['build', '--base', '/klubb/', '--now', '2025-12-10T18:00'], { cwd: dir });
    expect(outcome.code, outcome.stderr).toBe(0);
    const sitemap = /^Sitemap: (.+)$/m.exec(await readFile(path.join(dir, 'public/robots.txt'), 'utf8'))?.[1];
    expect(sitemap).toMatch(/^https:\/\/[^/]+\/klubb\/sitemap\.xml$/);
    expect(outcome.stderr.match(/^⚠ .*\[robots-under-base\]$/gm)).toEqual(['⚠ public/robots.txt  [robots-under-base]']);
    expect(outcome.stderr).toContain('robots.txt is served at /klubb/robots.txt, where crawlers never look');
    expect(outcome.stderr).toContain(`/robots.txt): Sitemap: ${sitemap}\n`);
    expect(outcome.stderr).toMatch(/^1 warning \(the build went on\)\.$/m);
    await rm(dir, { recursive: true, force: true });
  });

  test('a content error exits 1, prints file:line and field, and leaves the last good output folder exactly as it was, by its name', async () => {
    const dir = await fixtureSite('mini');
    expect((await clubsite(['build', '--now', '2025-12-10T18:00'], { cwd: dir })).code).toBe(0);
    const before = await snapshot(path.join(dir, 'public'));
    const beforeTime = (await stat(path.join(dir, 'public/index.html'))).mtimeMs;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'data/events.yaml'), 'events:\n  - title: Autumn meet\n    date: 2025-10-40\n');
    const outcome = await clubsite(['build', '--now', '2025-12-10T18:00'], { cwd: dir });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      '✖ data/events.yaml:3:11  events[0].date  [invalid-field]\n  Expected a date like 2025-12-01, found "2025-10-40".',
    );
    expect(outcome.stderr).toContain('1 problem found; public/ was left as it was.');
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(await snapshot(path.join(dir, 'public'))).toEqual(before);
    expect((await stat(path.join(dir, 'public/index.html'))).mtimeMs).toBe(beforeTime);
    expect((await readdir(dir)).filter((name) => name.startsWith('.public'))).toEqual([]);
    // --out names the folder the message names; check writes nothing, and says nothing of a folder.
    const elsewhere = await clubsite(['build', '--out', 'site-copy', '--now', '2025-12-10T18:00'], { cwd: dir });
    expect(elsewhere.stderr).toContain('1 problem found; site-copy/ was left as it was.');
    const checked = await clubsite(['check', '--now', '2025-12-10T18:00'], { cwd: dir });
    expect(checked.stderr.trim().split('\n').at(-1)).toBe('1 problem found.');
    await rm(dir, { recursive: true, force: true });
  });

  test('check validates without writing anything', async () => {
    const dir = await fixtureSite('mini');
    const outcome = await clubsite(['check'], { cwd: dir });
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain('✔ content is valid');
    await expect(stat(path.join(dir, 'public'))).rejects.toThrow();
    await rm(dir, { recursive: true, force: true });
  });

  test('usage errors exit 2; --help and --version exit 0', async () => {
    const cwd = projectRoot;
    expect((await clubsite(['--version'], { cwd })).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await clubsite(['--help'], { cwd });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('build [options]');
    expect((await clubsite(['bild'], { cwd })).code).toBe(2);
    const badNow = await clubsite(['build', '--now', 'tomorrow'], { cwd });
    expect(badNow.code).toBe(2);
    expect(badNow.stderr).toContain('"tomorrow" is not an ISO 8601 date or time');
    expect((await clubsite(['build', '--base', 'klubb'], { cwd })).code).toBe(2);
  });
});

describe('the same content and clock give the same site', () => {
  test('byte-identical output under TZ=UTC, Pacific/Auckland and Europe/Oslo, and across runs', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'clubsite-tz-'));
    const snapshots = [];
    for (const tz of ['Europe/Oslo', 'UTC', 'Pacific/Auckland', 'Europe/Oslo']) {
      const target = path.join(out, tz.replace('/', '-') + snapshots.length);
      const outcome = await clubsite(['build', '--out', target], {
        cwd: projectRoot,
        env: { TZ: tz, CLUBSITE_NOW: '2025-12-10T23:30:00Z' },
      });
      expect(outcome.code, outcome.stderr).toBe(0);
      snapshots.push(await snapshot(target));
    }
    const [oslo, ...others] = snapshots;
    expect(oslo?.size).toBeGreaterThan(20);
    for (const other of others) expect(other).toEqual(oslo);
    await rm(out, { recursive: true, force: true });
  }, 60_000);
});
