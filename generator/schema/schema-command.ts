/**
 * `clubsite schema`: loads the site definition and writes its content schemas (json-schemas.ts)
 * and, at the project's top, the Front Matter CMS extension's frontmatter.json (front-matter-cms.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDefinition } from '../contract/index.ts';
import { BuildFailed, ContentError } from '../errors.ts';
import { loadSite } from '../bundle/load-site.ts';
import { writeEditorSettings } from './editor-settings.ts';
import { frontMatterCms } from './front-matter-cms.ts';
import { jsonSchemas, writeJsonSchemas } from './json-schemas.ts';

/** The Front Matter CMS extension reads its settings from this file at the top of the folder VS Code opens. */
const FRONT_MATTER_FILE = 'frontmatter.json';

export async function writeSchemasCommand(
  root: string,
  siteEntry: string,
  dir: string,
  contentFolder: string,
): Promise<string> {
  const loaded = await loadSite(root, siteEntry).catch((error: unknown) => {
    if (error instanceof ContentError) throw new BuildFailed([error]);
    throw error;
  });
  const changed = await writeEditorSchemas(loaded.site, root, dir, contentFolder);
  const where = path.relative(root, dir) || '.';
  const total = jsonSchemas(loaded.site).size;
  return changed.length === 0
    ? `${total} schemas in ${where}, all up to date`
    : `${total} schemas in ${where}; written: ${changed.join(', ')}`;
}

/**
 * The content schemas into `dir`, frontmatter.json at the project's top and the schemas' mappings
 * in .vscode/settings.json: the files it wrote (those that changed).
 */
export async function writeEditorSchemas(
  site: SiteDefinition,
  root: string,
  dir: string,
  contentFolder: string,
): Promise<string[]> {
  const changed = await writeJsonSchemas(site, dir);
  const frontMatter = frontMatterCms(site, contentFolder.split(path.sep).join('/'));
  const frontMatterPath = path.join(root, FRONT_MATTER_FILE);
  if ((await readFile(frontMatterPath, 'utf8').catch(() => undefined)) !== frontMatter) {
    await writeFile(frontMatterPath, frontMatter);
    changed.push(FRONT_MATTER_FILE);
  }
  changed.push(...(await writeEditorSettings(site, root, dir, contentFolder)));
  return changed;
}
