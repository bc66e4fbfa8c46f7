// The admin's configuration (dist/admin/config.yml) is what Decap CMS's own check accepts, for the
// club's site and for the one `clubsite new` writes, and it has an input for every field the
// schemas give: a schema field the form leaves out is a field a volunteer cannot fill in.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../generator/pipeline/build.ts';
import { loadSite } from '../../generator/bundle/load-site.ts';
import type { SiteDefinition } from '../../generator/contract/index.ts';
import { withLocalBackend } from '../../generator/dev/cms-local-backend.ts';
import { jsonSchemaOf, pageJsonSchema, type JsonSchema } from '../../generator/schema/json-schemas.ts';
import { decapValidator, type ValidateConfig } from '../support/decap-validator.ts';
import { projectRoot } from '../support/site-build.ts';
import { type StarterSite, starterSite } from '../support/starter-site.ts';

interface Field {
  name: string;
  widget: string;
  fields?: Field[];
  field?: Field;
  options?: string[];
}
interface Collection {
  name: string;
  label: string;
  folder?: string;
  fields?: Field[];
  files?: Array<{ name: string; file: string; fields: Field[] }>;
}
interface Config {
  locale: string;
  collections: Collection[];
}

let validate: ValidateConfig;
let starter: StarterSite;
beforeAll(async () => {
  [validate, starter] = await Promise.all([decapValidator(), starterSite()]);
}, 120_000);
afterAll(() => starter?.remove());

async function configOf(root: string): Promise<{ config: Config; site: SiteDefinition; text: string }> {
  const result = await build({ root, now: '2025-12-10T18:00' });
  const text = String(result.files.get('admin/config.yml'));
  return { config: JSON.parse(text) as Config, site: (await loadSite(root, 'templates/index')).site, text };
}

/** The paths a schema's fields have (`slots.time`), into objects and lists; a record's keys are the file's, so it stops there. */
function schemaPaths(schema: JsonSchema, at = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${at}${name}`;
    const options = (property.anyOf ?? property.oneOf ?? [property]) as JsonSchema[];
    const inner = options.flatMap((option) => {
      const shape = option.type === 'array' ? ((option.items ?? {}) as JsonSchema) : option;
      return shape.properties ? schemaPaths(shape, `${path}.`) : [];
    });
    return [path, ...inner];
  });
}

/** The paths of the fields a volunteer can fill in: a hidden one is none (but a page's template, fixed by its file). */
function fieldPaths(fields: readonly Field[], at = ''): string[] {
  return fields.flatMap((field) => {
    if (field.widget === 'hidden' && field.name !== 'template') return [];
    const path = `${at}${field.name}`;
    const inner = field.fields && field.widget === 'list' ? fieldPaths(field.fields, `${path}.`) : [];
    const object = field.fields && field.widget === 'object' ? fieldPaths(field.fields, `${path}.`) : [];
    return [path, ...inner, ...object];
  });
}

/**
 * Every field of every schema with its input, by collection and file: what the form lacks. A
 * record (keys of the file's own choosing, like redirects) gets an input for each key the file
 * has: one with no key yet has none (README.md, «What the form cannot hold»), and is told apart.
 */
function missingInputs(site: SiteDefinition, config: Config): string[] {
  const missing: string[] = [];
  const check = (where: string, schema: JsonSchema, fields: readonly Field[]) => {
    const have = new Set(fieldPaths(fields));
    for (const path of schemaPaths(schema)) {
      if (have.has(path)) continue;
      const property = schema.properties?.[path];
      const emptyRecord = property?.type === 'object' && !property.properties;
      missing.push(`${where}: ${path}${emptyRecord ? ' (a record with no key yet)' : ''}`);
    }
  };
  for (const [name, collection] of Object.entries(site.collections)) {
    const made = config.collections.find((each) => each.name === name);
    if (!made) {
      missing.push(`${name}: no collection`);
      continue;
    }
    const fields = 'files' in collection ? made.fields : made.files?.[0]?.fields;
    check(name, jsonSchemaOf(collection.schema), fields ?? []);
  }
  const pages = config.collections.find((each) => each.name === 'pages');
  for (const file of pages?.files ?? []) {
    const template = String((file.fields.find((field) => field.name === 'template') as { default?: string })?.default);
    check(file.file, pageJsonSchema(site, template), file.fields);
  }
  return missing;
}

describe('the admin’s configuration', () => {
  test('the club’s passes Decap CMS’s own check, as built and as the dev server hands it out', async () => {
    const { config, text } = await configOf(projectRoot);
    expect(() => validate(config)).not.toThrow();
    expect(() => validate(JSON.parse(withLocalBackend(text, 'http://127.0.0.1:4321', '/')))).not.toThrow();
    expect(config.locale).toBe('nb_no');
  }, 60_000);

  test('a configuration Decap refuses is refused here too (the check is real)', async () => {
    const { config } = await configOf(projectRoot);
    const broken = structuredClone(config);
    (broken.collections[0] as { fields?: unknown }).fields = [{ label: 'Overskrift', widget: 'string' }];
    expect(() => validate(broken)).toThrow(/must have required property 'name'/);
  }, 60_000);

  test('the club’s collections, pages and fields: every schema field has an input', async () => {
    const { config, site } = await configOf(projectRoot);
    expect(config.collections.map((each) => `${each.name}: ${each.label}`)).toEqual([
      'news: Nyheter',
      'pages: Sider',
      'site: Klubben og forsiden',
      'menu: Menyen',
      'courses: Kurs og nivåtest',
      'trainingTimes: Treningstider',
      'photos: Bilder og samtykke',
    ]);
    const pages = config.collections.find((each) => each.name === 'pages')?.files ?? [];
    expect(pages.map((page) => page.file)).toContain('content/pages/julekalender/2025.yaml');
    const files = await readdir(path.join(projectRoot, 'content/pages'), { recursive: true });
    expect(pages).toHaveLength(files.filter((file) => /\.(md|ya?ml)$/.test(file)).length);
    expect(missingInputs(site, config)).toEqual([]);
    // The cross-field rule as a select of the file's own lists.
    const slots = config.collections
      .find((each) => each.name === 'trainingTimes')
      ?.files?.[0]?.fields.find((field) => field.name === 'slots');
    const group = slots?.fields?.find((field) => field.name === 'group');
    expect(group).toMatchObject({ widget: 'select', options: ['A', 'B', 'C', 'D', 'E', 'F'] });
    // Issue 45: a photo's people and consents are fields of the form.
    const photo = config.collections
      .find((each) => each.name === 'photos')
      ?.files?.[0]?.fields.find((field) => field.name === 'photos');
    expect(photo?.fields?.map((field) => field.name)).toEqual([
      'file',
      'shows',
      'people',
      'consent',
      'noConsentNeeded',
    ]);
    expect(photo?.fields?.find((field) => field.name === 'people')).toMatchObject({
      widget: 'select',
      options: ['ingen', 'ikke-gjenkjennelige', 'gjenkjennelige'],
    });
    const consent = photo?.fields?.find((field) => field.name === 'consent');
    expect(consent?.fields?.map((field) => field.name)).toEqual(['person', 'givenBy', 'date']);
  }, 60_000);

  test('the starter’s comes from its own schemas, passes Decap’s check and has every field', async () => {
    const { config, site } = await configOf(starter.root);
    expect(() => validate(config)).not.toThrow();
    expect(config.collections.map((each) => each.name)).toEqual(['news', 'pages', 'site', 'activities']);
    expect(missingInputs(site, config)).toEqual(['site: redirects (a record with no key yet)']);
  }, 60_000);
});
