/**
 * The page cache read and never written (`clubsite next-change`): the pages whose inputs did
 * not change are taken from it, as in a build, but nothing is kept. A build saves its cache
 * when it succeeds (`IncrementalRenderer.succeeded`) and keeps each rendered page's HTML in the
 * cache's folder as it goes (`PageCache.keepHtml`); here the one does nothing and the other is
 * not offered, so the folder is left exactly as it was found. The kept index is read as a build
 * reads it (a base's pages have their search pairs there only) and never written either.
 */
import path from 'node:path';
import type { Renderer } from '../model/pipeline.ts';
import { generatorCode } from './generator-code.ts';
import { IncrementalRenderer } from './incremental-renderer.ts';
import { FolderKeptIndex } from './kept-index.ts';
import { type CachedPage, FolderPageCache, type PageCache } from './page-cache.ts';
import { WorkerRenderer } from './worker-renderer.ts';

class ReadOnlyPageCache implements PageCache {
  constructor(private readonly cache: PageCache) {}

  get found(): boolean {
    return this.cache.found;
  }

  get notice(): string | undefined {
    return this.cache.notice;
  }

  get numbering(): PageCache['numbering'] {
    return this.cache.numbering;
  }

  get reads(): PageCache['reads'] {
    return this.cache.reads;
  }

  get size(): number {
    return this.cache.size;
  }

  get generation(): string | undefined {
    return this.cache.generation;
  }

  inBase(page: CachedPage): boolean {
    return this.cache.inBase?.(page) === true;
  }

  get(file: string): CachedPage | undefined {
    return this.cache.get(file);
  }

  async looked(): Promise<void> {
    await this.cache.looked?.();
  }

  htmlOf(page: CachedPage): string | undefined {
    return this.cache.htmlOf(page);
  }

  save(): void {
    // Read only: the cache stays as the last build left it.
  }
}

/** The renderer of a build that reads the page cache in `cacheDir` (relative to `root`) and writes nothing there. */
export function readingRenderer(root: string, cacheDir: string): Renderer {
  const folder = path.resolve(root, cacheDir);
  const cache = new FolderPageCache(folder, generatorCode());
  const readOnly = new ReadOnlyPageCache(cache);
  const keptIndex = new FolderKeptIndex(folder, generatorCode(), readOnly, { keep: false });
  cache.lookAhead();
  keptIndex.lookAhead();
  return new IncrementalRenderer(new WorkerRenderer(), readOnly, { keptIndex });
}
