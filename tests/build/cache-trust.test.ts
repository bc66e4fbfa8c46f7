/**
 * The build cache is believed only when it can be (issue 43), on real files with the real CLI:
 * every file the cache writes, with bits flipped, cut short, swapped for another site's or
 * edited keeping its size, gives output byte-identical to a `--no-cache` build, and code planted
 * in the kept site code never runs; an edit of a published file never reaches a later build;
 * `--cache-dir` is refused where it could delete or publish what is not the cache's; a cache
 * the disk refuses is one warning, exit 0.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { beforeAll, describe, expect, test } from 'vitest';
import { aged, fixtureSite } from '../support/fixture-site.ts';
import { differences } from '../support/output-tree.ts';
import { buildIn } from '../support/run-cli.ts';

let dir: string;
let other: string;
/** The output of a build without a cache: what every build below must make. */
let cold: string;

const cacheOf = (site: string) => path.join(site, '.clubsite/cache');

async function built(site: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const run = await buildIn(site, args);
  expect(run.code, run.stderr).toBe(0);
  return run;
}

/** Every file under `folder`, relative, the marker left out. */
function filesIn(folder: string, under = ''): string[] {
  return readdirSync(path.join(folder, under), { withFileTypes: true }).flatMap((entry) => {
    const name = path.posix.join(under, entry.name);
    if (entry.isDirectory()) return filesIn(folder, name);
    return name === 'CACHEDIR.TAG' ? [] : [name];
  });
}

