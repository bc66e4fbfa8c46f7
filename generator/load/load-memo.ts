/**
 * What a dev session's load leaves for the next: the content folder's listing and what was made
 * of each file. Once the watcher watches, a save whose reported files were all listed and are
 * still plain files (an edit: nothing added, removed or renamed) is loaded from it: those files
 * are read again, and so are the files read too soon after they were written to have a stamp
 * (as a full load would); everything else is taken as it was. At 10,000 pages a full load lists
 * 10,000 files, looks each one up and reads every image again on every save.
 *
 * A load that found a problem, refused a file or followed a link leaves nothing (the next is
 * full): a problem must be told again, and a link's target is saved under another name. What
 * the watcher missed (a file added, removed, or an image changed) is found by `missed`, which
 * the session's look after each build asks.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { SiteDefinition } from '../contract/index.ts';
import type { LoadedContent, PageSource, YamlSource } from '../model/source.ts';
import { type ContentListing, listContentFiles } from './content-files.ts';
import { type ContentPaths, type ContentReader, stampOf } from './content-reader.ts';

/** What a full load made, as `remember` is told it. */
interface FullLoad {
  site: SiteDefinition;
  listing: ContentListing;
  pagesDir: string;
  pageFiles: readonly string[];
  /** Each folder collection's files. */
  matched: ReadonlyMap<string, readonly string[]>;
  loaded: LoadedContent;
}

interface Remembered extends FullLoad {
  listed: ReadonlySet<string>;
  /** Each page file's place in `loaded.pages`. */
  pageAt: ReadonlyMap<string, number>;
  /** A collection's file → its name; a folder collection's file → the collection's name. */
  collectionOf: ReadonlyMap<string, string>;
  entryOf: ReadonlyMap<string, string>;
  /** Each image and other file's stamp when it was read (undefined: too new to have one, read again next time). */
  assetStamps: Map<string, string | undefined>;
  /** Files to read again whether reported or not (absolute): those that had no stamp. */
  unstamped: readonly string[];
}

export class LoadMemo {
  #last: Remembered | undefined;

  constructor(private readonly paths: ContentPaths) {}

