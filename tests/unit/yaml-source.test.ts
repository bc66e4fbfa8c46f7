import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseYaml } from '../../generator/load/yaml-source.ts';
import { positionOf } from '../../generator/source-positions.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../content');

/** Every front matter of the club's Markdown pages, as gray-matter hands it to the parser. */
function clubFrontMatters(): string[] {
  const files = readdirSync(CONTENT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  const texts: string[] = [];
  for (const file of files) {
    matter(readFileSync(path.join(CONTENT, file), 'utf8'), {
      engines: {
        yaml: (raw: string) => {
          texts.push(raw);
          return {};
        },
      },
    });
  }
  return texts;
}

/** Texts at the edge of the `key: text` lines read without the full parser, each meant as YAML means it. */
const EDGES = [
  'title: Svømmeskolen\ndescription: Kurs for barn fra 5 år, hele året.',
  'title: Tid: 18:00',
  'title: Klokka 18:00 i Aquarama',
  'title: Side # med kommentar',
  'title: C#-kurs',
  'title: 2025',
  'title: 2025-12-10',
  'title: 1e3',
  'title: .5',
  'title: 0x1F',
  'title: 0o17',
  'title: +12',
  'title: .inf',
  'title: true',
  'title: True',
  'title: yes',
  'title: null',
  'title: ~',
  'title:',
  'title: "sitert"',
  "title: 'sitert'",
  'title: - liste',
  'title: [a, b]',
  'title: &anker verdi',
  'title: *alias',
  'title: |\n  blokk',
  'title: svar?',
  'title: hva, hvor',
  'title: a\ntitle: b',
  'title: trailing   ',
  'null: verdi',
  'true: verdi',
  '# kommentar\ntitle: x',
  'title: x\n\n\ndescription: y\n',
  '',
  '\n\n',
  'title: tab\there',
  'title: crlf\r\ndescription: y',
  '__proto__: x',
  'title: slutt:',
  'title: http://eksempel.no',
  'tittel-med_strek: ok',
];

describe('YAML as the build reads it', () => {
  test('front matter and edge cases give the same data as the yaml package reads', () => {
    const texts = [...clubFrontMatters(), ...EDGES];
    expect(texts.length).toBeGreaterThan(EDGES.length + 20);
    for (const text of texts) {
      let expected: unknown;
      try {
        expected = parse(text, { uniqueKeys: true });
      } catch {
        expect(() => parseYaml('side.md', text), text).toThrow();
        continue;
      }
      expect(parseYaml('side.md', text).data, text).toEqual(expected ?? null);
    }
  });

  test('a field of plain front matter is still found at its line and column', () => {
    const source = parseYaml('side.md', '\ntitle: Svømmeskolen\ndescription: Kurs for barn\n');
    expect(source.data).toEqual({ title: 'Svømmeskolen', description: 'Kurs for barn' });
    expect(positionOf(source, ['description'])).toEqual({ line: 3, column: 14 });
    expect(positionOf(source, ['title'], 'key')).toEqual({ line: 2, column: 1 });
  });
});
