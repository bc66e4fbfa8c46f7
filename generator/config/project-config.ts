/**
 * The project's configuration, read once: `clubsite.config.ts` beside package.json (when there
 * is one) names the site definition, the content folder, the default template and the output
 * folder; what it leaves out keeps today's names (model/project.ts). The CLI reads it here and
 * hands the names to every command: the pipeline and the servers get them as options.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { BuildFailed, type ContentError } from '../errors.ts';
import { DEFAULT_NAMES, type ProjectNames } from '../model/project.ts';

const CONFIG_FILE = 'clubsite.config.ts';

export interface Project extends ProjectNames {
  /** The project's folder (absolute). */
  root: string;
  /** The configuration file, relative to the root, when the project has one. */
  file: string | undefined;
}

/** The project at `root`: its configuration file's names over the defaults. Throws BuildFailed on a mistake in the file. */
export async function readProject(root: string): Promise<Project> {
  const absolute = path.resolve(root);
  if (!existsSync(path.join(absolute, CONFIG_FILE))) return { root: absolute, file: undefined, ...DEFAULT_NAMES };
  const given = await runConfig(absolute);
  // Zod is loaded for a project that has the file: a build that finds nothing changed needs none.
  const { checkedConfig } = await import('./config-schema.ts');
  return { root: absolute, file: CONFIG_FILE, ...DEFAULT_NAMES, ...checkedConfig(given, CONFIG_FILE) };
}

/** The file bundled (it may import `clubsite` for defineConfig) and run; its default export. */
async function runConfig(root: string): Promise<unknown> {
  const file = path.join(root, CONFIG_FILE);
  let code: string;
  // Loaded only for a project that has the file: `preview` of one that has none needs no bundler.
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      entryPoints: [`./${CONFIG_FILE}`],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      outfile: 'config.cjs',
    });
    code = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    const { bundleError } = await import('../bundle/load-site.ts');
    throw new BuildFailed([bundleError(error, root) as ContentError]);
  }
  const module = { exports: {} as { default?: unknown } };
  vm.compileFunction(code, ['exports', 'module', 'require'], { filename: file })(
    module.exports,
    module,
    createRequire(file),
  );
  return module.exports.default;
}

/**
 * The folders of the project a build never replaces (absolute): the content folder, the folders
 * the site's code comes from (a file's top folder in the project, `templates/` for
 * templates/home.tsx: the site definition's at first, every input of its bundles once they are
 * made), node_modules/ and .git/.
 */
export function sourceFolders(project: Project, codeFiles: readonly string[] = []): string[] {
  const { root } = project;
  const folders = new Set([
    path.resolve(root, project.contentDir),
    path.join(root, 'node_modules'),
    path.join(root, '.git'),
  ]);
  for (const file of [path.resolve(root, project.siteEntry), ...codeFiles]) {
    const [top, ...rest] = path.relative(root, path.resolve(root, file)).split(path.sep);
    if (top && top !== '..' && !path.isAbsolute(top) && rest.length > 0) folders.add(path.join(root, top));
  }
  return [...folders];
}
