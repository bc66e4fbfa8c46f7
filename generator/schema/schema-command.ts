/**
 * `clubsite schema`: loads the site definition and writes its content schemas (json-schemas.ts)
 * and, at the project's top, the Front Matter CMS extension's frontmatter.json (front-matter-cms.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildFailed, ContentError } from '../errors.ts';
import { loadSite } from '../bundle/load-site.ts';
import { frontMatterCms } from './front-matter-cms.ts';
import { jsonSchemas, writeJsonSchemas } from './json-schemas.ts';

/** The Front Matter CMS extension reads its settings from this file at the top of the folder VS Code opens. */
const FRONT_MATTER_FILE = 'frontmatter.json';

export async function writeSchemasCommand(root: string, dir: string): Promise<string> {
  const loaded = await loadSite(root, 'templates/index').catch((error: unknown) => {
    if (error instanceof ContentError) throw new BuildFailed([error]);
    throw error;
  });
  const changed = await writeJsonSchemas(loaded.site, dir);
  const frontMatter = frontMatterCms(loaded.site);
  const frontMatterPath = path.join(root, FRONT_MATTER_FILE);
  if ((await readFile(frontMatterPath, 'utf8').catch(() => undefined)) !== frontMatter) {
    await writeFile(frontMatterPath, frontMatter);
    changed.push(FRONT_MATTER_FILE);
  }
  const where = path.relative(root, dir) || '.';
  const total = jsonSchemas(loaded.site).size;
  return changed.length === 0
    ? `${total} schemas in ${where}, all up to date`
    : `${total} schemas in ${where}; written: ${changed.join(', ')}`;
}
