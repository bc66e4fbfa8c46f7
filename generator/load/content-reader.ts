/**
 * How a load reads the content folder's files: a file whose stamp is as it was (or that the dev
 * server's watcher did not report) is not read again, a text whose bytes are the same is not
 * parsed again, and each problem is told with its file.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { collectErrors, ContentError } from '../errors.ts';
import type { PageSource, YamlSource } from '../model/source.ts';
import { type ContentListing, MAX_ASSET_BYTES, readBytes, suggestPageName } from './content-files.ts';
import { type Looked, stampFrom } from './content-walk.ts';
import { decodeText, MAX_TEXT_BYTES } from './decode-text.ts';
import { checkImage } from './image-check.ts';
import { parsePage } from './page-source.ts';
import { parseYaml } from './yaml-source.ts';
import { say } from '../messages/say.ts';

export interface ContentPaths {
  root: string;
  contentDir: string;
}

/**
 * Parsed files of earlier builds by absolute path, reused while the text is the same (dev, and
 * a build with a cache: pipeline/source-cache.ts). `stamp` is the file's modification time, size
 * and inode when it was read: a file whose stamp is the same is not read again (see stampOf).
 * `text` is undefined for a file kept from an earlier run, not read in this one.
 */
export type PageCache = Map<string, { text?: string; parsed: PageSource | YamlSource; stamp?: string }>;

type PageCacheEntry = PageCache extends Map<string, infer Entry> ? Entry : never;

/** The file's parsed text: as the cache holds it when the text is the same, else parsed (and `kept` when it parses). */
function parseOnce<T extends PageSource | YamlSource>(
  cache: PageCache | undefined,
  absolute: string,
  text: string,
  parse: () => T | undefined,
  stamp: string | undefined,
  kept: (entry: PageCacheEntry) => void,
): T | undefined {
  const known = cache?.get(absolute);
  if (known && known.text !== undefined && known.text === text) {
    known.stamp = stamp;
    return known.parsed as T;
  }
  const parsed = parse();
  if (parsed && cache) {
    const entry = { text, parsed, stamp };
    cache.set(absolute, entry);
    kept(entry);
  } else cache?.delete(absolute);
  return parsed;
}

/**
 * A file's stamp, when it can be trusted to change with the file: a file modified less than two
 * seconds before it was read could be modified again within the same tick of a coarse clock
 * (FAT keeps two seconds) and keep its stamp, so it has none and is read each time.
 */
export function stampOf(absolute: string): string | undefined {
  const stats = statSync(absolute, { throwIfNoEntry: false, bigint: false });
  return stats ? stampFrom(stats, Date.now()) : undefined;
}

/** Where a load takes the stamps of files it may know (the default: a stat of each, stampOf). */
export interface Stamping {
  /** True for a file the dev server's watcher has not reported since its stamp was taken: its stamp is not taken again. */
  unchanged?: (absolute: string) => boolean;
  /** A file's stamp from a look at the content folder taken before this load read anything (load/content-walk.ts). */
  stampOf?: (absolute: string) => string | undefined;
  /** That look's paths and stats: the folder is listed from it, not again. */
  looked?: () => ReadonlyMap<string, Looked | undefined>;
}

/** Reads the files of the content folder, each problem with its bytes told as the file's own. */
export class ContentReader {
  /** Whether a listed file's path is the content folder's path, a slash and the listed name (no `..` or `.` to resolve). */
  readonly #plain: boolean;
  /**
   * The cache's entries of the listed files this load looked up (read, or known by their stamp):
   * the others are forgotten. Held by the entry, not its path: a set of 10,000 paths made here
   * would hash each (and copy it whole first, as it is made of parts).
   */
  readonly #visited = new Set<PageCacheEntry>();
  /** Marks an entry set for a listed file this load read. */
  readonly #keep = (entry: PageCacheEntry) => this.#visited.add(entry);
  /** Listed files read too soon after they were written to have a stamp (see stampOf): read again by the next load. */
  readonly unstamped: string[] = [];

  constructor(
    private readonly paths: ContentPaths,
    private readonly errors: ContentError[],
    private readonly cache: PageCache | undefined,
    private readonly stamps: Stamping,
  ) {
    const { contentDir } = paths;
    this.#plain = path.sep === '/' && path.isAbsolute(contentDir) && path.resolve(contentDir) === contentDir;
  }

  /** A file's path as problems name it: relative to the project root. */
  relative(absolute: string): string {
    return path.relative(this.paths.root, absolute).split(path.sep).join('/');
  }

  shown(inContent: string): string {
    return this.relative(path.join(this.paths.contentDir, inContent));
  }

  /** A listed file's path: a listing holds no `..` or `.` (10,000 path.join calls are felt on each dev save). */
  inside(inContent: string): string {
    const { contentDir } = this.paths;
    return this.#plain ? `${contentDir}/${inContent}` : path.join(contentDir, inContent);
  }

