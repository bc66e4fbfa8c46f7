/**
 * The editors' JSON Schemas (content/.schemas/, written by `clubsite schema`): they are what
 * the site's Zod schemas say today (a schema changed without `npx clubsite schema` fails
 * here), every content YAML file names its schema on its first line, the club's real content
 * passes them, and the hover text is the volunteers' language.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadSite } from '../../generator/bundle/load-site.ts';
import type { SiteDefinition } from '../../generator/contract/index.ts';
import { listContentFiles } from '../../generator/load/content-files.ts';
import { frontMatterCms } from '../../generator/schema/front-matter-cms.ts';
import { collectionSchemaFile, jsonSchemas, pageSchemaFile } from '../../generator/schema/json-schemas.ts';
import { fixtureSite } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

const run = promisify(execFile);
const schemaDir = path.join(projectRoot, 'content/.schemas');
let site: SiteDefinition;

beforeAll(async () => {
  site = (await loadSite(projectRoot, 'templates/index')).site;
}, 60_000);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  description?: string;
  format?: string;
  patternErrorMessage?: string;
  oneOf?: Schema[];
};

/**
 * Every value a schema describes below its top, at any depth, with its path: a field
 * (`.slots[].time`), a list's item (`[]`), a map's value (`{}`), an either-or's option (`|0`).
 */
function valuesOf(schema: Schema, at = ''): Array<[path: string, value: Schema]> {
  const below = (path: string, value: Schema): Array<[string, Schema]> => [[path, value], ...valuesOf(value, path)];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => below(`${at}.${key}`, value)),
    ...(schema.items ? below(`${at}[]`, schema.items) : []),
    ...(typeof schema.additionalProperties === 'object' ? below(`${at}{}`, schema.additionalProperties) : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((option, index) => below(`${at}|${index}`, option)),
  ];
}

/** The parts of JSON Schema z.toJSONSchema writes for these schemas, enough to check real content against them. */
function problems(value: unknown, schema: Schema, at = ''): string[] {
  if (schema.anyOf)
    return schema.anyOf.some((option) => problems(value, option, at).length === 0) ? [] : [`${at}: matches no option`];
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const kind =
    value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (types.length > 0 && !types.includes(kind) && !(kind === 'integer' && types.includes('number')))
    return [`${at}: ${kind}, expected ${types.join('/')}`];
  if (schema.const !== undefined && value !== schema.const) return [`${at}: not ${String(schema.const)}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: not one of ${schema.enum.join(', ')}`];
  if (schema.pattern && typeof value === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    return [`${at}: ${value} does not match ${schema.pattern}`];
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return [`${at}: too few items`];
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return [`${at}: too many items`];
    return value.flatMap((item, index) => (schema.items ? problems(item, schema.items, `${at}[${index}]`) : []));
  }
  if (kind !== 'object') return [];
  const object = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((key) => !(key in object)).map((key) => `${at}.${key}: missing`);
  const fields = Object.entries(object).flatMap(([key, item]) => {
    const property = schema.properties?.[key];
    if (property) return problems(item, property, `${at}.${key}`);
    if (schema.additionalProperties === false) return [`${at}.${key}: not allowed`];
    return typeof schema.additionalProperties === 'object'
      ? problems(item, schema.additionalProperties, `${at}.${key}`)
      : [];
  });
  return [...missing, ...fields];
}

async function committedSchema(file: string): Promise<Schema> {
  return JSON.parse(await readFile(path.join(schemaDir, file), 'utf8')) as Schema;
}

