// Issue 27's check: an incremental build equals a cold one, byte for byte, after each of a
// seeded sequence of edits (tests/support/equivalence.ts); `npm run equivalence` runs hundreds.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { writeSyntheticPages } from '../bench/synthetic-pages.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { equivalence, type Step } from '../support/equivalence.ts';

const projects: DevProject[] = [];
afterAll(() => Promise.all(projects.map((project) => project.remove())));

async function run(synthetic: number, edits: number, seed: number): Promise<Step[]> {
  const project = await copyProject();
  projects.push(project);
  if (synthetic > 0) await writeSyntheticPages(path.join(project.contentDir, 'pages'), synthetic);
  const steps: Step[] = [];
  for await (const step of equivalence(project.root, edits, seed)) steps.push(step);
  return steps;
}

describe('an incremental build equals a cold build of the same state', () => {
  test('the club site, 30 edits', async () => {
    const steps = await run(0, 30, 27);
    expect(steps.filter((step) => step.differences.length > 0)).toEqual([]);
    // The cache did work: most builds reused most pages.
    expect(steps.filter((step) => (step.reused ?? 0) > (step.rendered ?? 0)).length).toBeGreaterThan(15);
  }, 300_000);

  test('the club site with 300 synthetic pages, 30 edits', async () => {
    const steps = await run(300, 30, 28);
    expect(steps.filter((step) => step.differences.length > 0)).toEqual([]);
    expect(steps.filter((step) => (step.reused ?? 0) > 300).length).toBeGreaterThan(15);
  }, 300_000);
});