  /** Keeps a full load that went well, with each file's place in it. */
  remember(load: FullLoad, reader: ContentReader, clean: boolean): void {
    this.#last = undefined;
    const { listing, pageFiles, matched, loaded } = load;
    if (!clean || listing.refused.size > 0 || listing.linked || loaded.pages.length !== pageFiles.length) return;
    const pageAt = new Map(pageFiles.map((file, at) => [file, at]));
    const collectionOf = new Map<string, string>();
    for (const [name, definition] of Object.entries(load.site.collections))
      if ('file' in definition) collectionOf.set(definition.file, name);
    const entryOf = new Map<string, string>();
    for (const [name, files] of matched) for (const file of files) entryOf.set(file, name);
    const assetStamps = new Map<string, string | undefined>();
    for (const file of loaded.assets.keys()) assetStamps.set(file, stampOf(this.#absolute(file)));
    const listed = new Set(listing.files);
    this.#last = { ...load, listed, pageAt, collectionOf, entryOf, assetStamps, unstamped: reader.unstamped };
  }

  /**
   * The content as the last load made it, with the reported files (absolute; those outside the
   * content folder are not the load's) read again; undefined when the save is not an edit of
   * files listed before (a full load then).
   */
  carry(
    reader: ContentReader,
    site: SiteDefinition,
    reported: readonly string[],
    errors: unknown[],
  ): LoadedContent | undefined {
    const last = this.#last;
    this.#last = undefined;
    if (!last || last.site !== site) return undefined;
    const again = new Set<string>();
    for (const absolute of [...reported, ...last.unstamped, ...this.#unstampedAssets(last)]) {
      const inContent = this.#inContent(absolute);
      if (inContent === undefined) continue;
      if (!last.listed.has(inContent) || lstatSync(absolute, { throwIfNoEntry: false })?.isFile() !== true)
        return undefined;
      again.add(inContent);
    }
    const before = errors.length;
    const loaded = this.#readAgain(last, reader, again);
    // A full load follows, and finds what this one found again: told once.
    if (!loaded) errors.length = before;
    else if (errors.length === before) this.#keep(last, loaded, reader, again);
    return loaded;
  }

  /**
   * Files the watcher may have missed since the last load (absolute): one added to the content
   * folder or gone from it, or an image or other file whose stamp is not as it was read.
   */
  async missed(): Promise<string[]> {
    const last = this.#last;
    if (!last) return [];
    const now = await listContentFiles(this.paths.contentDir, (file) => file, []);
    const missed = now.files.filter((file) => !last.listed.has(file));
    if (now.files.length - missed.length !== last.listed.size) missed.push(...gone(last.listed, now.files));
    for (const [file, stamp] of last.assetStamps)
      if (stamp !== undefined && stampOf(this.#absolute(file)) !== stamp) missed.push(file);
    return missed.map((file) => this.#absolute(file));
  }

  /** The last load with the files of `again` read again; undefined if a page is now gone or has a problem. */
  #readAgain(last: Remembered, reader: ContentReader, again: ReadonlySet<string>): LoadedContent | undefined {
    const { loaded, pagesDir, listing } = last;
    let { collections, entries, pages, assets } = loaded;
    for (const inContent of again) {
      const collection = last.collectionOf.get(inContent);
      const entry = last.entryOf.get(inContent);
      const at = last.pageAt.get(inContent);
      // A file may be more than one of these (a folder collection's glob reaching into the pages), as in a full load.
      if (collection !== undefined) {
        collections = collections === loaded.collections ? new Map(collections) : collections;
        const source: YamlSource | undefined = reader.collection(collection, inContent, listing);
        if (source) collections.set(collection, source);
        else collections.delete(collection);
      }
      if (entry !== undefined) {
        entries = entries === loaded.entries ? new Map(entries) : entries;
        entries.set(entry, reader.entries(last.matched.get(entry) ?? []));
      }
      if (at !== undefined) {
        pages = pages === loaded.pages ? [...pages] : pages;
        const page: PageSource | undefined = reader.page(inContent, inContent.slice(pagesDir.length));
        // Gone between the save and now, or no longer parses: a full load tells it as it does.
        if (page === undefined) return undefined;
        pages[at] = page;
      }
      if (last.assetStamps.has(inContent)) {
        assets = assets === loaded.assets ? new Map(assets) : assets;
        const bytes = reader.assets([inContent]).get(inContent);
        if (bytes === undefined) return undefined;
        assets.set(inContent, bytes);
      }
      // Anything else listed (a YAML file no collection names) is read by no load.
    }
    return { folder: loaded.folder, collections, entries, pages, assets };
  }

  /** What the next save carries: this load, the stamps of the images it read again taken anew. */
  #keep(last: Remembered, loaded: LoadedContent, reader: ContentReader, again: ReadonlySet<string>): void {
    const assetStamps = new Map(last.assetStamps);
    for (const file of again) if (assetStamps.has(file)) assetStamps.set(file, stampOf(this.#absolute(file)));
    this.#last = { ...last, loaded, assetStamps, unstamped: reader.unstamped };
  }

  /** Images and other files that had no stamp when read: read again by the next save, as a full load would. */
  #unstampedAssets(last: Remembered): string[] {
    const files: string[] = [];
    for (const [file, stamp] of last.assetStamps) if (stamp === undefined) files.push(this.#absolute(file));
    return files;
  }

  #inContent(absolute: string): string | undefined {
    const relative = path.relative(this.paths.contentDir, absolute);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    return relative.split(path.sep).join('/');
  }

  #absolute(inContent: string): string {
    return path.join(this.paths.contentDir, inContent);
  }
}

function gone(listed: ReadonlySet<string>, now: readonly string[]): string[] {
  const present = new Set(now);
  return [...listed].filter((file) => !present.has(file));
}
