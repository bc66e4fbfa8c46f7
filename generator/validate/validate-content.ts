import { z, type ZodType } from 'zod';
import type { SiteDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedContent, ValidatedPage } from '../model/pages.ts';
import type { LoadedContent, PageSource, YamlSource } from '../model/source.ts';
import { positionOf } from '../source-positions.ts';
import { closestName, knownFields } from './closest-name.ts';
import { describeIssue, fieldPath } from './describe-issue.ts';
import { say } from '../messages/say.ts';

/** What every page's front matter has, whatever its template. */
export const basePageSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  /** Default: the project's default template (validatePage). */
  template: z.string().optional(),
  /** Raw HTML in the Markdown body is shown as text unless a page opts in. */
  allowHtml: z.boolean().default(false),
});

/** A template's own fields, unknown ones refused whether or not the template's schema says so. */
export function strict(schema: ZodType | undefined): ZodType {
  if (!schema) return NO_FIELDS;
  if (!(schema instanceof z.ZodObject)) return schema;
  // Made once per schema: Zod compiles a schema on its first use, which costs more than a check.
  let made = strictSchemas.get(schema);
  if (!made) {
    made = schema.strict();
    strictSchemas.set(schema, made);
  }
  return made;
}

const NO_FIELDS = z.strictObject({});
const strictSchemas = new WeakMap<ZodType, ZodType>();

/**
 * Checks a parsed file against a schema; each problem becomes a ContentError at its line.
 * `alsoKnown` are fields checked elsewhere that may stand at the top level (a page's title and
 * template next to its template's own fields), offered when an unknown field is misspelt.
 */
export function validateSource<T>(
  source: YamlSource,
  schema: ZodType<T>,
  errors: ContentError[],
  alsoKnown: readonly string[] = [],
): T | undefined {
  const result = schema.safeParse(source.data, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const input = 'input' in issue ? issue.input : undefined;
    if (issue.code === 'unrecognized_keys') {
      // Unknown keys are reported on the block that holds them: point at each bad key itself.
      const known = [...knownFields(schema, issue.path), ...(issue.path.length === 0 ? alsoKnown : [])];
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const { line, column } = positionOf(source, path, 'key');
        const suggestion = closestName(key, known);
        errors.push(
          new ContentError({
            code: 'invalid-field',
            file: source.file,
            line,
            column,
            field: fieldPath(path),
            ...say('invalid-field/unknown', { key, suggestion, known }),
          }),
        );
      }
      continue;
    }
    const { line, column } = positionOf(source, issue.path, 'value');
    errors.push(
      new ContentError({
        code: 'invalid-field',
        file: source.file,
        line,
        column,
        field: fieldPath(issue.path) || undefined,
        ...describeIssue(issue, input),
      }),
    );
  }
  return undefined;
}

export function validateContent(
  content: LoadedContent,
  site: SiteDefinition,
  errors: ContentError[],
  defaultTemplate: string,
  validated?: ValidatedPages,
): ValidatedContent {
  const data: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(site.collections)) {
    const source = content.collections.get(name);
    if (source) data[name] = validateSource(source, definition.schema, errors);
  }
  const pages: ValidatedPage[] = [];
  for (const sourcePage of content.pages) {
    const known = validated?.get(sourcePage);
    if (known?.site === site) {
      pages.push(known.page);
      continue;
    }
    const before = errors.length;
    const page = validatePage(sourcePage, site, errors, defaultTemplate);
    if (page) pages.push(page);
    if (page && errors.length === before) validated?.set(sourcePage, { site, page });
  }
  return { data, pages };
}

/**
 * Valid pages by their parsed source, kept by a dev session (BuildOptions.reuse). The dev server
 * keeps a page's parsed source while its text is unchanged (load/load-content.ts), so an
 * unchanged page is not validated again.
 */
export interface ValidatedPages {
  get(source: PageSource): { site: SiteDefinition; page: ValidatedPage } | undefined;
  set(source: PageSource, valid: { site: SiteDefinition; page: ValidatedPage }): void;
}

/** The fields every page has; the template's own are checked apart. */
const looseBaseSchema = basePageSchema.loose();

function validatePage(
  sourcePage: PageSource,
  site: SiteDefinition,
  errors: ContentError[],
  defaultTemplate: string,
): ValidatedPage | undefined {
  const base = validateSource(sourcePage.frontMatter, looseBaseSchema, errors);
  const raw = sourcePage.frontMatter.data;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  // The template's fields are checked even when a base field is wrong, so that every problem
  // of the front matter is told at once (a misspelt description is missing and unknown).
  const templateName =
    base?.template ??
    (typeof (raw as { template?: unknown }).template === 'string'
      ? (raw as { template: string }).template
      : defaultTemplate);
  const template = site.templates[templateName];
  // A page file may use any template but those that make their own pages from data.
  const fileTemplates = () =>
    Object.keys(site.templates)
      .filter((name) => !site.templates[name]?.routes)
      .sort()
      .join(', ');
  if (!template || template.routes) {
    const { line, column } = positionOf(sourcePage.frontMatter, ['template']);
    errors.push(
      new ContentError({
        code: 'unknown-template',
        file: sourcePage.file,
        line,
        column,
        field: 'template',
        ...(template
          ? say('unknown-template/from-data', { name: String(templateName), known: fileTemplates() })
          : say('unknown-template', {
              name: String(templateName),
              known: Object.keys(site.templates).sort().join(', '),
            })),
      }),
    );
    return undefined;
  }
  const baseFields = Object.keys(basePageSchema.shape);
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !baseFields.includes(key)));
  // Every template's front matter is strict: a template that reads no fields of its own takes none.
  const extra = validateSource(withData(sourcePage.frontMatter, rest), strict(template.schema), errors, baseFields);
  if (!base || extra === undefined) return undefined;
  const { title, description, allowHtml } = base;
  return {
    route: sourcePage.route,
    title,
    description,
    template: templateName,
    noindex: template.noindex === true,
    data: { ...(extra as Record<string, unknown>), allowHtml },
    source: sourcePage.file,
    sourcePage,
    frontMatter: sourcePage.frontMatter,
  };
}

/**
 * A front matter with other data: its file, and its places as they are asked for (a kept page's
 * are decoded only then, and read through its class, which a spread would not copy).
 */
function withData(source: YamlSource, data: unknown): YamlSource {
  return {
    file: source.file,
    data,
    get nodes() {
      return source.nodes;
    },
  };
}
