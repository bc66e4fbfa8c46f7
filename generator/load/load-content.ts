import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDefinition } from '../contract.ts';
import { collectErrors, ContentError } from '../errors.ts';
import { parsePage, type PageSource } from './page-source.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';

export interface LoadedContent {
  collections: Map<string, YamlSource>;
  pages: PageSource[];
  /** Files under content/ other than data and pages (images and the like), by path relative to content/. */
  assets: Map<string, Uint8Array>;
}

export interface ContentPaths {
  root: string;
  contentDir: string;
}

const PAGE_FILE = /\.(md|ya?ml)$/;

/** Parsed files of earlier builds by absolute path, reused while the text is the same (dev). */
export type PageCache = Map<string, { text: string; parsed: PageSource | YamlSource }>;

function parseOnce<T extends PageSource | YamlSource>(
  cache: PageCache | undefined,
  absolute: string,
  text: string,
  parse: () => T | undefined,
): T | undefined {
  const known = cache?.get(absolute);
  if (known && known.text === text) return known.parsed as T;
  const parsed = parse();
  if (parsed) cache?.set(absolute, { text, parsed });
  else cache?.delete(absolute);
  return parsed;
}

/**
 * A listed file that is gone when read was deleted in between (an editor saving by
 * rename): it is treated as not there, as it would be had the listing come a moment later.
 * Reads are synchronous: for many small files that is several times faster than the pool.
 */
function readIfThere(file: string): string | undefined;
function readIfThere(file: string, encoding: null): Buffer | undefined;
function readIfThere(file: string, encoding: 'utf8' | null = 'utf8'): string | Buffer | undefined {
  try {
    return readFileSync(file, encoding);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Reads every collection named by the site and every page under content/pages. */
export async function loadContent(
  paths: ContentPaths,
  site: SiteDefinition,
  errors: ContentError[],
  cache?: PageCache,
): Promise<LoadedContent> {
  const relative = (absolute: string) => path.relative(paths.root, absolute).split(path.sep).join('/');
  const files = await listFiles(paths.contentDir);
  const collections = new Map<string, YamlSource>();
  for (const [name, definition] of Object.entries(site.collections)) {
    const absolute = path.join(paths.contentDir, definition.file);
    const file = relative(absolute);
    let text: string | undefined;
    try {
      text = readIfThere(absolute);
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      errors.push(
        new ContentError({
          code: 'missing-file',
          file,
          message: `The file for the collection "${name}" is missing.`,
          hint: `Create ${file} (see content/README.md for what goes in it).`,
        }),
      );
      continue;
    }
    const source = parseOnce(cache, absolute, text, () => collectErrors(errors, () => parseYaml(file, text)));
    if (source) collections.set(name, source);
  }
  const pageFiles = files.filter((file) => file.startsWith('pages/') && PAGE_FILE.test(file)).sort();
  const pages = pageFiles.map((inContent) => {
    const absolute = path.join(paths.contentDir, inContent);
    const text = readIfThere(absolute);
    if (text === undefined) return undefined;
    return parseOnce(cache, absolute, text, () =>
      collectErrors(errors, () => parsePage(relative(absolute), inContent.slice('pages/'.length), text)),
    );
  });
  if (cache) {
    const listed = new Set(files.map((inContent) => path.join(paths.contentDir, inContent)));
    for (const file of cache.keys()) if (!listed.has(file)) cache.delete(file);
  }
  const dataFiles = new Set(Object.values(site.collections).map((definition) => definition.file));
  const assetFiles = files.filter(
    (file) => !file.startsWith('pages/') && !dataFiles.has(file) && !/\.(ya?ml|md)$/.test(file),
  );
  const assets = new Map(
    assetFiles.flatMap((file) => {
      const bytes = readIfThere(path.join(paths.contentDir, file), null);
      return bytes === undefined ? [] : [[file, new Uint8Array(bytes)] as const];
    }),
  );
  return { collections, pages: pages.filter((page) => page !== undefined), assets };
}

/** Every file below `dir`, relative to it, with forward slashes, in a stable order. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return (
    entries
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      // Nor in hidden folders (content/.schemas: the editors' schemas, not the site's files).
      .filter((file) => !file.split('/').some((segment) => segment.startsWith('.')))
      .sort()
  );
}
