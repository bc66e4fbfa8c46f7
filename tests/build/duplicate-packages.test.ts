// Issue 29: a build whose browser code holds two copies of React fails with one clear problem,
// instead of pages that throw «Cannot read properties of null (reading 'useState')» in the browser.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { formatError } from '../../generator/errors.ts';
import { buildErrors, fixtureSite } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

test('a widget that gets React from a node_modules of its own: the build fails naming both copies', async () => {
  const dir = await fixtureSite('mini');
  // The counter's folder has its own React; the island runtime's react-dom takes the tool's.
  await cp(path.join(projectRoot, 'node_modules/react'), path.join(dir, 'widgets/node_modules/react'), {
    recursive: true,
  });
  const problems = (await buildErrors(dir)).map(formatError);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    /^✖ package\.json {2}\[duplicate-package\]\n {2}The browser code holds 2 copies of react \(/,
  );
  expect(problems[0]).toContain('widgets/node_modules/react');
  expect(problems[0]).toContain(`${path.relative(dir, path.join(projectRoot, 'node_modules/react'))}`);
  expect(problems[0]).toContain("«Cannot read properties of null (reading 'useState')»");
  expect(problems[0]).toContain('Hint: Keep one copy: install react once (npm ls react shows');
});
