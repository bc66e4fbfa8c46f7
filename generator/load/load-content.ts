import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { SiteDefinition } from '../contract/index.ts';
import type { ContentError } from '../errors.ts';
import type { LoadedContent, PageSource, YamlSource } from '../model/source.ts';
import { listContentFiles, listLookedFiles } from './content-files.ts';
import { type ContentPaths, ContentReader, type PageCache, type Stamping } from './content-reader.ts';
import { matchGlob } from './entry-files.ts';
import type { LoadMemo } from './load-memo.ts';

export type { LoadedContent };
export { type ContentPaths, type PageCache, type Stamping, stampOf } from './content-reader.ts';

const PAGE_FILE = /\.(md|ya?ml)$/i;

/** How many page files the pages folder holds, counted without reading them (to choose a renderer before the content is read). */
export function countPageFiles(contentDir: string, site: SiteDefinition): number {
  try {
    const files = readdirSync(path.join(contentDir, site.pages), { recursive: true, encoding: 'utf8' });
    return files.filter((file) => PAGE_FILE.test(file)).length;
  } catch {
    // No pages folder: the load tells it, as a content problem.
    return 0;
  }
}

/**
 * Reads every collection named by the site and every page in the pages folder it names. With a
 * memo (a dev session's), a save that only edited files listed before is loaded from the last
 * load (load-memo.ts); `reported` is what the watcher reported, undefined while it is not trusted.
 */
export async function loadContent(
  paths: ContentPaths,
  site: SiteDefinition,
  errors: ContentError[],
  cache?: PageCache,
  stamps: Stamping = {},
  memo?: { memo: LoadMemo; reported: readonly string[] | undefined },
): Promise<LoadedContent> {
  const reader = new ContentReader(paths, errors, cache, stamps);
  const carried = memo?.reported && memo.memo.carry(reader, site, memo.reported, errors);
  if (carried) return carried;
  const before = errors.length;
  const matched = new Map<string, string[]>();
  const shown = (inContent: string) => reader.shown(inContent);
  const listing = stamps.looked
    ? listLookedFiles(paths.contentDir, stamps.looked(), shown, errors)
    : await listContentFiles(paths.contentDir, shown, errors);
  const collections = new Map<string, YamlSource>();
  const entries = new Map<string, PageSource[]>();
  const entryFiles = new Set<string>();
  for (const [name, definition] of Object.entries(site.collections)) {
    if ('files' in definition) {
      const files = matchGlob(listing.files, definition.files);
      for (const inContent of files) entryFiles.add(inContent);
      matched.set(name, files);
      entries.set(name, reader.entries(files));
    } else {
      const source = reader.collection(name, definition.file, listing);
      if (source) collections.set(name, source);
    }
  }
  const pagesDir = `${site.pages.replace(/^\.?\/+|\/+$/g, '')}/`;
  const pageFiles = listing.files.filter((file) => file.startsWith(pagesDir) && PAGE_FILE.test(file)).sort();
  const pages = reader.pages(pageFiles, pagesDir);
  reader.forgetOthers();
  const dataFiles = new Set(
    Object.values(site.collections).flatMap((definition) => ('file' in definition ? [definition.file] : [])),
  );
  const assetFiles = listing.files.filter(
    (file) =>
      !file.startsWith(pagesDir) && !dataFiles.has(file) && !entryFiles.has(file) && !/\.(ya?ml|md)$/.test(file),
  );
  const folder = reader.relative(paths.contentDir);
  const loaded = { folder, collections, entries, pages, assets: reader.assets(assetFiles) };
  const full = { site, listing, pagesDir, pageFiles, matched, loaded };
  memo?.memo.remember(full, reader, errors.length === before);
  return loaded;
}
