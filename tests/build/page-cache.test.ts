/**
 * The page cache as `clubsite build` uses it, on a copy of the second site (real CLI, real
 * files): a cache that cannot be believed gives a cold build with one line saying why and the
 * output a `--no-cache` build makes; two builds sharing one cache at once both finish whole and
 * right; `--no-cache` never reads it; and a build with nothing changed since the last one
 * leaves the output folder as it is, but only then.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixtureSite } from '../support/fixture-site.ts';
import { differences, treeOf } from '../support/output-tree.ts';
import { buildIn, type CliOutcome } from '../support/run-cli.ts';
import { sealed, unsealed } from '../../generator/sealed-file.ts';

const NOW = '2025-12-10T18:00';

type Run = CliOutcome;

const clubsite = (dir: string, args: string[]): Promise<Run> => buildIn(dir, args, NOW);

/** The line of the summary that says what the page cache did. */
const cacheLine = (run: Run) => run.stdout.split('\n').find((line) => /\d+ rendered, \d+ reused/.test(line)) ?? '';

/** Builds into `out` and expects it to succeed. */
async function built(dir: string, out: string, ...args: string[]): Promise<Run> {
  const run = await clubsite(dir, ['--out', out, ...args]);
  expect(run.stderr, run.stdout).toBe('');
  expect(run.code).toBe(0);
  return run;
}

let dir: string;
let cacheDir: string;
let cold: string;
let outs = 0;
const freshOut = () => `out-${++outs}`;

beforeAll(async () => {
  dir = await fixtureSite('mini');
  cacheDir = path.join(dir, '.clubsite/cache');
  cold = path.join(dir, 'cold');
  await built(dir, 'cold', '--no-cache');
});

describe('a page cache that cannot be believed is a cold build, and says why', () => {
  const real = () => readFile(path.join(cacheDir, 'pages.bin'));
  /** The cache's base with some of its fields changed, sealed again (generator/pipeline/cache-file.ts). */
  const changed = async (change: object) => {
    const contents = v8.deserialize(unsealed(await real()) as Buffer) as object;
    return Buffer.concat(sealed(v8.serialize({ ...contents, ...change })));
  };
  test.each([
    ['cut short', async () => (await real()).subarray(0, 1000)],
    ['its seal cut short', async () => (await real()).subarray(0, (await real()).length - 4)],
    ['random bytes', async () => randomBytes(50_000)],
    ['of another format', () => changed({ format: 1 })],
    ["made by another generator's code", () => changed({ generator: 'other-code' })],
    ['of an older clubsite (a plain structured copy)', async () => v8.serialize({ format: 4, pages: [] })],
  ])('%s', async (_name, spoil) => {
    await built(dir, freshOut());
    await writeFile(path.join(cacheDir, 'pages.bin'), await spoil());
    const out = freshOut();
    const run = await built(dir, out);
    expect(cacheLine(run)).toMatch(/^ {2}6 rendered, 0 reused \(the page cache .+: every page is rendered\)/);
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
  });

  test("a page whose reads name pairs the file's table does not hold: that page is rendered again, and the output is a cold build's", async () => {
    await built(dir, freshOut());
    type Stored = { pages: Array<[string, { reads: Int32Array }]> };
    const contents = v8.deserialize(unsealed(await real()) as Buffer) as Stored;
    const page = contents.pages.find(([file]) => file === 'om/index.html')?.[1];
    expect(page).toBeDefined();
    if (page) page.reads = new Int32Array([1e9]);
    await writeFile(path.join(cacheDir, 'pages.bin'), Buffer.concat(sealed(v8.serialize(contents))));
    await rm(path.join(cacheDir, 'last-build.json'), { force: true });
    const out = freshOut();
    const run = await built(dir, out, '--verbose');
    expect(cacheLine(run)).toMatch(/^ {2}1 rendered, 5 reused/);
    expect(run.stdout).toContain('/om: not in the cache');
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
  });

  test("a page's kept HTML cut short or gone: that page is rendered again, and the output is a cold build's", async () => {
    await built(dir, freshOut());
    const folder = path.join(cacheDir, 'html');
    const [gone = '', ...kept] = await readdir(folder);
    await rm(path.join(folder, gone));
    for (const name of kept) await truncate(path.join(folder, name), 10);
    const out = freshOut();
    const run = await built(dir, out, '--verbose');
    expect(cacheLine(run)).toMatch(/^ {2}6 rendered, 0 reused/);
    expect(run.stdout).toContain('its kept HTML is gone or not as it was kept');
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
  });
});

