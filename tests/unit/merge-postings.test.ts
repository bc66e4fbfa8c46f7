// The search index made from a kept index and the pages it does not hold (index/merge-postings.ts):
// whatever pages came, went, or changed since it was kept, the index's files are byte for byte
// those of an index made from every page's postings appended again.
import { describe, expect, test } from 'vitest';
import type { PagePostings } from '../../generator/model/search.ts';
import {
  counted,
  indexFiles,
  keptOf,
  MemoryKeptIndex,
  pageDocuments,
  random,
  WordNumbering,
} from '../support/kept-index.ts';

describe('an index made from a kept one is the index made from every page', () => {
  test.each([1, 2, 3, 4, 5])('seed %i: pages edited, added and removed over five builds', (seed) => {
    const draw = random(seed);
    const numbering = new WordNumbering();
    const names = Array.from({ length: 60 }, (_, at) => `side-${String(at).padStart(3, '0')}`);
    let site = new Map(names.map((name) => [name, pageDocuments(name, draw)]));
    let postings = new Map<string, PagePostings>();
    const ordered = () => [...site.keys()].sort().map((name) => postings.get(name) as PagePostings);
    const render = (changed: string[]) => {
      const made = counted(
        changed.map((name) => site.get(name) ?? []),
        numbering,
      );
      for (const [at, name] of changed.entries()) postings.set(name, made[at] as PagePostings);
    };
    render([...site.keys()]);
    let kept = new MemoryKeptIndex(undefined);
    const first = indexFiles(ordered(), numbering.words, kept);
    expect(first).toEqual(indexFiles(ordered(), numbering.words));
    for (let build = 0; build < 5; build += 1) {
      kept = keptOf(kept);
      site = new Map(site);
      const changed: string[] = [];
      for (const name of [...site.keys()]) {
        const roll = draw();
        if (roll < 0.08) {
          site.delete(name);
          postings.delete(name);
        } else if (roll < 0.2) {
          site.set(name, pageDocuments(name, draw));
          changed.push(name);
        }
      }
      for (let added = 0; added < 3; added += 1) {
        const name = `ny-${build}-${added}-${Math.floor(draw() * 1000)}`;
        site.set(name, pageDocuments(name, draw));
        changed.push(name);
      }
      postings = new Map(postings);
      render(changed);
      const merged = indexFiles(ordered(), numbering.words, kept);
      expect([...merged.keys()]).toEqual([...indexFiles(ordered(), numbering.words).keys()]);
      expect(merged).toEqual(indexFiles(ordered(), numbering.words));
    }
  });

  test('a word no page holds any more is not in the index, and a word new to it is', () => {
    const numbering = new WordNumbering();
    const only = (word: string, name: string) => [{ title: name, url: `/${name}/`, content: `felles ${word}` }];
    const [a, b] = counted([only('forsvinner', 'a'), only('blir', 'b')], numbering) as [PagePostings, PagePostings];
    const kept = new MemoryKeptIndex(undefined);
    indexFiles([a, b], numbering.words, kept);
    const [c] = counted([only('kommer', 'a')], numbering) as [PagePostings];
    const files = indexFiles([c, b], numbering.words, keptOf(kept));
    const manifest = [...files].find(([file]) => /search-.*\.json$/.test(file))?.[1] ?? '';
    expect(manifest).toContain('"kommer"');
    expect(manifest).not.toContain('"forsvinner"');
    expect(files).toEqual(indexFiles([c, b], numbering.words));
  });
});
