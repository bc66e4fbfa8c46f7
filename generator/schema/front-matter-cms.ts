/**
 * Editor help for the front matter of Markdown files. The YAML extension checks YAML files
 * only, never the front matter of a `.md` file; the Front Matter CMS extension for VS Code
 * (eliostruyf.vscode-front-matter) shows, beside a Markdown file, a panel with each field, its
 * description and whether it must be there, read from `frontmatter.json` at the top of the
 * project. clubsite writes that file from the same JSON Schemas as content/.schemas: one
 * content type for the pages folder (the fields every page has and those of the default
 * template) and one for each folder collection (a news post), each tied to its folder, which
 * is how the extension knows a file's type without a `type:` field.
 */
import type { SiteDefinition } from '../contract/index.ts';
import { type JsonSchema, jsonSchemaOf, jsonSchemas, pageSchemaFile } from './json-schemas.ts';

/** The template a page without `template:` uses (validate-content.ts). */
const DEFAULT_TEMPLATE = 'article';

interface Field {
  title: string;
  name: string;
  type: string;
  description?: string;
  required?: boolean;
  choices?: string[];
  fields?: Field[];
  fieldGroup?: string;
}

interface FieldGroup {
  id: string;
  labelField: string;
  fields: Field[];
}

/** `frontmatter.json`: the page folders, their content types, and the field groups of their lists. */
export function frontMatterCms(site: SiteDefinition, contentFolder: string): string {
  const groups: FieldGroup[] = [];
  const pageTemplates = Object.entries(site.templates)
    .filter(([, template]) => !template.routes)
    .map(([name]) => name);
  const pages = JSON.parse(jsonSchemas(site).get(pageSchemaFile(DEFAULT_TEMPLATE)) ?? '{}') as JsonSchema;
  if (pages.properties?.template) pages.properties.template = { ...pages.properties.template, enum: pageTemplates };
  const types = [{ name: 'page', folder: site.pages, schema: pages }];
  for (const [name, collection] of Object.entries(site.collections)) {
    if ('files' in collection)
      types.push({ name, folder: collection.files.split('/*', 1)[0] ?? '', schema: jsonSchemaOf(collection.schema) });
  }
  const config = {
    $schema: 'https://frontmatter.codes/frontmatter.schema.json',
    'frontMatter.content.pageFolders': types.map(({ name, folder }) => ({
      title: folder,
      path: `[[workspace]]/${contentFolder}/${folder}`,
      contentTypes: [name],
    })),
    'frontMatter.taxonomy.contentTypes': types.map(({ name, schema }) => ({
      name,
      pageBundle: false,
      fields: fieldsOf(schema, name, groups),
    })),
    'frontMatter.taxonomy.fieldGroups': groups,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The fields of an object schema, as the extension types them; a list of blocks becomes a field group. */
function fieldsOf(schema: JsonSchema, at: string, groups: FieldGroup[]): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const field: Field = { title: name, name, type: 'string' };
    if (typeof property.description === 'string') field.description = property.description;
    if (required.has(name)) field.required = true;
    const items = property.items as JsonSchema | undefined;
    if (Array.isArray(property.enum)) {
      field.type = 'choice';
      field.choices = property.enum.map(String);
    } else if (property.type === 'boolean') field.type = 'boolean';
    else if (property.type === 'number' || property.type === 'integer') field.type = 'number';
    else if (property.type === 'object') {
      field.type = 'fields';
      field.fields = fieldsOf(property as JsonSchema, `${at}-${name}`, groups);
    } else if (property.type === 'array' && items?.type === 'object') {
      const id = `${at}-${name}`;
      const fields = fieldsOf(items, id, groups);
      groups.push({ id, labelField: fields[0]?.name ?? name, fields });
      field.type = 'block';
      field.fieldGroup = id;
    } else if (property.type === 'array') field.type = 'list';
    return field;
  });
}
