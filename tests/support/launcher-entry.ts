/**
 * A TypeScript entry a launcher test writes into the project (tests/unit/.<stem>-<pid>.ts) and
 * has the launcher make a module of (generator/typescript-module.js), and the cleaning up of both.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll } from 'vitest';
import { projectRoot } from './site-build.ts';

/** The project's module cache, where the launcher makes the tests' modules. */
export const moduleCacheFolder = path.join(projectRoot, 'node_modules/.cache/clubsite');

/** The entry's name and path; removed with all that was made of it once the file's tests are done. */
export function launcherEntry(stem: string): {
  name: string;
  entry: string;
  write: (lines: string[]) => Promise<void>;
} {
  const name = `.${stem}-${process.pid}`;
  const entry = `tests/unit/${name}.ts`;
  afterAll(async () => {
    const made = (await readdir(moduleCacheFolder)).filter((file) => file.startsWith(name));
    await Promise.all(
      [
        ...made.map((file) => path.join(moduleCacheFolder, file)),
        path.join(projectRoot, entry),
        path.join(moduleCacheFolder, 'chunks', name),
      ].map((file) => rm(file, { force: true, recursive: true })),
    );
  });
  return { name, entry, write: (lines) => writeFile(path.join(projectRoot, entry), lines.join('\n')) };
}
