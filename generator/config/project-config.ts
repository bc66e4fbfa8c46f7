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
import { z } from 'zod';
import { bundleError } from '../bundle/load-site.ts';
import { BuildFailed, ContentError } from '../errors.ts';
import { DEFAULT_NAMES, type ProjectNames } from '../model/project.ts';

export const CONFIG_FILE = 'clubsite.config.ts';

export interface Project extends ProjectNames {
  /** The project's folder (absolute). */
  root: string;
  /** The configuration file, relative to the root, when the project has one. */
  file: string | undefined;
}

const inProject = (example: string) =>
  z
    .string({ error: `Expected a path, like "${example}".` })
    .trim()
    .min(1, `Expected a path, like "${example}".`)
    .refine((value) => !path.isAbsolute(value) && !value.split(/[\\/]/).includes('..'), {
      error: `Expected a path inside the project, like "${example}".`,
    });

const configSchema = z.strictObject({
  siteEntry: inProject('src/site.tsx').optional(),
  contentDir: inProject('data').optional(),
  defaultTemplate: z
    .string({ error: 'Expected the name of a template, like "page".' })
    .trim()
    .min(1, 'Expected the name of a template, like "page".')
    .optional(),
  outDir: z
    .string({ error: 'Expected a folder, like "public".' })
    .trim()
    .min(1, 'Expected a folder, like "public".')
    .optional(),
});

/** The project at `root`: its configuration file's names over the defaults. Throws BuildFailed on a mistake in the file. */
export async function readProject(root: string): Promise<Project> {
  const absolute = path.resolve(root);
  if (!existsSync(path.join(absolute, CONFIG_FILE))) return { root: absolute, file: undefined, ...DEFAULT_NAMES };
  const given = await runConfig(absolute);
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) throw new BuildFailed(parsed.error.issues.map(configProblem));
  return { root: absolute, file: CONFIG_FILE, ...DEFAULT_NAMES, ...parsed.data };
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

function configProblem(issue: z.core.$ZodIssue): ContentError {
  const field = issue.path.map(String).join('.');
  const known = Object.keys(configSchema.shape).join(', ');
  if (issue.code === 'unrecognized_keys')
    return new ContentError({
      code: 'invalid-field',
      file: CONFIG_FILE,
      field: issue.keys.join(', '),
      message: `There is no setting called ${issue.keys.map((key) => `"${key}"`).join(' or ')}.`,
      hint: `The settings are ${known}; remove the others, or correct their spelling.`,
    });
  return new ContentError({
    code: 'invalid-field',
    file: CONFIG_FILE,
    field: field || undefined,
    message: field ? issue.message : 'Expected defineConfig({ … }) as the default export.',
    hint: `Write export default defineConfig({ … }) with any of ${known}; each has a default.`,
  });
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
