// Mistakes in a site's code rather than its content: an island rendered outside the site's
// registry is a ContentError with its code; a template that throws is a bug, with its stack.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BuildFailed, formatError } from '../../generator/errors.ts';
import { buildErrors, buildFixture, fixtureSite } from '../support/fixture-site.ts';

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

  test('a template that throws is a bug naming the template and page, with the stack of what threw', async () => {
    const dir = await editedMini((code) =>
      code.replace(
        'function Events({ page, data, href, asset }: Props) {',
        "function Events({ page, data, href, asset }: Props) {\n  if (page.route === '/events') throw new TypeError('events.map is not a function');",
      ),
    );
    const failure = await buildFixture(dir).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(BuildFailed);
    const error = failure as Error & { cause: Error };
    expect(error.message).toBe('The template "events" threw while rendering data/routes/events.yaml.');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.cause.stack).toMatch(/events\.map is not a function\n\s+at Events \(/);
    await rm(dir, { recursive: true, force: true });
  });
});
