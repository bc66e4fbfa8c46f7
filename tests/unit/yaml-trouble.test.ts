// Issue 44: a YAML syntax error in plain words, at the line of the mistake, in both languages
// (the `yaml` package says «Flow map in block collection must be sufficiently indented and end
// with a }» at the line after a training time left open).
import { describe, expect, test } from 'vitest';
import { ContentError } from '../../generator/errors.ts';
import { parseYaml } from '../../generator/load/yaml-source.ts';

function problem(text: string): ContentError {
  try {
    parseYaml('content/x.yaml', text);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a YAML error');
}

const said = (text: string) => {
  const error = problem(text);
  return { at: `${error.line}:${error.column}`, nb: error.wordedIn('nb').message, en: error.wordedIn('en').message };
};

describe('a YAML mistake is told where it is', () => {
  test('a { left open is told on its own line, not the next', () => {
    const text = 'slots:\n  - { group: A, day: Mandag, time: "16:00 - 18:00", location: Spicheren\n  - { group: B }\n';
    expect(said(text)).toEqual({
      at: '2:5',
      nb: 'Tegnet { som åpnes på denne linjen, blir aldri lukket: en liste i [ ] eller en blokk i { } må slutte på samme linje.',
      en: 'The { opened on this line is never closed: a list in [ ] or a block in { } must end on its line.',
    });
  });

  test('a [ left open, after an apostrophe in plain text that is no quote', () => {
    expect(said("title: Don't stop\ngroups: [A, B, C\nupdated: 2025-10-09\n").at).toBe('2:9');
  });

  test('a quote left open is told where it opens', () => {
    expect(said('title: "Om klubben\ndescription: Om oss\n')).toMatchObject({
      at: '1:8',
      nb: 'Anførselstegnet " som åpnes på denne linjen, blir aldri lukket.',
    });
  });

  test('a tab, a missing space after a colon, a field written twice, a ] too many', () => {
    expect(said('a:\n\tb: 1\n').nb).toBe('Denne linjen har innrykk med tabulator.');
    expect(said('updated:2025-10-09\nb: 2\n')).toMatchObject({
      at: '1:1',
      en: 'This line is not "field: value": a space after a colon is missing, or the text holds a colon.',
    });
    expect(said('title: A\ntitle: B\n')).toMatchObject({
      at: '2:1',
      nb: 'Feltet «title» står to ganger i samme blokk.',
    });
    expect(said('groups: [A, B]]\n').en).toBe('The ] here does not belong: it closes something that was never opened.');
  });
});
