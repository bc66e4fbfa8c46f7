/**
 * A site in a folder of its own, outside this checkout, as the tests and benchmarks make one:
 * it finds the tool as a project that linked it would (`npm link clubsite`), and is built with
 * the names its configuration gives, as the CLI builds it.
 */
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions } from '../../generator/pipeline/build.ts';
import { readProject } from '../../generator/config/project-config.ts';
import { projectRoot } from './site-build.ts';

/** Links this checkout as the site's node_modules/clubsite (its other packages are the generator's own). */
export async function linkTool(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  await symlink(projectRoot, path.join(dir, 'node_modules', 'clubsite'), 'dir');
}

/** What the pipeline takes of a project's configuration (clubsite.config.ts), as the CLI hands it. */
export async function projectOptions(dir: string): Promise<BuildOptions> {
  const { root, contentDir, siteEntry, defaultTemplate } = await readProject(dir);
  return { root, contentDir, siteEntry, defaultTemplate };
}
