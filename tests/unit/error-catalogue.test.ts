// Every ContentError code the generator can raise is printed and explained in docs/errors.md,
// and the catalogue lists no code the generator no longer has.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ContentError, formatError } from '../../generator/errors.ts';
import { en } from '../../generator/messages/en.ts';
import { nb } from '../../generator/messages/nb.ts';
import { projectRoot } from '../support/site-build.ts';

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(projectRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the error catalogue', () => {
  test('every code used in generator/ is in docs/errors.md, and every code there is used', async () => {
    const used = new Set<string>();
    for (const file of await sourceFiles('generator')) {
      for (const match of (await readFile(file, 'utf8')).matchAll(/\bcode: '([a-z-]+)'/g)) used.add(match[1] ?? '');
    }
    const errorsTs = await readFile(path.join(projectRoot, 'generator/errors.ts'), 'utf8');
    const declared = new Set(
      [...(errorsTs.match(/export type ErrorCode =([^;]+);/)?.[1] ?? '').matchAll(/'([a-z-]+)'/g)].map(
        (match) => match[1] ?? '',
      ),
    );
    const catalogue = await readFile(path.join(projectRoot, 'docs/errors.md'), 'utf8');
    const documented = new Set([...catalogue.matchAll(/^\| `([a-z-]+)` \|/gm)].map((match) => match[1] ?? ''));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((code) => !documented.has(code))).toEqual([]);
    expect([...declared].sort()).toEqual([...documented].sort());
    expect([...declared].filter((code) => !used.has(code))).toEqual([]);
  });

  // Issue 44: in both languages the tool speaks (tests/unit/message-languages.test.ts words each entry).
  test('every code in docs/errors.md has its words in English and in Norwegian, but those a site words itself', async () => {
    const catalogue = await readFile(path.join(projectRoot, 'docs/errors.md'), 'utf8');
    const documented = [...catalogue.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1] ?? '');
    const worded = (keys: string[]) => documented.filter((code) => !keys.some((key) => key.split('/')[0] === code));
    expect(worded(Object.keys(en))).toEqual(['ahead-of-time', 'doubtful-entry', 'overdue']);
    expect(worded(Object.keys(nb))).toEqual(['ahead-of-time', 'doubtful-entry', 'overdue']);
  });

  test('a problem is printed with its code', () => {
    const error = new ContentError({
      code: 'invalid-field',
      file: 'content/x.yaml',
      line: 3,
      column: 5,
      field: 'date',
      message: 'Expected a date.',
      hint: 'Write YYYY-MM-DD.',
    });
    expect(formatError(error)).toBe(
      '✖ content/x.yaml:3:5  date  [invalid-field]\n  Expected a date.\n  Hint: Write YYYY-MM-DD.',
    );
  });
});