describe('JSON Schemas for editors', () => {
  test('content/.schemas is what the Zod schemas say today (run "npx clubsite schema" after changing one)', async () => {
    const generated = jsonSchemas(site);
    const committed = (await readdir(schemaDir)).filter((name) => name.endsWith('.json')).sort();
    expect(committed, 'schema files: run "npx clubsite schema"').toEqual([...generated.keys()]);
    for (const [name, text] of generated) {
      expect(
        await readFile(path.join(schemaDir, name), 'utf8'),
        `content/.schemas/${name} is stale: run "npx clubsite schema"`,
      ).toBe(text);
    }
    expect([...generated.keys()]).toEqual(
      expect.arrayContaining([
        'training-times.json',
        'menu.json',
        'site.json',
        'courses.json',
        'page-calendar.json',
        'page-home.json',
      ]),
    );
  });

  test('every content YAML file names its schema on its first line, and the real content passes it', async () => {
    const { files } = await listContentFiles(path.join(projectRoot, 'content'), (file) => file, []);
    const yamlFiles = files.filter((file) => /\.ya?ml$/.test(file));
    expect(yamlFiles.length).toBeGreaterThanOrEqual(5);
    const collectionOf = new Map(
      Object.values(site.collections).flatMap((collection) =>
        'file' in collection ? [[collection.file, collectionSchemaFile(collection.file)]] : [],
      ),
    );
    for (const file of yamlFiles) {
      const text = await readFile(path.join(projectRoot, 'content', file), 'utf8');
      const data = parse(text) as Record<string, unknown>;
      const expected = collectionOf.get(file) ?? pageSchemaFile(String(data.template ?? 'article'));
      const first = text.split('\n', 1)[0];
      const relative = path.posix.relative(path.posix.dirname(`content/${file}`), `content/.schemas/${expected}`);
      expect(first, file).toBe(`# yaml-language-server: $schema=${relative}`);
      expect(problems(data, await committedSchema(expected)), file).toEqual([]);
    }
  });

  test('a mistake a volunteer makes is caught by the schema before any build', async () => {
    const schema = await committedSchema('training-times.json');
    const slot = { group: 'A', day: 'Mandag', time: '16:00 - 18:00', location: 'Aquarama' };
    expect(problems({ updated: '2025-10-09', groups: ['A'], locations: ['Aquarama'], slots: [slot] }, schema)).toEqual(
      [],
    );
    expect(
      problems(
        {
          updated: '2025-10-09',
          groups: ['A'],
          locations: ['Aquarama'],
          slots: [{ ...slot, time: '16-18', sted: 'x' }],
        },
        schema,
      ),
    ).toEqual([
      '.slots[0].time: 16-18 does not match ^\\d{1,2}[:.]\\d{2}\\s*[-–]\\s*\\d{1,2}[:.]\\d{2}$',
      '.slots[0].sted: not allowed',
    ]);
  });

  test('hover text is Norwegian: every field of every schema, at any depth, has a description', async () => {
    for (const file of [...jsonSchemas(site).keys()]) {
      const undescribed = valuesOf(await committedSchema(file))
        .filter(([path, value]) => /\.[^.[\]{}|]+$/.test(path) && !value.description)
        .map(([path]) => `${file}${path}`);
      expect(undescribed, file).toEqual([]);
    }
    const calendar = await committedSchema('page-calendar.json');
    expect(calendar.properties?.doors?.items?.properties?.winner?.description).toMatch(/Vinneren når luken er trukket/);
    expect(calendar.properties?.title?.description).toMatch(/^Sidens tittel/);
  });

  test('a value that does not fit its pattern or format is explained in plain Norwegian, never with the regular expression', async () => {
    const unexplained: string[] = [];
    for (const file of [...jsonSchemas(site).keys()]) {
      for (const [path, value] of valuesOf(await committedSchema(file))) {
        const message = value.patternErrorMessage ?? '';
        if ((value.pattern || value.format) && (message === '' || /\b(the|an|like|with|Expected)\b/.test(message)))
          unexplained.push(`${file}${path}: ${message || 'no message'}`);
      }
    }
    expect(unexplained).toEqual([]);
    const times = await committedSchema('training-times.json');
    // What the editor underlines «updated: 26.11.2026» with, instead of «String is not a RFC3339 date».
    expect(times.properties?.updated?.patternErrorMessage).toBe(
      'En dato som finnes, skrevet ÅÅÅÅ-MM-DD: år, måned, dag, som 2025-10-09 (ikke 09.10.2025)',
    );
    expect(times.properties?.slots?.items?.properties?.time?.patternErrorMessage).toBe(
      'Fra og til med klokkeslett, som "16:00 - 18:00" (med anførselstegn)',
    );
  });

  test('VS Code recommends the YAML extension and maps each schema', async () => {
    const extensions = JSON.parse(await readFile(path.join(projectRoot, '.vscode/extensions.json'), 'utf8')) as {
      recommendations: string[];
    };
    expect(extensions.recommendations).toContain('redhat.vscode-yaml');
    const settings = JSON.parse(await readFile(path.join(projectRoot, '.vscode/settings.json'), 'utf8')) as {
      'yaml.schemas': Record<string, string>;
    };
    for (const collection of Object.values(site.collections)) {
      if (!('file' in collection)) continue; // a folder of Markdown posts: no YAML file to map
      expect(settings['yaml.schemas'][`./content/.schemas/${collectionSchemaFile(collection.file)}`]).toBe(
        `content/${collection.file}`,
      );
    }
  });

  test('Markdown front matter has help too: frontmatter.json (Front Matter CMS) is up to date, ties each folder to its fields, in Norwegian', async () => {
    const text = await readFile(path.join(projectRoot, 'frontmatter.json'), 'utf8');
    expect(text, 'frontmatter.json is stale: run "npx clubsite schema"').toBe(frontMatterCms(site, 'content'));
    type Field = { name: string; type: string; description?: string; required?: boolean; fields?: Field[] };
    const config = JSON.parse(text) as {
      'frontMatter.content.pageFolders': Array<{ path: string; contentTypes: string[] }>;
      'frontMatter.taxonomy.contentTypes': Array<{ name: string; fields: Field[] }>;
      'frontMatter.taxonomy.fieldGroups': Array<{ id: string; fields: Field[] }>;
    };
    expect(config['frontMatter.content.pageFolders']).toEqual([
      { title: 'pages', path: '[[workspace]]/content/pages', contentTypes: ['page'] },
      { title: 'nyheter', path: '[[workspace]]/content/nyheter', contentTypes: ['news'] },
    ]);
    const types = Object.fromEntries(
      config['frontMatter.taxonomy.contentTypes'].map((type) => [type.name, type.fields]),
    );
    const all = (fields: Field[]): Field[] => fields.flatMap((field) => [field, ...all(field.fields ?? [])]);
    const everyField = [
      ...Object.values(types).flatMap(all),
      ...config['frontMatter.taxonomy.fieldGroups'].flatMap((group) => all(group.fields)),
    ];
    expect(everyField.filter((field) => !field.description).map((field) => field.name)).toEqual([]);
    expect(types.news?.map((field) => `${field.name}${field.required ? '!' : ''}:${field.type}`)).toEqual([
      'title!:string',
      'description!:string',
      'date!:string',
      'tags:list',
      'image:string',
      'alt:string',
      'draft:boolean',
    ]);
    expect(types.news?.find((field) => field.name === 'date')?.description).toMatch(/^Når nyheten publiseres/);
    expect(types.page?.find((field) => field.name === 'template')).toMatchObject({
      type: 'choice',
      choices: expect.arrayContaining(['article', 'placeholder', 'courses']),
    });
    const extensions = JSON.parse(await readFile(path.join(projectRoot, '.vscode/extensions.json'), 'utf8')) as {
      recommendations: string[];
    };
    expect(extensions.recommendations).toContain('eliostruyf.vscode-front-matter');
  });

  test('clubsite schema writes the files, then says they are up to date', async () => {
    const dir = await fixtureSite('mini');
    const cli = path.join(projectRoot, 'bin/clubsite.js');
    const first = await run(process.execPath, [cli, 'schema'], { cwd: dir });
    expect(first.stdout).toMatch(
      /^\d+ schemas in data\/\.schemas; written: .*events\.json.*, frontmatter\.json, \.vscode\/settings\.json\n$/,
    );
    // The editor maps each collection's file (under the site's own folder names) to its schema.
    expect(JSON.parse(await readFile(path.join(dir, '.vscode/settings.json'), 'utf8'))).toEqual({
      'yaml.schemas': {
        './data/.schemas/site.json': 'data/site.yaml',
        './data/.schemas/events.json': 'data/events.yaml',
      },
    });
    const events = JSON.parse(await readFile(path.join(dir, 'data/.schemas/events.json'), 'utf8')) as Schema;
    expect(events.type).toBe('object');
    const second = await run(process.execPath, [cli, 'schema'], { cwd: dir });
    expect(second.stdout).toMatch(/^\d+ schemas in data\/\.schemas, all up to date\n$/);
    await rm(dir, { recursive: true, force: true });
  });
});
