/**
 * The split search index as the browser reads it, from a build's files in memory: the real
 * manifest and parts, read through the real client search (client/search-index.ts, as the club's site sets it up).
 */
import { posix } from 'node:path';
import { parseSearchManifest, type Search } from '../../client/browser/search-index.ts';
import { partFile, type SearchManifest } from '../../client/shared/search-index-format.ts';
import { createSiteSearch } from '../../site/logic/site-search.ts';

type Files = Map<string, string | Uint8Array>;

const textOf = (files: Files, file: string): string => {
  const data = files.get(file);
  if (data === undefined) throw new Error(`no ${file} in the output`);
  return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
};

/** The manifest's path among a build's files. */
export function manifestPathOf(files: Files): string {
  const found = [...files.keys()].filter((file) => /^assets\/search-[^/]+\.json$/.test(file));
  if (found.length !== 1) throw new Error(`expected one search manifest, found ${found.join(', ') || 'none'}`);
  return found[0] ?? '';
}

export function manifestOf(files: Files, path = manifestPathOf(files)): SearchManifest {
  return JSON.parse(textOf(files, path)) as SearchManifest;
}

/** A part's output path from its name in the manifest (relative to the manifest's folder). */
export const partPath = (manifestPath: string, file: string) => posix.join(posix.dirname(manifestPath), file);

/** The output path of every part the manifest names: postings, rare words, documents. */
export function partsOf(files: Files, path = manifestPathOf(files)): string[] {
  const manifest = manifestOf(files, path);
  const numbers = (count: number) => Array.from({ length: count }, (_, number) => number);
  return [
    ...numbers(manifest.postings.length).map((number) => partFile(manifest, 'w', number)),
    ...numbers(manifest.rare.length).map((number) => partFile(manifest, 'r', number)),
    ...numbers(manifest.docs.parts).map((number) => partFile(manifest, 'd', number)),
  ].map((file) => partPath(path, file));
}

/** Every document the index shows for a hit: title, URL and the start of its text, in document order. */
export function indexedDocuments(files: Files, path = manifestPathOf(files)) {
  const manifest = manifestOf(files, path);
  return Array.from({ length: manifest.docs.parts }, (_, number) => partFile(manifest, 'd', number)).flatMap((file) =>
    (JSON.parse(textOf(files, partPath(path, file))) as Array<[string, string, string]>).map(([title, url, start]) => ({
      title,
      url,
      start,
    })),
  );
}

/** The client search over a build's index; `fetched` lists the parts it loaded, in order. */
export function searchOver(files: Files, path = manifestPathOf(files)): { search: Search; fetched: string[] } {
  const fetched: string[] = [];
  const search = createSiteSearch(parseSearchManifest(JSON.parse(textOf(files, path))), async (file) => {
    const target = partPath(path, file);
    fetched.push(target);
    return JSON.parse(textOf(files, target));
  });
  return { search, fetched };
}
