import { statSync } from 'node:fs';
import path from 'node:path';
import type { SiteDefinition } from '../contract/index.ts';
import { collectErrors, ContentError } from '../errors.ts';
import { listContentFiles, MAX_ASSET_BYTES, readBytes, suggestPageName } from './content-files.ts';
import { decodeText, MAX_TEXT_BYTES } from './decode-text.ts';
import { matchGlob } from './entry-files.ts';
import { checkImage } from './image-check.ts';
import { parsePage, type PageSource } from './page-source.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';

export interface LoadedContent {
  collections: Map<string, YamlSource>;
  /** The files of each folder collection (`files:` a glob), parsed like Markdown pages. */
  entries: Map<string, PageSource[]>;
  pages: PageSource[];
  /** Files under content/ other than data and pages (images and the like), by path relative to content/. */
  assets: Map<string, Uint8Array>;
}

export interface ContentPaths {
  root: string;
  contentDir: string;
}

const PAGE_FILE = /\.(md|ya?ml)$/;

/**
 * Parsed files of earlier builds by absolute path, reused while the text is the same (dev).
 * `stamp` is the file's modification time, size and inode when it was read: a file whose stamp
 * is the same is not read again (see unchangedText).
 */
export type PageCache = Map<string, { text: string; parsed: PageSource | YamlSource; stamp?: string }>;

function parseOnce<T extends PageSource | YamlSource>(
  cache: PageCache | undefined,
  absolute: string,
  text: string,
  parse: () => T | undefined,
  stamp?: string,
): T | undefined {
  const known = cache?.get(absolute);
  if (known && known.text === text) {
    known.stamp = stamp;
    return known.parsed as T;
  }
  const parsed = parse();
  if (parsed) cache?.set(absolute, { text, parsed, stamp });
  else cache?.delete(absolute);
  return parsed;
}

/**
 * A file's stamp, when it can be trusted to change with the file: a file modified less than two
 * seconds before it was read could be modified again within the same tick of a coarse clock
 * (FAT keeps two seconds) and keep its stamp, so it has none and is read each time.
 */
export function stampOf(absolute: string): string | undefined {
  const stats = statSync(absolute, { throwIfNoEntry: false, bigint: false });
  if (!stats || Date.now() - stats.mtimeMs < 2000) return undefined;
  return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
}

/** Reads every collection named by the site and every page in the pages folder it names. */
export async function loadContent(
  paths: ContentPaths,
  site: SiteDefinition,
  errors: ContentError[],
  cache?: PageCache,
  /** True for a file the dev server's watcher has not reported since its stamp was taken: its stamp is not taken again. */
  unchanged?: (absolute: string) => boolean,
): Promise<LoadedContent> {
  const relative = (absolute: string) => path.relative(paths.root, absolute).split(path.sep).join('/');
  // A listed file's path: a listing holds no `..` or `.` (10,000 path.join calls are felt on each dev save).
  const inside =
    path.sep === '/' && path.isAbsolute(paths.contentDir) && path.resolve(paths.contentDir) === paths.contentDir
      ? (inContent: string) => `${paths.contentDir}/${inContent}`
      : (inContent: string) => path.join(paths.contentDir, inContent);
  const { files, refused } = await listContentFiles(
    paths.contentDir,
    (inContent) => relative(path.join(paths.contentDir, inContent)),
    errors,
  );
  /** A text file's content (undefined when it is gone); a problem with its bytes is collected and marks it failed. */
  const readText = (absolute: string, listed = true): { text?: string; failed: boolean; stamp?: string } => {
    // In dev, a file whose stamp is as it was is not read again: with 10,000 pages, that is most of a save's time.
    const cached = cache?.get(absolute);
    // Only a file listed now: one the watcher has not told gone yet is not read from the cache.
    const trusted = listed && cached?.stamp !== undefined && unchanged?.(absolute) === true;
    const stamp = trusted ? cached?.stamp : cache ? stampOf(absolute) : undefined;
    const known = stamp === undefined ? undefined : cached;
    if (known?.stamp === stamp && known !== undefined) return { text: known.text, failed: false, stamp };
    const file = relative(absolute);
    const before = errors.length;
    const text = collectErrors(errors, () => {
      const bytes = readBytes(absolute, file, MAX_TEXT_BYTES);
      return bytes === undefined ? undefined : decodeText(file, bytes);
    });
    return { text, failed: errors.length > before, stamp };
  };
  const collections = new Map<string, YamlSource>();
  const entries = new Map<string, PageSource[]>();
  const entryFiles = new Set<string>();
  for (const [name, definition] of Object.entries(site.collections)) {
    if ('files' in definition) {
      const matched = matchGlob(files, definition.files);
      for (const inContent of matched) entryFiles.add(inContent);
      const sources = matched.flatMap((inContent) => {
        const absolute = inside(inContent);
        const { text, stamp } = readText(absolute);
        if (text === undefined) return [];
        const parsed = parseOnce(
          cache,
          absolute,
          text,
          () => collectErrors(errors, () => parsePage(relative(absolute), inContent, text)),
          stamp,
        );
        return parsed ? [parsed] : [];
      });
      entries.set(name, sources);
      continue;
    }
    const absolute = path.join(paths.contentDir, definition.file);
    const file = relative(absolute);
    if (refused.has(definition.file)) continue;
    const { text, failed, stamp } = readText(absolute, files.includes(definition.file));
    if (failed) continue;
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
    const source = parseOnce(cache, absolute, text, () => collectErrors(errors, () => parseYaml(file, text)), stamp);
    if (source) collections.set(name, source);
  }
  const pagesDir = `${site.pages.replace(/^\.?\/+|\/+$/g, '')}/`;
  const pageFiles = files.filter((file) => file.startsWith(pagesDir) && PAGE_FILE.test(file.toLowerCase())).sort();
  const pages = pageFiles.map((inContent) => {
    const absolute = inside(inContent);
    const suggestion = suggestPageName(inContent.slice(pagesDir.length));
    if (suggestion !== undefined) {
      errors.push(
        new ContentError({
          code: 'bad-file-name',
          file: relative(absolute),
          message:
            "A page's file name is its address: it may only have lower-case letters a-z, digits, - and _ (no spaces, capitals or other letters).",
          hint: `Rename the file to ${pagesDir}${suggestion}.`,
        }),
      );
      return undefined;
    }
    const { text, stamp } = readText(absolute);
    if (text === undefined) return undefined;
    return parseOnce(
      cache,
      absolute,
      text,
      () => collectErrors(errors, () => parsePage(relative(absolute), inContent.slice(pagesDir.length), text)),
      stamp,
    );
  });
  if (cache) {
    const listed = new Set(files.map(inside));
    for (const file of cache.keys()) if (!listed.has(file)) cache.delete(file);
  }
  const dataFiles = new Set(
    Object.values(site.collections).flatMap((definition) => ('file' in definition ? [definition.file] : [])),
  );
  const assetFiles = files.filter(
    (file) =>
      !file.startsWith(pagesDir) && !dataFiles.has(file) && !entryFiles.has(file) && !/\.(ya?ml|md)$/.test(file),
  );
  const assets = new Map(
    assetFiles.flatMap((file) => {
      const absolute = path.join(paths.contentDir, file);
      const bytes = collectErrors(errors, () => {
        const read = readBytes(absolute, relative(absolute), MAX_ASSET_BYTES);
        if (read) checkImage(relative(absolute), read);
        return read;
      });
      return bytes === undefined ? [] : [[file, new Uint8Array(bytes)] as const];
    }),
  );
  return { collections, entries, pages: pages.filter((page) => page !== undefined), assets };
}
