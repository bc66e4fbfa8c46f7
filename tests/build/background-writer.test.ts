import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { BackgroundWriter } from '../../generator/publish/background-writer.ts';

const made: string[] = [];
afterEach(() => Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));
const folder = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-writer-'));
  made.push(dir);
  return dir;
};

test('writes every file given, in its folders, by the time finish() resolves', async () => {
  const dir = await folder();
  const writer = new BackgroundWriter(dir);
  for (let page = 0; page < 500; page += 1) writer.write(`skala/side-${page}/index.html`, `<p>Side ${page} – ø</p>`);
  writer.write('assets/bilde.bin', new Uint8Array([1, 2, 3]));
  await writer.ready();
  await writer.finish();
  expect(writer.failure).toBeUndefined();
  expect(await readFile(path.join(dir, 'skala/side-499/index.html'), 'utf8')).toBe('<p>Side 499 – ø</p>');
  expect([...(await readFile(path.join(dir, 'assets/bilde.bin')))]).toEqual([1, 2, 3]);
});

test('tells the first write that failed, and writes nothing after it', async () => {
  const dir = await folder();
  await writeFile(path.join(dir, 'om'), 'a file where a folder should be');
  const writer = new BackgroundWriter(dir);
  writer.write('om/index.html', '<p>Om</p>');
  writer.write('kurs/index.html', '<p>Kurs</p>');
  await writer.finish();
  expect(writer.failure?.code).toBe('ENOTDIR');
  expect(existsSync(path.join(dir, 'kurs'))).toBe(false);
});

test('never makes the folder it writes into again once it is gone (an interrupted build removed it)', async () => {
  const dir = path.join(await folder(), 'ny');
  await mkdir(dir);
  const writer = new BackgroundWriter(dir);
  await rm(dir, { recursive: true });
  writer.write('skala/side-1/index.html', '<p>1</p>');
  await writer.finish();
  expect(writer.failure?.code).toBe('ENOENT');
  expect(existsSync(dir)).toBe(false);
});
