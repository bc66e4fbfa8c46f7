import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles a TypeScript entry of this project for Node (packages stay external) into
 * node_modules/.cache/clubsite/ under its content hash (written whole, see writeModule), and imports it.
 */
export async function importTypeScript(entry) {
  const result = await esbuild.build({
    entryPoints: [path.resolve(root, entry)],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    sourcemap: 'inline',
    outfile: path.join(root, 'node_modules/.cache/clubsite/entry.mjs'),
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = path.join(root, 'node_modules/.cache/clubsite', `${path.basename(entry, '.ts')}-${hash}.mjs`);
  await writeModule(file, code);
  return import(pathToFileURL(file).href);
}

/**
 * Writes a cached module under a temporary name and renames it into place, so that another
 * clubsite running at the same time imports a whole file or none (never a half-written one).
 * A module already there with the same code is left alone.
 */
export async function writeModule(file, code) {
  if ((await readFile(file, 'utf8').catch(() => undefined)) === code) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temporary, code);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export const loadGenerator = () => importTypeScript('generator/cli.ts');
