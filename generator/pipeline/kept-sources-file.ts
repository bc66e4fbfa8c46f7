/**
 * Where a build keeps what it made of the content files (pipeline/source-cache.ts), and that
 * file's read begun as early as a build knows it will want it. `clubsite build` begins it before
 * it imports the pipeline (cli-build.ts): its build waits for it first, before the site's code
 * has run, and begun there it is not queued behind the larger files the page cache and the
 * search index read ahead as the build begins (tens of megabytes at 10,000 pages), which kept
 * the build waiting for it on a busy machine.
 */
import path from 'node:path';
import type { ContentWalk } from '../load/content-walk.ts';
import { ReadAhead } from './read-ahead.ts';

export const SOURCES_FILE = 'sources.bin';

/** sources.bin of the cache folder `cacheDir` (absolute), read from now on the file system's threads. */
export const readSourcesAhead = (cacheDir: string): ReadAhead => new ReadAhead(path.join(cacheDir, SOURCES_FILE));

/**
 * What a build with a cache reads first, begun by `clubsite build` while it imports the
 * pipeline: the kept files. Without a cache, only the walk.
 */
export function readsAhead(
  cacheDir: string | undefined,
  walk: ContentWalk,
): { contentWalk: ContentWalk; sourcesRead?: ReadAhead } {
  if (cacheDir === undefined) return { contentWalk: walk };
  return { contentWalk: walk, sourcesRead: readSourcesAhead(cacheDir) };
}