describe('a build that rendered a few pages keeps them in a journal beside the cache, not a whole cache again', () => {
  test('the cache stays as it was, the journal holds the page, and a spoiled journal costs only its pages', async () => {
    await rm(cacheDir, { recursive: true, force: true });
    await built(dir, freshOut());
    const base = await readFile(path.join(cacheDir, 'pages.bin'));
    const page = path.join(dir, 'data/routes/om.md');
    const before = await readFile(page, 'utf8');
    await writeFile(page, `${before}\nKept in the journal.\n`);
    const forget = () => rm(path.join(cacheDir, 'last-build.json'), { force: true });
    try {
      await built(dir, 'cold-journal', '--no-cache');
      // The page, and the search page that shows its words.
      expect(cacheLine(await built(dir, freshOut()))).toMatch(/^ {2}2 rendered, 4 reused · /);
      expect((await readFile(path.join(cacheDir, 'pages.bin'))).equals(base)).toBe(true);
      await forget();
      const out = freshOut();
      expect(cacheLine(await built(dir, out))).toMatch(/^ {2}0 rendered, 6 reused · /);
      expect(await differences(path.join(dir, out), path.join(dir, 'cold-journal'))).toEqual([]);
      await writeFile(path.join(cacheDir, 'pages.delta.bin'), randomBytes(5_000));
      await forget();
      const spoiled = freshOut();
      expect(cacheLine(await built(dir, spoiled))).toMatch(/^ {2}2 rendered, 4 reused · /);
      expect(await differences(path.join(dir, spoiled), path.join(dir, 'cold-journal'))).toEqual([]);
    } finally {
      await writeFile(page, before);
    }
  });
});

test("the site a build replaced is removed through the cache's trash: gone by the end of the next build, nothing left beside the output", async () => {
  const out = freshOut();
  const trash = path.join(cacheDir, 'trash');
  const inTrash = () => readdir(trash).catch(() => [] as string[]);
  await built(dir, out);
  await built(dir, out, '--verbose', '--origin', 'https://a.example');
  const left = await inTrash();
  await built(dir, out, '--verbose', '--origin', 'https://b.example');
  const now = await inTrash();
  expect(now.filter((name) => left.includes(name))).toEqual([]);
  expect(now.length).toBeLessThanOrEqual(1);
  expect((await readdir(dir)).filter((name) => name.includes('.clubsite-'))).toEqual([]);
  expect(await readFile(path.join(dir, out, 'index.html'), 'utf8')).toContain('https://b.example');
});

