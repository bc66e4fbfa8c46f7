/**
 * JSON Schemas of the content files, for editors: a volunteer's YAML extension reads them
 * (`# yaml-language-server: $schema=…` on a file's first line) to complete field names, show
 * each field's description on hover and underline a mistake before any build. They come from
 * the site's own Zod schemas (z.toJSONSchema), one per collection and one per page template
 * (the fields every page has plus the template's own), so they cannot drift from what the
 * build checks; what JSON Schema cannot say (a refine) stays the build's to report.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z, type ZodType } from 'zod';
import type { SiteDefinition } from '../contract/index.ts';
import { basePageSchema } from '../validate/validate-content.ts';

export type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
};

/**
 * A Zod schema as JSON Schema (draft 7), as what a file may hold (its input): made once per
 * schema, since the admin's configuration asks for every page's at every build (z.toJSONSchema
 * of the club's 30 pages took most of the build's last stage, 150-200 ms). Read it, never change it.
 */
export function jsonSchemaOf(schema: ZodType): JsonSchema {
  let made = madeSchemas.get(schema);
  if (!made) {
    made = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
    madeSchemas.set(schema, made);
  }
  return made;
}

const madeSchemas = new WeakMap<ZodType, JsonSchema>();

/** The schema file of a collection: content/training-times.yaml → training-times.json (lenker.json → lenker.json). */
export function collectionSchemaFile(file: string): string {
  return `${file.replace(/\.(ya?ml|json)$/, '').replace(/[\\/]/g, '-')}.json`;
}

/** The schema file of a page with this template. */
export function pageSchemaFile(template: string): string {
  return `page-${template}.json`;
}

/** Every schema file by name → its JSON text (stable: same site, same bytes). */
export function jsonSchemas(site: SiteDefinition): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, collection] of Object.entries(site.collections)) {
    // A folder collection's files are Markdown: editors get no YAML schema for their front matter.
    if (!('file' in collection)) continue;
    files.set(collectionSchemaFile(collection.file), format({ title: name, ...jsonSchemaOf(collection.schema) }));
  }
  for (const [name, template] of Object.entries(site.templates)) {
    // A template that makes its pages from data is never picked by a page file.
    if (template.routes) continue;
    files.set(pageSchemaFile(name), format(pageJsonSchema(site, name)));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The fields of a page with this template: those every page has (with the site's help for them) and the template's own. */
export function pageJsonSchema(site: SiteDefinition, name: string): JsonSchema {
  const base = jsonSchemaOf(basePageSchema);
  const template = site.templates[name];
  const own = template?.schema ? jsonSchemaOf(template.schema) : undefined;
  const properties: Record<string, Record<string, unknown>> = {
    ...base.properties,
    ...own?.properties,
    template: { type: 'string', const: name },
  };
  for (const [field, help] of Object.entries(site.pageFieldHelp ?? {})) {
    if (properties[field]) properties[field] = { ...properties[field], description: help };
  }
  const schema: JsonSchema = {
    $schema: base.$schema,
    title: name,
    type: 'object',
    properties,
    required: [...new Set([...(base.required ?? []), ...(own?.required ?? [])])],
  };
  if (own?.additionalProperties === false) schema.additionalProperties = false;
  return schema;
}

function format(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** Writes the schemas into a folder, removing schema files nothing makes any more. Returns the names of changed files. */
export async function writeJsonSchemas(site: SiteDefinition, dir: string): Promise<string[]> {
  const schemas = jsonSchemas(site);
  await mkdir(dir, { recursive: true });
  const changed: string[] = [];
  for (const name of await readdir(dir)) {
    if (name.endsWith('.json') && !schemas.has(name)) {
      await rm(path.join(dir, name));
      changed.push(name);
    }
  }
  for (const [name, text] of schemas) {
    const current = await readFile(path.join(dir, name), 'utf8').catch(() => undefined);
    if (current === text) continue;
    await writeFile(path.join(dir, name), text);
    changed.push(name);
  }
  return changed;
}
