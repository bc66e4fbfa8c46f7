import { mkdir, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles generator/cli.ts (dependencies stay external) and imports it. */
export async function loadGenerator() {
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'generator/cli.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    sourcemap: 'inline',
    outfile: path.join(root, 'node_modules/.cache/clubsite/cli.mjs'),
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  const file = path.join(root, 'node_modules/.cache/clubsite', `cli-${hash}.mjs`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, code);
  return import(pathToFileURL(file).href);
}