describe('what the load and validate stages made of each file is kept too (sources.bin)', () => {
  test("kept files that cannot be read back: every file is read, and the output is a cold build's", async () => {
    await built(dir, freshOut());
    await writeFile(path.join(cacheDir, 'sources.bin'), randomBytes(20_000));
    const out = freshOut();
    await built(dir, out, '--origin', 'https://kept.example');
    await built(dir, 'cold-kept', '--no-cache', '--origin', 'https://kept.example');
    expect(await differences(path.join(dir, out), path.join(dir, 'cold-kept'))).toEqual([]);
  });

  test('a file whose stamp stayed while its text changed: the build stops, says so, leaves the output, and the next build is right', async () => {
    const out = freshOut();
    const page = path.join(dir, 'data/routes/om.md');
    const before = await readFile(page, 'utf8');
    // Written a minute ago: a file written within two seconds of being read is never kept.
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(page, minuteAgo, minuteAgo);
    await built(dir, out);
    // The same length and times: only its text (and its ctime, which stamps leave out) tells it apart.
    await writeFile(page, before.replace('[board]', '[BOARD]'));
    await utimes(page, minuteAgo, minuteAgo);
    try {
      const index = await readFile(path.join(dir, out, 'index.html'), 'utf8');
      const stopped = await clubsite(dir, ['--out', out, '--origin', 'https://changed.example']);
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toContain(
        '✖ data/routes/om.md: The file changed while the site was being built. Build again once the file is saved.',
      );
      expect(stopped.stderr).toContain('data/routes/om.md');
      expect(await readFile(path.join(dir, out, 'index.html'), 'utf8')).toBe(index);
      expect(cacheLine(await built(dir, out, '--origin', 'https://changed.example'))).toMatch(/^ {2}6 rendered/);
      expect(await readFile(path.join(dir, out, 'om/index.html'), 'utf8')).toContain('BOARD');
      await built(dir, 'cold-changed', '--no-cache', '--origin', 'https://changed.example');
      expect(await differences(path.join(dir, out), path.join(dir, 'cold-changed'))).toEqual([]);
    } finally {
      await writeFile(page, before);
    }
  });
  test("after an edit only the files changed are kept again (sources.delta.bin), and the next build reads them over sources.bin: a cold build's output", async () => {
    const page = path.join(dir, 'data/routes/om.md');
    const before = await readFile(page, 'utf8');
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(page, minuteAgo, minuteAgo);
    await built(dir, freshOut(), '--origin', 'https://delta.example');
    const base = await readFile(path.join(cacheDir, 'sources.bin'));
    try {
      // Kept (written long enough ago), and another size than before.
      await writeFile(page, before.replace('[board]', '[the board of the club]'));
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await utimes(page, twoMinutesAgo, twoMinutesAgo);
      await built(dir, freshOut(), '--origin', 'https://delta2.example');
      expect(await readFile(path.join(cacheDir, 'sources.bin'))).toEqual(base);
      const delta = v8.deserialize(await readFile(path.join(cacheDir, 'sources.delta.bin'))) as {
        table: { paths: string[] };
      };
      expect(delta.table.paths.map((file) => path.relative(dir, file))).toEqual(['data/routes/om.md']);
      const out = freshOut();
      expect(cacheLine(await built(dir, out, '--origin', 'https://delta3.example'))).toMatch(/^ {2}6 rendered/);
      await built(dir, 'cold-delta', '--no-cache', '--origin', 'https://delta3.example');
      expect(await differences(path.join(dir, out), path.join(dir, 'cold-delta'))).toEqual([]);
      // A delta that cannot be read back is none: the files it held are read again.
      await writeFile(path.join(cacheDir, 'sources.delta.bin'), randomBytes(2_000));
      const after = freshOut();
      await built(dir, after, '--origin', 'https://delta3.example');
      expect(await differences(path.join(dir, after), path.join(dir, 'cold-delta'))).toEqual([]);
      expect(await readFile(path.join(dir, after, 'om/index.html'), 'utf8')).toContain('the board of the club');
    } finally {
      await writeFile(page, before);
    }
  });
});

describe("the search index's parts are kept, and a build links those whose inputs are the same", () => {
  const folder = () => path.join(cacheDir, 'index');
  const partFiles = async () => (await readdir(folder())).filter((name) => name.endsWith('.json')).sort();
  const searchFolder = async (out: string) => {
    const search = path.join(dir, out, 'assets/search');
    const [build] = await readdir(search);
    return path.join(search, build ?? '');
  };

  test('a build with the same pages makes no part again: it copies each kept one into its output, never linking it', async () => {
    await built(dir, freshOut());
    const kept = await partFiles();
    expect(kept.length).toBeGreaterThan(0);
    const out = freshOut();
    await built(dir, out);
    expect(await partFiles()).toEqual(kept);
    const inodes = new Set(await Promise.all(kept.map(async (name) => (await stat(path.join(folder(), name))).ino)));
    const parts = await searchFolder(out);
    for (const name of await readdir(parts)) expect(inodes.has((await stat(path.join(parts, name))).ino)).toBe(false);
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
  });

  test.each([
    ['cut short', (file: string) => truncate(file, 10)],
    ['gone', (file: string) => rm(file)],
  ])("kept parts %s are made again, and the output is a cold build's", async (name, spoil) => {
    await built(dir, freshOut());
    const kept = await partFiles();
    for (const name of kept) await spoil(path.join(folder(), name));
    const out = freshOut();
    await built(dir, out);
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
    // Kept anew, under this build's names: the next build links them.
    const again = await partFiles();
    expect(again.filter((name) => kept.includes(name))).toEqual(name === 'gone' ? [] : kept);
    const next = freshOut();
    await built(dir, next);
    expect(await differences(path.join(dir, next), cold)).toEqual([]);
  });

  test('a list of kept parts that cannot be read is no list: every part is made', async () => {
    await built(dir, freshOut());
    await writeFile(path.join(folder(), 'parts.bin'), randomBytes(5000));
    const out = freshOut();
    await built(dir, out);
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
  });
});

