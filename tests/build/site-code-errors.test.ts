// Mistakes in a site's code rather than its content: an island rendered outside the site's
// registry is a ContentError with its code; a template that throws is told at the site's own
// line (the bundle's source map), and only a throw with no line of the site's is a bug in clubsite.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { siteCodeError } from '../../generator/bundle/site-code-error.ts';
import { formatError } from '../../generator/errors.ts';
import { buildErrors, fixtureSite } from '../support/fixture-site.ts';
import { buildIn } from '../support/run-cli.ts';

/** The mini site with its site definition edited. */
async function editedMini(edit: (code: string) => string): Promise<string> {
  const dir = await fixtureSite('mini');
  const file = path.join(dir, 'layouts/site.tsx');
  await writeFile(file, edit(await readFile(file, 'utf8')));
  return dir;
}

describe('mistakes in the site code', () => {
  test('an island the site does not register is reported on the page that renders it', async () => {
    const dir = await editedMini((code) =>
      code.replace(
        '<Island island={islands.counter}',
        "<Island island={defineIslands({ stray: { module: 'widgets/counter.tsx', component: Counter } }).stray}",
      ),
    );
    expect((await buildErrors(dir)).map(formatError)).toEqual([
      [
        '✖ data/routes/events.yaml  [unknown-island]',
        '  The template "events" uses an island called "stray" that the site definition does not register.',
        '  Hint: Add "stray" to the islands the site definition lists (defineIslands), and render it by that reference.',
      ].join('\n'),
    ]);
    await rm(dir, { recursive: true, force: true });
  });

  test.each([
    ['this thread', []],
    ['render workers', ['--workers', '3']],
  ])(
    "a template that throws is told at the site's own line and column, with what it threw and the page (%s)",
    async (_, flags) => {
      const dir = await editedMini((code) => code.replace('data.events.events.map(', 'data.events.evnts.map('));
      const code = await readFile(path.join(dir, 'layouts/site.tsx'), 'utf8');
      const lines = code.split('\n');
      const line = lines.findIndex((text) => text.includes('data.events.evnts.map(')) + 1;
      const column = (lines[line - 1] ?? '').indexOf('map(') + 1;
      const { code: exit, stderr } = await buildIn(dir, flags);
      expect(exit).toBe(1);
      expect(stderr).toContain(`✖ layouts/site.tsx:${line}:${column}  [site-code-threw]`);
      expect(stderr).toContain(
        `TypeError: Cannot read properties of undefined (reading 'map') (the template "events" threw while rendering data/routes/events.yaml, the page /events)`,
      );
      expect(stderr).toContain("This is the site's own code, not clubsite");
      // No bug report, no trace into clubsite's bundled modules.
      expect(stderr).not.toMatch(/hit a bug|node_modules|\n\s+at /);
      await rm(dir, { recursive: true, force: true });
    },
  );

  test('the lines that called what threw are named in the hint', async () => {
    const dir = await editedMini((code) =>
      code.replace(
        'function Events({ page, data, href, asset }: Props) {',
        'function shout(text: string): string {\n  return text.toUpperCase();\n}\n\nfunction Events({ page, data, href, asset }: Props) {\n  shout((page as unknown as { titel: string }).titel);',
      ),
    );
    const code = (await readFile(path.join(dir, 'layouts/site.tsx'), 'utf8')).split('\n');
    const at = (part: string) => code.findIndex((text) => text.includes(part)) + 1;
    const [problem, ...more] = await buildErrors(dir);
    expect(more).toEqual([]);
    expect(problem?.code).toBe('site-code-threw');
    expect(problem?.location).toMatch(new RegExp(`^layouts/site\\.tsx:${at('text.toUpperCase()')}:\\d+$`));
    expect(problem?.hint).toMatch(new RegExp(`^Called from Events \\(layouts/site\\.tsx:${at('shout((page')}:\\d+\\)`));
    await rm(dir, { recursive: true, force: true });
  });

  test('a throw with no line of the site in its stack stays a bug in clubsite', () => {
    const error = new TypeError('x is undefined');
    error.stack =
      'TypeError: x is undefined\n    at renderPage (/somewhere/node_modules/.cache/clubsite/chunks/cli/chunk-ABC.mjs:10:5)';
    expect(siteCodeError(error, { template: 'events', source: 'data/routes/events.yaml', route: '/events' })).toBe(
      undefined,
    );
  });
});
