import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../generator/build/build.ts';
import { BuildFailed, type ContentError } from '../../generator/errors.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/fixtures');
/**
 * Copies go as deep inside the repository as the fixtures are (tests/build/fixtures/<name>),
 * so the site code's relative imports of the tool (generator/contract.ts, client/island.tsx)
 * reach it from the copy too.
 */
const copies = path.resolve(fixtures, '../../../node_modules/.cache/fixtures');
const made: string[] = [];
// Copies a test file does not remove itself go when it is done.
afterAll(() => Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

/**
 * A copy of a fixture site in a temporary folder, with some files replaced (text) or removed
 * (null).
 */
export async function fixtureSite(name: string, changes: Record<string, string | null> = {}): Promise<string> {
  await mkdir(copies, { recursive: true });
  const dir = await mkdtemp(path.join(copies, `${name}-`));
  made.push(dir);
  await cp(path.join(fixtures, name), dir, { recursive: true });
  for (const [file, text] of Object.entries(changes)) {
    const target = path.join(dir, file);
    if (text === null) {
      await rm(target, { force: true });
    } else {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    }
  }
  return dir;
}

export function buildFixture(dir: string, options: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ root: dir, now: '2025-12-10T18:00', ...options });
}

/** The errors a build fails with (and fails the test if it succeeds). */
export async function buildErrors(dir: string, options: Partial<BuildOptions> = {}): Promise<ContentError[]> {
  try {
    await buildFixture(dir, options);
  } catch (error) {
    if (error instanceof BuildFailed) return error.errors;
    throw error;
  }
  throw new Error('expected the build to fail');
}

export const text = (result: BuildResult, file: string): string => {
  const data = result.files.get(file);
  if (data === undefined) throw new Error(`no ${file} in the output`);
  return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
};
