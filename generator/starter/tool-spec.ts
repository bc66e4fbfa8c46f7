/**
 * How a new site's package.json names the clubsite that made it: the version, when it came
 * from a registry; the tarball or folder it was installed from, when it did not (a packed
 * tarball, `npm install ../clubsite`, or a checkout of its repository).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { toolRoot } from '../bundle/tool-files.ts';

export async function toolSpec(version: string): Promise<string> {
  const root = toolRoot();
  const parts = root.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  // A folder of its own (a checkout, or a folder an install links to): that folder.
  if (at < 0) return `file:${root}`;
  const project = parts.slice(0, at).join(path.sep) || path.sep;
  const key = parts.slice(at).join('/');
  // npm notes where each package came from in node_modules/.package-lock.json.
  const lock = await readFile(path.join(project, 'node_modules', '.package-lock.json'), 'utf8').catch(() => '{}');
  const resolved = (JSON.parse(lock) as { packages?: Record<string, { resolved?: string }> }).packages?.[key]?.resolved;
  if (resolved?.startsWith('file:')) return `file:${path.resolve(project, resolved.slice('file:'.length))}`;
  return version;
}
