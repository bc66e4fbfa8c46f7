/**
 * What clubsite.config.ts may set, checked with Zod: loaded by project-config.ts only for a
 * project that has the file.
 */
import path from 'node:path';
import { z } from 'zod';
import { BuildFailed, ContentError } from '../errors.ts';
import type { ProjectNames } from '../model/project.ts';
import { say } from '../messages/say.ts';

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

/** The names the configuration file's default export sets; throws BuildFailed with every mistake in it. */
export function checkedConfig(given: unknown, file: string): Partial<ProjectNames> {
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) throw new BuildFailed(parsed.error.issues.map((issue) => configProblem(issue, file)));
  return parsed.data;
}

function configProblem(issue: z.core.$ZodIssue, file: string): ContentError {
  const field = issue.path.map(String).join('.');
  const known = Object.keys(configSchema.shape).join(', ');
  if (issue.code === 'unrecognized_keys')
    return new ContentError({
      code: 'invalid-field',
      file,
      field: issue.keys.join(', '),
      ...say('invalid-field/config-unknown', { keys: issue.keys, known }),
    });
  return new ContentError({
    code: 'invalid-field',
    file,
    field: field || undefined,
    ...say('invalid-field/config', { message: field ? issue.message : undefined, known }),
  });
}