  /**
   * A text file's content (undefined when it is gone); a problem with its bytes is collected and
   * marks it failed. A file whose stamp is as it was is not read: `same` is what it was parsed to.
   */
  readText(
    absolute: string,
    listed = true,
  ): { text?: string; failed: boolean; stamp?: string; same?: PageSource | YamlSource } {
    const { cache, errors } = this;
    const { unchanged, stampOf: stampFromLook = stampOf } = this.stamps;
    // In dev, a file whose stamp is as it was is not read again: with 10,000 pages, that is most of a save's time.
    const cached = cache?.get(absolute);
    if (listed && cached) this.#visited.add(cached);
    // Only a file listed now: one the watcher has not told gone yet is not read from the cache.
    const trusted = listed && cached?.stamp !== undefined && unchanged?.(absolute) === true;
    const stamp = trusted ? cached?.stamp : cache ? stampFromLook(absolute) : undefined;
    if (stamp === undefined && listed && cache) this.unstamped.push(absolute);
    const known = stamp === undefined ? undefined : cached;
    if (known?.stamp === stamp && known !== undefined) return { failed: false, stamp, same: known.parsed };
    const file = this.relative(absolute);
    const before = errors.length;
    const text = collectErrors(errors, () => {
      const bytes = readBytes(absolute, file, MAX_TEXT_BYTES);
      return bytes === undefined ? undefined : decodeText(file, bytes);
    });
    return { text, failed: errors.length > before, stamp };
  }

  /** A collection's YAML file, parsed; a missing one is a problem. */
  collection(name: string, inContent: string, listing: ContentListing): YamlSource | undefined {
    const absolute = path.join(this.paths.contentDir, inContent);
    const file = this.relative(absolute);
    if (listing.refused.has(inContent)) return undefined;
    const listed = listing.files.includes(inContent);
    const { text, failed, stamp, same } = this.readText(absolute, listed);
    if (failed) return undefined;
    if (same) return same as YamlSource;
    if (text === undefined) {
      this.errors.push(
        new ContentError({
          code: 'missing-file',
          file,
          ...say('missing-file/collection', {
            name,
            file,
            readme: `${this.relative(this.paths.contentDir)}/README.md`,
          }),
        }),
      );
      return undefined;
    }
    const parse = () => collectErrors(this.errors, () => parseYaml(file, text));
    // One not listed is read, and forgotten after the load, as it is looked up by no later one.
    return parseOnce(this.cache, absolute, text, parse, stamp, listed ? this.#keep : () => undefined);
  }

  /** A folder collection's files, parsed like pages. */
  entries(files: readonly string[]): PageSource[] {
    return files.flatMap((inContent) => {
      const parsed = this.page(inContent, inContent);
      return parsed ? [parsed] : [];
    });
  }

  /** The pages folder's files; a file whose name is not an address is a problem. */
  pages(files: readonly string[], pagesDir: string): PageSource[] {
    // A loop, not flatMap: no array made for each of 10,000 pages.
    const pages: PageSource[] = [];
    for (const inContent of files) {
      const inPages = inContent.slice(pagesDir.length);
      const suggestion = suggestPageName(inPages);
      if (suggestion === undefined) {
        const parsed = this.page(inContent, inPages);
        if (parsed) pages.push(parsed);
        continue;
      }
      this.errors.push(
        new ContentError({
          code: 'bad-file-name',
          file: this.shown(inContent),
          ...say('bad-file-name/page', { renamed: `${pagesDir}${suggestion}` }),
        }),
      );
    }
    return pages;
  }

  /** A page file (or a folder collection's file), parsed; undefined when it is gone or has a problem. */
  page(inContent: string, pathInPages: string): PageSource | undefined {
    const absolute = this.inside(inContent);
    const { text, stamp, same } = this.readText(absolute);
    if (same) return same as PageSource;
    if (text === undefined) return undefined;
    // Its name as problems tell it, made only when it is parsed (not for the 10,000 pages a dev save finds as they were).
    const parse = () => parsePage(this.relative(absolute), pathInPages, text);
    return parseOnce(this.cache, absolute, text, () => collectErrors(this.errors, parse), stamp, this.#keep);
  }

  /** Files the cache holds that this load did not look up (no longer listed, or no longer read) are forgotten. */
  forgetOthers(): void {
    if (!this.cache) return;
    for (const [file, entry] of this.cache) if (!this.#visited.has(entry)) this.cache.delete(file);
  }

  /** Every other file (images, documents), read whole and checked to be what its name says. */
  assets(files: readonly string[]): Map<string, Uint8Array> {
    const assets = new Map<string, Uint8Array>();
    for (const inContent of files) {
      const absolute = path.join(this.paths.contentDir, inContent);
      const file = this.relative(absolute);
      const bytes = collectErrors(this.errors, () => {
        const read = readBytes(absolute, file, MAX_ASSET_BYTES);
        if (read) checkImage(file, read);
        return read;
      });
      if (bytes !== undefined) assets.set(inContent, new Uint8Array(bytes));
    }
    return assets;
  }
}
