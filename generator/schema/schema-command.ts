/** `clubsite schema`: loads the site definition and writes its content schemas (json-schemas.ts). */
import path from 'node:path';
import { BuildFailed, ContentError } from '../errors.ts';
import { loadSite } from '../bundle/load-site.ts';
import { jsonSchemas, writeJsonSchemas } from './json-schemas.ts';

export async function writeSchemasCommand(root: string, siteEntry: string, dir: string): Promise<string> {
  const loaded = await loadSite(root, siteEntry).catch((error: unknown) => {
    if (error instanceof ContentError) throw new BuildFailed([error]);
    throw error;
  });
  const changed = await writeJsonSchemas(loaded.site, dir);
  const where = path.relative(root, dir) || '.';
  const total = jsonSchemas(loaded.site).size;
  return changed.length === 0
    ? `${total} schemas in ${where}, all up to date`
    : `${total} schemas in ${where}; written: ${changed.join(', ')}`;
}
