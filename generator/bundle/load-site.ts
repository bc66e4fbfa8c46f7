import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { SiteDefinition } from '../contract.ts';
import { ContentError } from '../errors.ts';
import { contentHash } from '../hash.ts';

export interface LoadedSite {
  site: SiteDefinition;
  /** Source files the site module is made of (absolute), for the dev server's watcher. */
  inputs: string[];
}

/**
 * Bundles the site definition (templates, components, schemas) for Node and imports it.
 * Packages stay external so the site shares React and Zod with the generator. The module is
 * written under node_modules/.cache/clubsite with its content hash in the name: the same sources are
 * imported once per process, and an edited template gets a fresh module.
 */
export async function loadSite(root: string, entry: string): Promise<LoadedSite> {
  const candidates = /\.[cm]?[jt]sx?$/.test(entry)
    ? [entry]
    : ['.ts', '.tsx', '.js', '.jsx'].map((extension) => `${entry}${extension}`);
  if (!candidates.some((candidate) => existsSync(path.resolve(root, candidate)))) {
    throw new ContentError({
      code: 'missing-file',
      file: candidates[0] ?? entry,
      message: `There is no site definition in ${root}.`,
      hint: `Run clubsite in the site's folder (the one with content/ and ${candidates[0]}).`,
    });
  }
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: [`./${path.relative(root, path.resolve(root, entry)).split(path.sep).join('/')}`],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      write: false,
      metafile: true,
      logLevel: 'silent',
      sourcemap: 'inline',
      outfile: 'site.mjs',
    });
  } catch (error) {
    throw bundleError(error, root);
  }
  const code = result.outputFiles[0]?.text ?? '';
  const cacheDir = moduleCacheDir();
  await mkdir(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `site-${contentHash(code)}.mjs`);
  await writeFile(file, code);
  const module = (await import(pathToFileURL(file).href)) as { default: SiteDefinition };
  return {
    site: module.default,
    inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)),
  };
}

/**
 * Where bundled site modules are written: beside the packages the generator uses, so that the
 * site's `react` and `zod` are the generator's own, wherever the content folder is.
 */
function moduleCacheDir(): string {
  const react = createRequire(import.meta.url).resolve('react/package.json');
  return path.join(path.dirname(path.dirname(react)), '.cache', 'clubsite');
}

/** esbuild's first message as a ContentError: a syntax error in a template is the volunteer's to fix. */
export function bundleError(error: unknown, root: string): ContentError | unknown {
  const failure = error as { errors?: esbuild.Message[] };
  const first = failure.errors?.[0];
  if (!first) return error;
  return new ContentError({
    code: 'bundle-failed',
    file: first.location
      ? path.relative(root, path.resolve(root, first.location.file)).split(path.sep).join('/')
      : '(site code)',
    line: first.location?.line,
    column: first.location ? first.location.column + 1 : undefined,
    message: first.text,
    hint: 'Fix the code at this line; the rest of the site is left as it was.',
  });
}