/** A small generator of numbers from a seed: the same flips every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeAll(async () => {
  dir = await fixtureSite('mini');
  // Another site: the same fixture with other words on its home page, so its cache files differ.
  other = await fixtureSite('mini');
  const otherIndex = path.join(other, 'data/routes/index.md');
  writeFileSync(otherIndex, `${readFileSync(otherIndex, 'utf8')}\nEn annen side.\n`);
  // As a volunteer left them: the site code of files written just now is not kept.
  await Promise.all([aged(dir), aged(other)]);
  cold = path.join(dir, 'cold');
  await built(dir, '--no-cache', '--out', cold);
  await built(dir, '--out', 'public');
  await built(other, '--out', 'public');
}, 120_000);

describe('a cache that cannot be trusted is a miss, never a published byte', () => {
  const kinds = ['flip', 'cut', 'swap', 'same size'] as const;

  test('every file it writes, flipped, cut short, swapped or edited in place: the output is a cold build', async () => {
    const pristine = path.join(dir, 'pristine-cache');
    await cp(cacheOf(dir), pristine, { recursive: true });
    const files = filesIn(pristine).filter((file) => !file.startsWith('trash/'));
    expect(files).toEqual(expect.arrayContaining(['pages.bin', 'sources.bin', 'site-code.bin', 'client-code.bin']));
    const random = seeded(43);
    const problems: string[] = [];
    for (const [at, file] of files.entries()) {
      // Every file gets one kind of damage (in turn), the page cache's own files every kind.
      const shown = ['pages.bin', 'sources.bin', 'site-code.bin'].includes(file)
        ? kinds
        : [kinds[at % kinds.length] ?? 'flip'];
      for (const kind of shown) {
        await rm(cacheOf(dir), { recursive: true, force: true });
        await cp(pristine, cacheOf(dir), { recursive: true });
        const target = path.join(cacheOf(dir), file);
        const bytes = readFileSync(target);
        if (kind === 'flip') {
          for (let flips = 0; flips < 3; flips += 1) {
            const byte = Math.floor(random() * bytes.length);
            bytes[byte] = (bytes[byte] as number) ^ (1 << Math.floor(random() * 8));
          }
          writeFileSync(target, bytes);
        } else if (kind === 'cut') writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length * random())));
        else if (kind === 'swap') {
          const theirs = path.join(cacheOf(other), file);
          const swapped = existsSync(theirs) ? theirs : path.join(cacheOf(other), filesIn(cacheOf(other))[0] as string);
          writeFileSync(target, readFileSync(swapped));
        } else {
          // Same size: a letter changed, as a hand (or a post-processor) would.
          const at = bytes.indexOf('<p>') > 0 ? bytes.indexOf('<p>') + 3 : Math.floor(bytes.length / 2);
          bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
          writeFileSync(target, bytes);
        }
        await rm(path.join(cacheOf(dir), 'last-build.json'), { force: true });
        const out = `out-${at}-${kind.replace(' ', '-')}`;
        const run = await buildIn(dir, ['--out', out]);
        if (run.code !== 0) problems.push(`${file} (${kind}): exit ${run.code}: ${run.stderr}`);
        else {
          const differ = await differences(cold, path.join(dir, out));
          if (differ.length > 0) problems.push(`${file} (${kind}): ${differ.join(', ')}`);
        }
        await rm(path.join(dir, out), { recursive: true, force: true });
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  test('code planted in the kept site code never runs', async () => {
    await built(dir, '--out', 'public');
    const file = path.join(cacheOf(dir), 'site-code.bin');
    const bytes = readFileSync(file);
    const trailer = bytes.subarray(bytes.length - 49);
    const kept = v8.deserialize(bytes.subarray(0, bytes.length - 49)) as Record<string, unknown>;
    const marker = path.join(dir, 'planted-ran');
    const planted = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`;
    // Prepended to the largest string in it (the bundled code), the seal left as it was.
    const plant = (value: unknown): unknown => {
      if (typeof value === 'string' && value.length > 1000) return planted + value;
      if (Array.isArray(value)) return value.map(plant);
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plant(inner)]));
      return value;
    };
    writeFileSync(file, Buffer.concat([v8.serialize(plant(kept)), trailer]));
    await rm(path.join(cacheOf(dir), 'last-build.json'), { force: true });
    await built(dir, '--out', 'planted');
    expect(existsSync(marker)).toBe(false);
    expect(await differences(cold, path.join(dir, 'planted'))).toEqual([]);
  }, 120_000);
});

test('an edit of a published file never reaches a later build', async () => {
  await built(dir, '--out', 'public');
  const page = path.join(dir, 'public/index.html');
  const html = readFileSync(page, 'utf8');
  // The same size, a letter changed: the file the cache keeps is another inode and stays as it was.
  writeFileSync(page, html.replace('<p>', '<q>'));
  expect(statSync(page).nlink).toBe(1);
  await rm(path.join(cacheOf(dir), 'last-build.json'), { force: true });
  await built(dir, '--out', 'public');
  await rm(path.join(cacheOf(dir), 'last-build.json'), { force: true });
  await built(dir, '--out', 'public');
  expect(await differences(cold, path.join(dir, 'public'))).toEqual([]);
}, 120_000);

describe('--cache-dir is refused where it is not the cache’s own', () => {
  const refused = async (cacheDir: string, env: Record<string, string> = {}) => {
    const before = existsSync(cacheDir) ? filesIn(cacheDir).length : undefined;
    const run = await buildIn(dir, ['--out', 'public', '--cache-dir', cacheDir], undefined, env);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`--cache-dir ${cacheDir}`);
    if (before !== undefined) expect(filesIn(cacheDir)).toHaveLength(before);
  };

  test('a folder with files it did not make', async () => {
    const foreign = await mkdtemp(path.join(os.tmpdir(), 'clubsite-foreign-'));
    writeFileSync(path.join(foreign, 'index.html'), '<p>someone else’s</p>\n');
    await refused(foreign);
    expect(readFileSync(path.join(foreign, 'index.html'), 'utf8')).toBe('<p>someone else’s</p>\n');
  });

  test('/etc, a home folder, inside --out', async () => {
    await refused('/etc');
    const home = await mkdtemp(path.join(os.tmpdir(), 'clubsite-home-'));
    await refused(home, { HOME: home });
    await refused(path.join(dir, 'public/cache'));
    expect(existsSync(path.join(dir, 'public/cache'))).toBe(false);
  });

  test('an old cache without the marker is taken over, in one line and a cold build', async () => {
    const old = await mkdtemp(path.join(os.tmpdir(), 'clubsite-old-cache-'));
    writeFileSync(path.join(old, 'pages.bin'), 'an old page cache');
    const run = await built(dir, '--out', 'old-out', '--cache-dir', old);
    expect(run.stdout).toContain('was taken over');
    expect(readdirSync(old)).toContain('CACHEDIR.TAG');
    expect(await differences(cold, path.join(dir, 'old-out'))).toEqual([]);
  }, 60_000);
});

describe('a cache the disk refuses is one warning, and the site is built', () => {
  test('a file where the cache folder goes', async () => {
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, 'a file\n');
    const run = await built(dir, '--out', 'fault-file', '--cache-dir', file);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('could not be used');
    expect(await differences(cold, path.join(dir, 'fault-file'))).toEqual([]);
  }, 60_000);

  // A small tmpfs, full, then read-only: needs the right to mount (root in the test container).
  const mounts = (() => {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
    const probe = path.join(os.tmpdir(), `clubsite-mount-probe-${process.pid}`);
    mkdirSync(probe, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
      execFileSync('umount', [probe], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  test.skipIf(!mounts)(
    'a full disk, and a read-only one',
    async () => {
      const small = await mkdtemp(path.join(os.tmpdir(), 'clubsite-small-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', small]);
      try {
        const full = await built(dir, '--out', 'fault-full', '--cache-dir', small);
        expect(full.stderr).toContain('could not be used');
        expect(full.stderr.trim().split('\n')).toHaveLength(1);
        expect(await differences(cold, path.join(dir, 'fault-full'))).toEqual([]);
        execFileSync('mount', ['-o', 'remount,ro', small]);
        const readOnly = await built(dir, '--out', 'fault-ro', '--cache-dir', small);
        expect(readOnly.stderr.trim().split('\n')).toHaveLength(1);
        expect(await differences(cold, path.join(dir, 'fault-ro'))).toEqual([]);
      } finally {
        execFileSync('umount', [small]);
      }
    },
    120_000,
  );
});

test('the files a build leaves beside the output are its own', async () => {
  expect((await readdir(dir)).filter((name) => name.includes('clubsite-new'))).toEqual([]);
});

test.skipIf(!existsSync('/dev/shm'))(
  '--out under /dev/shm (a tmpfs people build into) is allowed',
  async () => {
    const out = await mkdtemp('/dev/shm/clubsite-out-');
    try {
      await built(dir, '--out', path.join(out, 'site'), '--no-cache');
      expect(await differences(cold, path.join(out, 'site'))).toEqual([]);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  },
  60_000,
);
