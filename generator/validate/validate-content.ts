import { z, type ZodType } from 'zod';
import type { PageSummary, SiteDefinition } from '../contract.ts';
import { ContentError } from '../errors.ts';
import type { LoadedContent } from '../load/load-content.ts';
import type { PageSource } from '../load/page-source.ts';
import { locate, type YamlSource } from '../load/yaml-source.ts';
import { describeIssue, fieldPath } from './describe-issue.ts';

export interface ValidatedPage extends PageSummary {
  sourcePage: PageSource;
}

export interface ValidatedContent {
  data: Record<string, unknown>;
  pages: ValidatedPage[];
}

/** What every page's front matter has, whatever its template. */
export const basePageSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  template: z.string().default('article'),
  /** Raw HTML in the Markdown body is shown as text unless a page opts in. */
  allowHtml: z.boolean().default(false),
});

/** The site settings the generator itself reads from the `site` collection. */
export const siteSettingsSchema = z.object({
  origin: z.url({ protocol: /^https?$/ }),
  redirects: z
    .record(z.string().regex(/^\//, 'a route starting with /'), z.string().regex(/^\//, 'a route starting with /'))
    .default({}),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Checks a parsed file against a schema; each problem becomes a ContentError at its line. */
export function validateSource<T>(source: YamlSource, schema: ZodType<T>, errors: ContentError[]): T | undefined {
  const result = schema.safeParse(source.data, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const input = 'input' in issue ? issue.input : undefined;
    // Unknown keys are reported on the block that holds them: point at the first bad key itself.
    const path = issue.code === 'unrecognized_keys' && issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path;
    const { line, column } = locate(source, path, issue.code === 'unrecognized_keys' ? 'key' : 'value');
    const { message, hint } = describeIssue(issue, input);
    errors.push(
      new ContentError({
        code: 'invalid-field',
        file: source.file,
        line,
        column,
        field: fieldPath(path) || undefined,
        message,
        hint,
      }),
    );
  }
  return undefined;
}

export function validateContent(
  content: LoadedContent,
  site: SiteDefinition,
  errors: ContentError[],
): ValidatedContent {
  const data: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(site.collections)) {
    const source = content.collections.get(name);
    if (source) data[name] = validateSource(source, definition.schema, errors);
  }
  const pages: ValidatedPage[] = [];
  for (const sourcePage of content.pages) {
    const known = validated.get(sourcePage);
    if (known?.site === site) {
      pages.push(known.page);
      continue;
    }
    const before = errors.length;
    const page = validatePage(sourcePage, site, errors);
    if (page) pages.push(page);
    if (page && errors.length === before) validated.set(sourcePage, { site, page });
  }
  return { data, pages };
}

/**
 * Valid pages by their parsed source. The dev server keeps a page's parsed source while its
 * text is unchanged (load/load-content.ts), so an unchanged page is not validated again.
 */
const validated = new WeakMap<PageSource, { site: SiteDefinition; page: ValidatedPage }>();

function validatePage(sourcePage: PageSource, site: SiteDefinition, errors: ContentError[]): ValidatedPage | undefined {
  const base = validateSource(sourcePage.frontMatter, basePageSchema.loose(), errors);
  if (!base) return undefined;
  const template = site.templates[base.template];
  if (!template) {
    const { line, column } = locate(sourcePage.frontMatter, ['template']);
    errors.push(
      new ContentError({
        code: 'unknown-template',
        file: sourcePage.file,
        line,
        column,
        field: 'template',
        message: `There is no template called "${base.template}".`,
        hint: `Use one of: ${Object.keys(site.templates).sort().join(', ')}.`,
      }),
    );
    return undefined;
  }
  const { title, description, allowHtml, template: templateName, ...rest } = base;
  const extra = template.schema
    ? validateSource({ ...sourcePage.frontMatter, data: rest }, template.schema, errors)
    : rest;
  if (extra === undefined) return undefined;
  return {
    route: sourcePage.route,
    title,
    description,
    template: templateName,
    noindex: template.noindex === true,
    data: { ...(extra as Record<string, unknown>), allowHtml },
    source: sourcePage.file,
    sourcePage,
  };
}
