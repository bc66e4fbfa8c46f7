import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
  const writer = await BackgroundWriter.start(dir);
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
  const writer = await BackgroundWriter.start(dir);
  writer.write('om/index.html', '<p>Om</p>');
  writer.write('kurs/index.html', '<p>Kurs</p>');
  await writer.finish();
  expect(writer.failure?.code).toBe('ENOTDIR');
  expect(existsSync(path.join(dir, 'kurs'))).toBe(false);
});

test('never makes the folder it writes into again once it is gone (an interrupted build removed it)', async () => {
  const dir = path.join(await folder(), 'ny');
  await mkdir(dir);
  const writer = await BackgroundWriter.start(dir);
  await rm(dir, { recursive: true });
  writer.write('skala/side-1/index.html', '<p>1</p>');
  await writer.finish();
  expect(writer.failure?.code).toBe('ENOENT');
  expect(existsSync(dir)).toBe(false);
});

const digestOf = (text: string) => createHash('sha256').update(text).digest('base64url');

test('kept copies checked against their digest: one gone, cut short or changed is made again where its folder went, and kept anew', async () => {
  const dir = await folder();
  const kept = await folder();
  const at = (name: string) => path.join(kept, name);
  await writeFile(at('hel.json'), '["hel"]');
  await writeFile(at('kort.json'), '["ko');
  // An older output's part is another name of the copy cut short: it must stay as it is.
  await link(at('kort.json'), at('eldre-ut.json'));
  const writer = await BackgroundWriter.start(dir);
  const remade: string[] = [];
  writer.linkAll(
    [
      [at('hel.json'), 'assets/search/.unnamed/w-0.json', digestOf('["hel"]')],
      [at('kort.json'), 'assets/search/.unnamed/w-1.json', digestOf('["kort"]')],
      [at('borte.json'), 'assets/search/.unnamed/w-2.json', digestOf('["borte"]')],
    ],
    (file) => {
      remade.push(file);
      return `["${path.basename(file, '.json')}"]`;
    },
  );
  writer.move('assets/search/.unnamed', 'assets/search/abc');
  await writer.finish();
  expect(writer.failure).toBeUndefined();
  expect(remade).toEqual(['assets/search/.unnamed/w-1.json', 'assets/search/.unnamed/w-2.json']);
  const out = (name: string) => readFile(path.join(dir, 'assets/search/abc', name), 'utf8');
  expect([await out('w-0.json'), await out('w-1.json'), await out('w-2.json')]).toEqual([
    '["hel"]',
    '["w-1"]',
    '["w-2"]',
  ]);
  // A copy, never a link: an edit of the output cannot reach the cache.
  expect((await stat(path.join(dir, 'assets/search/abc/w-0.json'))).ino).not.toBe((await stat(at('hel.json'))).ino);
  expect([await readFile(at('kort.json'), 'utf8'), await readFile(at('borte.json'), 'utf8')]).toEqual([
    '["w-1"]',
    '["w-2"]',
  ]);
  expect(await readFile(at('eldre-ut.json'), 'utf8')).toBe('["ko');
  expect(existsSync(path.join(dir, 'assets/search/.unnamed'))).toBe(false);
});
