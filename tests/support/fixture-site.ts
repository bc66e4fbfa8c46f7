import { cp, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../generator/pipeline/build.ts';
import { BuildFailed, type ContentError } from '../../generator/errors.ts';
import { linkTool, projectOptions } from './outside-project.ts';

export { projectOptions };

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/fixtures');
const made: string[] = [];
// Copies a test file does not remove itself go when it is done.
afterAll(() => Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

/**
 * A copy of a fixture site in a temporary folder outside the repository, with some files
 * replaced (text) or removed (null). It finds the tool as a project that linked it would
 * (`npm link clubsite`): node_modules/clubsite is this checkout; its other packages are the
 * generator's own (the tests that install the packed tool are tests/browser/package.test.ts).
 */
export async function fixtureSite(name: string, changes: Record<string, string | null> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `clubsite-${name}-`));
  made.push(dir);
  await cp(path.join(fixtures, name), dir, { recursive: true });
  await linkTool(dir);
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

export async function buildFixture(dir: string, options: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ ...(await projectOptions(dir)), now: '2025-12-10T18:00', ...options });
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

/**
 * Puts the files under `folder` a minute back, as a volunteer left them a while ago: a build
 * keeps the code it bundles only of files not written in the last moments (pipeline/kept-bundle.ts).
 */
export async function aged(folder: string): Promise<void> {
  const then = new Date(Date.now() - 60_000);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git') await aged(file);
    else if (entry.isFile()) await utimes(file, then, then);
  }
}
