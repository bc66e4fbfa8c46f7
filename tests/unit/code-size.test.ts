/**
 * Issue 26's limits on the tool's code, read from the files: no file of generator/, client/ or
 * bin/ over 300 lines, no function of generator/ or bin/ over 80, and build() (the pipeline's
 * table of contents) at most 60.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { projectRoot } from '../support/site-build.ts';

const files = ['generator', 'client', 'bin'].flatMap((folder) =>
  readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(folder, file)),
);

/** Every function of a file with its name and length in lines. */
function functionsOf(file: string): Array<{ name: string; lines: number }> {
  const text = readFileSync(path.join(projectRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = 'name' in node && node.name ? node.name.getText(source) : '(anonymous)';
      found.push({ name: `${file}: ${named}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the tool's code stays in pieces a reader can hold", () => {
  test('found the files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  test('no file over 300 lines', () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(projectRoot, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });

  test('no function over 80 lines, and build() at most 60', () => {
    const all = files.filter((file) => !file.startsWith('client')).flatMap(functionsOf);
    expect(all.filter(({ lines }) => lines > 80)).toEqual([]);
    const build = all.find(({ name }) => name === path.join('generator', 'pipeline', 'build.ts: build'));
    expect(build?.lines).toBeLessThanOrEqual(60);
  });
});
