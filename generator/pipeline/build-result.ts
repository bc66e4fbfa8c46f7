/** What a build gives back: its clock, its files when kept in memory, its problems, timings and figures. */
import { gzipSync } from 'node:zlib';
import type { NextChange } from '../clock.ts';
import { type ContentError, uniqueErrors } from '../errors.ts';
import type { DeferredSearch } from '../index/deferred-search.ts';
import type { SearchIndexFile } from '../index/search-index.ts';
import type { RenderedPage } from '../model/rendered.ts';
import type { ClientBundle, LoadedSite } from '../model/site.ts';
import type { OutputSizes } from '../publish/output-sizes.ts';
import { NOT_FOUND_FILE } from '../render/not-found.ts';
import type { Renderer } from '../model/pipeline.ts';
import type { BuildOutput, BuildRun } from './build-run.ts';
import { type CacheReport, IncrementalRenderer } from './incremental-renderer.ts';

export interface BuildResult {
  now: Date;
  /** Every output file, path relative to the output folder → contents (none when written to a folder). */
  files: Map<string, string | Uint8Array>;
  /** The rendered pages (none when written to a folder: a page is let go once written). */
  pages: RenderedPage[];
  /** What the content should change though the site builds (an unused file, an http:// link). */
  warnings: ContentError[];
  /** Milliseconds per stage, in order. */
  timings: Array<[stage: string, ms: number]>;
  stats: BuildStats;
  site: LoadedSite;
  client: ClientBundle;
  /** Files the build read: the dev server watches them. */
  inputs: string[];
  /** When the output next changes by itself, and why. */
  nextChange?: NextChange;
  /** What the page cache did, when the build had one. */
  cache?: CacheReport;
  /**
   * A dev build's search index, made when first read: `files` holds a stand-in for its
   * `provisional` files, and lacks the index's (dev/served-files.ts reads both).
   */
  deferred?: DeferredSearch;
  /** Keeps the pages for the next build (the page cache), with BuildOptions.keepPagesLater; otherwise does nothing. */
  keepPages(): void;
}

interface BuildStats extends OutputSizes {
  pages: number;
  /** The search index's parts together, and how many there are (a query loads a few). */
  searchIndexBytes: number;
  searchIndexParts: number;
  /** All its files' gzip sizes together, for an index of at most SMALL_INDEX_BYTES; a larger one is not kept to count. */
  searchIndexGzip: number | undefined;
  searchDocuments: number;
}

interface ResultParts {
  now: Date;
  site: LoadedSite;
  client: ClientBundle;
  pages: number;
  output: BuildOutput;
  /** The index, or how to get it when it is made later (dev). */
  index: () => SearchIndexFile;
  /** Its documents, when they are known before it is made. */
  documents?: number;
  next?: NextChange;
  renderer?: Renderer;
  deferred?: DeferredSearch;
  keepPages?: () => void;
}

export function buildResult(run: BuildRun, parts: ResultParts): BuildResult {
  const { output, index } = parts;
  let sizes: OutputSizes | undefined;
  let gzip: number | undefined;
  // Measured, and compressed, when asked for: the dev server rebuilds on every save and never asks.
  const measured = () => {
    sizes ??= output.sizes();
    return sizes;
  };
  return {
    now: parts.now,
    files: output.files?.() ?? new Map(),
    // The site's pages: not the 404 page, which has a file of its own.
    pages: (output.pages ?? []).filter((page) => page.file !== NOT_FOUND_FILE),
    warnings: uniqueErrors(run.problems.warnings),
    timings: run.timings,
    stats: {
      pages: parts.pages,
      get html() {
        return measured().html;
      },
      get js() {
        return measured().js;
      },
      get css() {
        return measured().css;
      },
      get searchIndexBytes() {
        return index().bytes;
      },
      get searchIndexParts() {
        return index().count;
      },
      get searchIndexGzip() {
        gzip ??= index().texts?.reduce((total, json) => total + gzipSync(json, { level: 9 }).byteLength, 0);
        return gzip;
      },
      get searchDocuments() {
        return parts.documents ?? index().documents;
      },
    },
    site: parts.site,
    client: parts.client,
    inputs: [...new Set([...parts.site.inputs, ...parts.client.inputs])],
    ...(parts.next ? { nextChange: parts.next } : {}),
    ...(parts.renderer instanceof IncrementalRenderer ? { cache: parts.renderer.report() } : {}),
    ...(parts.deferred ? { deferred: parts.deferred } : {}),
    keepPages: parts.keepPages ?? (() => undefined),
  };
}
