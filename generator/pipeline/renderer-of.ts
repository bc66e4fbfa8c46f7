/** The renderer a build uses when its caller names none: render workers on a large site, and the page cache when it has a folder. */
import path from 'node:path';
import type { Renderer } from '../model/pipeline.ts';
import type { BuildOptions } from './build-run.ts';
import { generatorCode } from './generator-code.ts';
import { IncrementalRenderer } from './incremental-renderer.ts';
import { FolderKeptIndex } from './kept-index.ts';
import { FolderPageCache } from './page-cache.ts';
import { WorkerRenderer } from './worker-renderer.ts';

export function rendererOf(options: BuildOptions): Renderer {
  const renderer = new WorkerRenderer(options.workers);
  if (options.cacheDir === undefined) return renderer;
  const folder = path.resolve(options.root, options.cacheDir);
  const cache = new FolderPageCache(folder, generatorCode());
  const keptIndex = new FolderKeptIndex(folder, generatorCode(), cache);
  // What the build will read of its cache is read on other threads while the site loads.
  cache.lookAhead();
  keptIndex.lookAhead();
  return new IncrementalRenderer(renderer, cache, { keptIndex });
}
