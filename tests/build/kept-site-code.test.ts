/**
 * The site's code and the browser's kept from the last build (generator/pipeline/kept-site-code.ts,
 * kept-bundle.ts), through the real
 * CLI on a copy of the mini site: taken as it is while its files keep their stamps and their
 * folders their names, and bundled again when a file it was made of changes, when a file is
 * added beside them (an import may resolve to it now), or when the project's package.json does.
 * What the cache holds is seen through a template edited behind its stamp's back (same size,
 * same time, same inode): the kept code still says what the file said when it was bundled.
 */
import { execFile } from 'node:child_process';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, expect, test } from 'vitest';
import { fixtureSite } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

const cli = path.join(projectRoot, 'bin/clubsite.js');
const TEMPLATE = 'layouts/site.tsx';
let dir: string;

function build(): Promise<string> {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...env } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, 'build', '--now', '2025-12-10T18:00'],
      { cwd: dir, env: { ...env, CLUBSITE_NOW: '', CLUBSITE_CACHE_DIR: '' } },
      (error, stdout, stderr) => (error ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
    );
  });
}

/** The home page's link to /om, as the site's code wrote it. */
const aboutLink = async () =>
  /href="\/om\/">([^<]+)</.exec(await readFile(path.join(dir, 'public/index.html'), 'utf8'))?.[1];

/** Files as a volunteer left them a minute ago: a bundle of files written just now is not kept. */
async function aged(...files: string[]): Promise<void> {
  const then = new Date(Date.now() - 60_000);
  for (const file of files) await utimes(path.join(dir, file), then, then);
}

/** Edits a file where no stamp shows it: the same number of bytes, its time put back, its inode kept. */
async function editedBehindStamp(name = TEMPLATE, from = '>About<', to = '>Abaut<'): Promise<void> {
  const file = path.join(dir, name);
  const before = await stat(file);
  await writeFile(file, (await readFile(file, 'utf8')).replace(from, to));
  await utimes(file, before.atime, before.mtime);
}

const STYLE = 'styles/site.css';

/** The stylesheet the pages load, as published. */
async function publishedStyle(): Promise<string> {
  const home = await readFile(path.join(dir, 'public/index.html'), 'utf8');
  const href = /<link rel="stylesheet" href="\/([^"]+)"/.exec(home)?.[1] ?? '';
  return readFile(path.join(dir, 'public', href), 'utf8');
}

/** A content edit, so that the build does not stop at «nothing changed». */
async function contentEdited(): Promise<void> {
  const file = path.join(dir, 'data/routes/om.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\nEn linje til.\n`);
}

beforeEach(async () => {
  dir = await fixtureSite('mini');
  await aged(
    TEMPLATE,
    'package.json',
    'tsconfig.json',
    'clubsite.config.ts',
    'widgets/counter.tsx',
    'widgets/finder.tsx',
    STYLE,
    'scripts/head.ts',
    'scripts/hello.ts',
  );
  await build();
  expect(await aboutLink()).toBe('About');
});

test('a site whose code files keep their stamps is not bundled again: the kept code is taken', async () => {
  await editedBehindStamp();
  await contentEdited();
  await build();
  expect(await aboutLink()).toBe('About');
});

test('a file of the site edited: it is bundled again', async () => {
  const file = path.join(dir, TEMPLATE);
  await writeFile(file, (await readFile(file, 'utf8')).replace('>About<', '>Om oss<'));
  await build();
  expect(await aboutLink()).toBe('Om oss');
});

test('a file added beside the code, or the project’s package.json changed: it is bundled again', async () => {
  await editedBehindStamp();
  await writeFile(path.join(dir, 'layouts/notes.md'), 'A note beside the templates.\n');
  await contentEdited();
  await build();
  expect(await aboutLink()).toBe('Abaut');
  const packageJson = path.join(dir, 'package.json');
  await writeFile(packageJson, (await readFile(packageJson, 'utf8')).replace('"private": true', '"private": false'));
  const file = path.join(dir, TEMPLATE);
  const before = await stat(file);
  await writeFile(file, (await readFile(file, 'utf8')).replace('>Abaut<', '>About<'));
  await utimes(file, before.atime, before.mtime);
  await build();
  expect(await aboutLink()).toBe('About');
});

test('the browser code is kept like the site code: taken while its files keep their stamps, bundled again when one changes', async () => {
  expect(await publishedStyle()).toContain('sans-serif');
  await editedBehindStamp(STYLE, 'sans-serif', 'sans-seraf');
  await contentEdited();
  await build();
  expect(await publishedStyle()).toContain('sans-serif');
  const file = path.join(dir, STYLE);
  await writeFile(file, (await readFile(file, 'utf8')).replace('sans-seraf', 'monospace'));
  await build();
  expect(await publishedStyle()).toContain('monospace');
});