describe("the index's postings are kept with the cache's base (postings.bin), and a build merges its pages into them", () => {
  const kept = () => path.join(cacheDir, 'postings.bin');
  /** The file with its header changed by `change`. */
  const withHeader = async (change: (header: { generation: string; words: string[] }) => object) => {
    const bytes = await readFile(kept());
    const length = bytes.readUInt32LE(0);
    const header = v8.deserialize(bytes.subarray(4, 4 + length)) as { generation: string; words: string[] };
    const other = v8.serialize(change(header));
    const size = Buffer.alloc(4);
    size.writeUInt32LE(other.length);
    const pad = Buffer.alloc(Math.ceil((4 + other.length) / 4) * 4 - 4 - other.length);
    return Buffer.concat([size, other, pad, bytes.subarray(Math.ceil((4 + length) / 4) * 4)]);
  };

  test.each([
    ['as kept', async () => readFile(kept())],
    [
      'cut short',
      async () => {
        const bytes = await readFile(kept());
        return bytes.subarray(0, bytes.length - 8);
      },
    ],
    ['random bytes', async () => randomBytes(20_000)],
    ['of another base', () => withHeader((header) => ({ ...header, generation: 'another-base' }))],
    // A merge finds words by halving the kept ones: out of name order, they are not believed.
    ['of words out of order', () => withHeader((header) => ({ ...header, words: [...header.words].reverse() }))],
  ])(
    "%s: an edited page's build is a cold build's, and a journal leaves the postings as they were",
    async (name, spoil) => {
      await rm(cacheDir, { recursive: true, force: true });
      await built(dir, freshOut());
      const page = path.join(dir, 'data/routes/om.md');
      const before = await readFile(page, 'utf8');
      const spoiled = await spoil();
      await writeFile(kept(), spoiled);
      await writeFile(page, `${before}\nMerged into the kept postings (${name}).\n`);
      try {
        await built(dir, 'cold-merged', '--no-cache');
        const out = freshOut();
        const run = await built(dir, out, '--verbose');
        if (name === 'as kept') expect(cacheLine(run)).toMatch(/^ {2}2 rendered, 4 reused · /);
        // The base holds its pages' search words there only (not twice): spoilt, those pages are rendered again.
        else expect(run.stdout).toContain('its search words are not in the kept index');
        expect(await differences(path.join(dir, out), path.join(dir, 'cold-merged'))).toEqual([]);
        // Kept postings that were believed stay (the cache wrote a journal); others are kept anew,
        // the pages of the journal named by no file: only the base's pages are ever taken as kept.
        const now = await readFile(kept());
        expect(now.equals(spoiled)).toBe(name === 'as kept');
        const header = v8.deserialize(now.subarray(4, 4 + now.readUInt32LE(0))) as { files: string[] };
        const named = header.files;
        expect(named.includes('index.html')).toBe(name === 'as kept');
        expect(named.includes('om/index.html')).toBe(name === 'as kept');
        // The pages rendered again are the journal's now, with their words: the next build takes them.
        await writeFile(page, `${before}\nAnd once more (${name}).\n`);
        expect(cacheLine(await built(dir, freshOut()))).toMatch(/^ {2}2 rendered, 4 reused · /);
      } finally {
        await writeFile(page, before);
      }
    },
  );
});

