import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type BuildResult } from '../../generator/build.ts';
import { BuildFailed, type ContentError } from '../../generator/errors.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/fixtures');

/**
 * A copy of a fixture site in a temporary folder, with some files replaced (text) or removed
 * (null). The site code in the copy imports the generator's contract by a relative path only
 * as a type, so the copy builds anywhere.
 */
export async function fixtureSite(name: string, changes: Record<string, string | null> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `clubsite-${name}-`));
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
