// A content commit the build refuses, in the GitHub workflow: the volunteer reads the build's own
// message on github.com, as an annotation at the file and line (a workflow command) and in the
// job's summary; the command exits 1, so nothing is deployed and the live site stays as it was.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { runClubsite } from '../support/run-cli.ts';

let project: DevProject;
beforeAll(async () => {
  project = await copyProject();
}, 60_000);
afterAll(() => project?.remove());

test('a training time the build refuses: an ::error annotation at its line, and the problem in the job summary', async () => {
  const file = project.at('content/training-times.yaml');
  const text = await readFile(file, 'utf8');
  await writeFile(
    file,
    text.replace('time: "16:00 - 18:00", location: Spicheren }', 'time: "kl. 16", location: Spicheren }'),
  );
  const line =
    text.split('\n').findIndex((each) => each.includes('kl. 16') || each.includes('group: A, day: Mandag')) + 1;
  const summary = project.at('summary.md');
  await writeFile(summary, '');
  const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
  const outcome = await runClubsite(['check', '--now', '2025-12-10T18:00'], {
    cwd: project.root,
    env: { ...env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, CLUBSITE_NOW: '' },
  });
  expect(outcome.code).toBe(1);
  const annotation = outcome.stdout.split('\n').find((each) => each.startsWith('::error '));
  expect(annotation).toMatch(
    new RegExp(
      `^::error file=content/training-times\\.yaml,line=${line},col=\\d+,title=slots\\[0\\]\\.time \\[[a-z-]+\\]::`,
    ),
  );
  // In the site's language, as the terminal tells it (issue 44).
  expect(annotation).toContain('%0ATips: ');
  const written = await readFile(summary, 'utf8');
  expect(written).toContain('2 feil i innholdet: ingenting ble publisert');
  expect(written).toContain('Her skal det stå et tidsrom som 16:00 - 18:00, men det står "kl. 16".');
  expect(written).toContain(`content/training-times.yaml:${line}`);
  // Outside a workflow, the terminal's text alone.
  const plain = await runClubsite(['check', '--now', '2025-12-10T18:00'], {
    cwd: project.root,
    env: { ...env, GITHUB_ACTIONS: '', CLUBSITE_NOW: '' },
  });
  expect(plain.code).toBe(1);
  expect(plain.stdout).not.toContain('::error');
}, 120_000);