test('two builds sharing one cache at the same time both finish, each with the whole, right output', async () => {
  await built(dir, freshOut());
  const page = path.join(dir, 'data/routes/om.md');
  const before = await readFile(page, 'utf8');
  await writeFile(page, `${before}\nWritten while two builds ran.\n`);
  try {
    await built(dir, 'cold-edited', '--no-cache');
    const [first, second] = [freshOut(), freshOut()];
    const runs = await Promise.all([clubsite(dir, ['--out', first]), clubsite(dir, ['--out', second])]);
    for (const run of runs) expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    for (const out of [first, second])
      expect(await differences(path.join(dir, out), path.join(dir, 'cold-edited'))).toEqual([]);
    // The cache either of them left is whole: the next build reuses every page.
    expect(cacheLine(await built(dir, freshOut()))).toMatch(/^ {2}0 rendered, 6 reused · /);
  } finally {
    await writeFile(page, before);
  }
});

test('--no-cache neither reads nor writes the page cache', async () => {
  await built(dir, freshOut());
  await writeFile(path.join(cacheDir, 'pages.bin'), randomBytes(50_000));
  const cacheBefore = await treeOf(cacheDir);
  const timesBefore = await stat(path.join(cacheDir, 'pages.bin'));
  const out = freshOut();
  const run = await built(dir, out, '--no-cache');
  expect(run.stdout).not.toMatch(/page cache|rendered, \d+ reused/);
  expect(await treeOf(cacheDir)).toEqual(cacheBefore);
  expect((await stat(path.join(cacheDir, 'pages.bin'))).mtimeMs).toBe(timesBefore.mtimeMs);
  expect(await differences(path.join(dir, out), cold)).toEqual([]);
});

describe('nothing changed since the last build', () => {
  const out = 'public';
  const marker = () => stat(path.join(dir, out)).then((stats) => stats.ino);

  beforeAll(async () => {
    // A build does not vouch for files written within two seconds of its start (they may have
    // been written while it read them): the copy's files must be older than that.
    const { ctimeMs } = await stat(path.join(dir, 'data/routes/om.md'));
    while (Date.now() < ctimeMs + 2100) await sleep(100);
    await built(dir, out);
  });

  test('the output folder is left as it was, and the summary says so with the last build’s figures', async () => {
    const inode = await marker();
    const files = await treeOf(path.join(dir, out));
    const run = await built(dir, out);
    expect(run.stdout).toMatch(/^6 pages → public in \d+ ms \(now: 2025-12-10 18:00\)\n {2}HTML \d/);
    expect(cacheLine(run)).toBe(
      "  0 rendered, 6 reused (nothing changed since the build at 2025-12-10 18:00: public/ left as it was) · next change: every build (data/routes/index.md shows the build's time)",
    );
    expect(await marker()).toBe(inode);
    expect(await treeOf(path.join(dir, out))).toEqual(files);
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
  });

  test.each([
    ['another clock', ['--now', '2025-12-10T18:01']],
    ['another origin', ['--origin', 'https://svom.example.org']],
    ['--no-cache', ['--no-cache']],
  ])('%s builds again', async (_name, args) => {
    const inode = await marker();
    const run = await built(dir, out, ...args);
    expect(run.stdout).not.toContain('nothing changed');
    expect(await marker()).not.toBe(inode);
  });

  test('an output folder removed, or a page edited, builds again', async () => {
    await rm(path.join(dir, out), { recursive: true });
    expect((await built(dir, out)).stdout).not.toContain('nothing changed');
    expect(await differences(path.join(dir, out), cold)).toEqual([]);
    const page = path.join(dir, 'data/routes/om.md');
    const before = await readFile(page, 'utf8');
    await writeFile(page, `${before}\nA line added since.\n`);
    try {
      const run = await built(dir, out, '--verbose');
      // The page, and the search page, which shows the index the new text is in.
      expect(cacheLine(run)).toMatch(/^ {2}2 rendered, 4 reused · /);
      expect(run.stdout).toContain(
        'rendered:\n  /om: its own file changed\n  /find: the search index it shows changed\n',
      );
      expect(await readFile(path.join(dir, out, 'om/index.html'), 'utf8')).toContain('A line added since.');
    } finally {
      await writeFile(page, before);
    }
  });
});
