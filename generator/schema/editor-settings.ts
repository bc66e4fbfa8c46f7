/**
 * VS Code's settings for the content schemas: `.vscode/settings.json` maps each collection's
 * file to its schema (`yaml.schemas` for YAML, `json.schemas` for JSON), so the editor helps
 * with a collection's file from the day the collection is added, not only with files that name
 * their schema on their first line. Entries that point elsewhere, or at a page template's schema
 * (mapped by hand to the folder its pages are in), and every other setting are kept as they are.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDefinition } from '../contract/index.ts';
import { OutputError } from '../publish/output-error.ts';
import { collectionSchemaFile, jsonSchemas } from './json-schemas.ts';

const SETTINGS_FILE = '.vscode/settings.json';

interface JsonMapping {
  fileMatch: string[];
  url: string;
}

/** Brings the settings' mappings up to date: the file's name when it changed, else nothing. */
export async function writeEditorSettings(
  site: SiteDefinition,
  root: string,
  dir: string,
  contentFolder: string,
): Promise<string[]> {
  const file = path.join(root, ...SETTINGS_FILE.split('/'));
  const text = await readFile(file, 'utf8').catch(() => '{}');
  const slash = (relative: string) => relative.split(path.sep).join('/');
  const schemasAt = `./${slash(path.relative(root, dir))}/`;
  const yamlFiles: Record<string, string> = {};
  const jsonFiles: Record<string, string> = {};
  for (const collection of Object.values(site.collections)) {
    if (!('file' in collection)) continue; // a folder of Markdown: frontmatter.json helps with those
    const into = collection.file.endsWith('.json') ? jsonFiles : yamlFiles;
    into[`${schemasAt}${collectionSchemaFile(collection.file)}`] = `${slash(contentFolder)}/${collection.file}`;
  }
  const made = new Set([...jsonSchemas(site).keys()].map((name) => `${schemasAt}${name}`));
  // Of the entries that point into the schemas' folder, those of schemas no longer made go.
  const kept = (url: string) => !url.startsWith(schemasAt) || made.has(url);
  let settings: Record<string, unknown>;
  try {
    settings = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new OutputError(
      `${SETTINGS_FILE} is not plain JSON (a comment, or a comma before a }?), so clubsite schema left it as it was. Map the schemas in it by hand: ${JSON.stringify({ 'yaml.schemas': yamlFiles })}`,
      1,
    );
  }
  const yamlNow = { ...(settings['yaml.schemas'] as Record<string, string | string[]> | undefined) };
  const yaml = Object.fromEntries(Object.entries(yamlNow).filter(([url]) => kept(url) || url in yamlFiles));
  Object.assign(yaml, yamlFiles);
  const jsonNow = (settings['json.schemas'] as JsonMapping[] | undefined) ?? [];
  const json = [
    ...jsonNow.filter((entry) => kept(entry.url) && !(entry.url in jsonFiles)),
    ...Object.entries(jsonFiles).map(([url, file]) => ({ fileMatch: [file], url })),
  ];
  const next: Record<string, unknown> = { ...settings, 'yaml.schemas': yaml, 'json.schemas': json };
  if (Object.keys(yaml).length === 0 && !('yaml.schemas' in settings)) delete next['yaml.schemas'];
  if (json.length === 0 && !('json.schemas' in settings)) delete next['json.schemas'];
  const written = `${JSON.stringify(next, null, 2)}\n`;
  if (written === text || JSON.stringify(next) === JSON.stringify(settings)) return [];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, written);
  return [SETTINGS_FILE];
}
