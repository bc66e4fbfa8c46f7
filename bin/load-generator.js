import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles a TypeScript entry of this project for Node (packages stay external) into
 * node_modules/.cache/clubsite/ under its content hash, and imports it.
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
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, code);
  return import(pathToFileURL(file).href);
}

export const loadGenerator = () => importTypeScript('generator/cli.ts');
