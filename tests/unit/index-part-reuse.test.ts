// The search index's parts a build kept (index/index-parts.ts): a part is linked from them only
// while everything it is made of is the same, and the index a build links is, byte for byte and
// name for name, the one it would have made.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { KeptParts, PartWriter } from '../../generator/index/index-parts.ts';
import { countDocument, type IndexDocument } from '../../generator/index/postings.ts';
import { SearchIndexBuilder } from '../../generator/index/search-index.ts';
import { UNNAMED_PARTS } from '../../generator/index/split-index.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'clubsite-kept-parts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let folders = 0;

/** Parts kept in a folder of their own, each in the file its key names. */
class FolderParts implements KeptParts {
  readonly folder = path.join(folder, String(++folders));

  constructor() {
    mkdirSync(this.folder);
  }

  find(key: string) {
    const file = path.join(this.folder, key);
    if (!existsSync(file)) return undefined;
    const json = readFileSync(file, 'utf8');
    const digest = createHash('sha256').update(json).digest('base64url');
    return { file, bytes: Buffer.byteLength(json), digest };
  }

  keep(key: string): string {
    return path.join(this.folder, key);
  }
}

/** 1,200 documents (words get heads from 1,000), of a few hundred words. */
function documents(change: (at: number, document: IndexDocument) => IndexDocument = (_, d) => d): IndexDocument[] {
  return Array.from({ length: 1200 }, (_, at) => {
    const words = Array.from({ length: 40 }, (_, n) => `ord${(at * 7 + n * 13) % 400}`).join(' ');
    return change(at, { title: `Side ${at}`, url: `/side-${at}/`, content: `Tekst om ${words}.` });
  });
}

/** The index of `docs` as a build writes it with `kept`: its files, and how many parts were made and linked. */
function built(docs: IndexDocument[], kept?: FolderParts) {
  const files = new Map<string, string>();
  let made = 0;
  const writer: PartWriter = {
    write(file, json, keepAt) {
      files.set(file, json);
      if (keepAt !== undefined) writeFileSync(keepAt, json);
      made += 1;
    },
    linkAll(links) {
      for (const [from, file] of links) files.set(file, readFileSync(from, 'utf8'));
    },
    ...(kept ? { kept } : {}),
  };
  const index = new SearchIndexBuilder();
  for (const document of docs) index.add(countDocument(document, 100));
  const result = index.finish(writer);
  const named = new Map<string, string>();
  for (const [file, json] of files) named.set(file.replace(UNNAMED_PARTS, result.folder), json);
  for (const [file, json] of result.files) named.set(file, json);
  return { files: named, made, reused: result.reused, count: result.count, bytes: result.bytes };
}

/** The index made whole, as a build with no kept parts makes it. */
function cold(docs: IndexDocument[]) {
  const index = new SearchIndexBuilder();
  for (const document of docs) index.add(countDocument(document, 100));
  return index.finish();
}

describe('kept index parts', () => {
  test('with nothing changed, every part is linked, and the files are those made without a cache', () => {
    const kept = new FolderParts();
    const first = built(documents(), kept);
    expect(first.made).toBe(first.count - 1);
    const second = built(documents(), kept);
    expect(second.made).toBe(0);
    expect(second.reused).toBe(first.count - 1);
    expect(second.files).toEqual(cold(documents()).files);
    expect(second.bytes).toBe(first.bytes);
  });

  test.each([
    [
      'a word added to one document',
      (at: number, d: IndexDocument) => (at === 600 ? { ...d, content: `${d.content} ord5` } : d),
    ],
    ['a title changed', (at: number, d: IndexDocument) => (at === 3 ? { ...d, title: 'Ny tittel' } : d)],
    ['a URL changed', (at: number, d: IndexDocument) => (at === 1100 ? { ...d, url: '/ny/' } : d)],
  ])('%s: only the parts it is in are made again, and the files are a cold build’s', (_name, change) => {
    const kept = new FolderParts();
    const first = built(documents(), kept);
    const changed = documents(change);
    const second = built(changed, kept);
    expect(second.made).toBeGreaterThan(0);
    expect(second.made).toBeLessThan(first.count / 2);
    expect(second.files).toEqual(cold(changed).files);
  });
});
