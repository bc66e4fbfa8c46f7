import { readdir, readFile } from 'node:fs/promises';
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

/** Reads every collection named by the site and every page under content/pages. */
export async function loadContent(paths: ContentPaths, site: SiteDefinition, errors: ContentError[]): Promise<LoadedContent> {
  const relative = (absolute: string) => path.relative(paths.root, absolute).split(path.sep).join('/');
  const files = await listFiles(paths.contentDir);
  const collections = new Map<string, YamlSource>();
  await Promise.all(
    Object.entries(site.collections).map(async ([name, definition]) => {
      const absolute = path.join(paths.contentDir, definition.file);
      const file = relative(absolute);
      const text = await readFile(absolute, 'utf8').catch(() => undefined);
      if (text === undefined) {
        errors.push(
          new ContentError({
            code: 'missing-file',
            file,
            message: `The file for the collection "${name}" is missing.`,
            hint: `Create ${file} (see content/README.md for what goes in it).`,
          }),
        );
        return;
      }
      const source = collectErrors(errors, () => parseYaml(file, text));
      if (source) collections.set(name, source);
    }),
  );
  const pageFiles = files.filter((file) => file.startsWith('pages/') && PAGE_FILE.test(file)).sort();
  const pages = await Promise.all(
    pageFiles.map(async (inContent) => {
      const absolute = path.join(paths.contentDir, inContent);
      const text = await readFile(absolute, 'utf8');
      return collectErrors(errors, () => parsePage(relative(absolute), inContent.slice('pages/'.length), text));
    }),
  );
  const dataFiles = new Set(Object.values(site.collections).map((definition) => definition.file));
  const assetFiles = files.filter((file) => !file.startsWith('pages/') && !dataFiles.has(file) && !/\.(ya?ml|md)$/.test(file));
  const assets = new Map(
    await Promise.all(assetFiles.map(async (file) => [file, new Uint8Array(await readFile(path.join(paths.contentDir, file)))] as const)),
  );
  return { collections, pages: pages.filter((page) => page !== undefined), assets };
}

/** Every file below `dir`, relative to it, with forward slashes, in a stable order. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
