/**
 * The parts of a build its caller chooses: how pages are rendered (a Renderer: this thread, or
 * a pool of workers) and where the output goes (a Publisher: a fresh folder swapped in, or
 * memory), and what consumes the stream of rendered pages (PageConsumer: the search index,
 * _headers, the sitemap).
 */
import type { Urls } from '../urls.ts';
import type { ValidatedPage } from './pages.ts';
import type { RenderContext } from './render-context.ts';
import type { PageRecord, RenderedBatch } from './rendered.ts';
import type { KeptIndex } from './search.ts';
import type { LoadedSite } from './site.ts';

/** A file of the output: its path in the output folder and its contents. */
export type OutputFile = [file: string, data: string | Uint8Array];

/** A cache's copy of a file (absolute `from`), where it goes, and its size when whole. */
/** A kept copy to put at `file`: its bytes must hash to `digest` (SHA-256, base64url), else it is made again. */
export type KeptLink = readonly [from: string, file: string, digest: string];

/** Where a build's files go as they are made. */
export interface Publisher {
  /** A folder the threads that render may write pages into themselves (a folder being built); none in memory. */
  readonly folder?: string;
  /** A rendered page: its HTML is written unless the thread that rendered it wrote it already. */
  page(page: PageRecord): void;
  /** Takes one file; a failure to write it is told at the end. With `keepAt`, a second name for it there too (a cache's copy), if it can. */
  write(file: string, data: string | Uint8Array, keepAt?: string): void;
  /**
   * Puts many files that exist elsewhere (a cache's copies) at theirs, as link() does each,
   * handed over at once, without looking at them first: one that is not there whole (`bytes`) is
   * made by `remake` (given its `file`) before the output is complete, and kept again at `from`.
   */
  linkAll(links: ReadonlyArray<KeptLink>, remake: (file: string) => string): void;
  /** Renames a folder written so far, in order with the writes. */
  move(from: string, to: string): void;
  /** Resolves once few enough files wait to be written: a renderer faster than the disk waits here. */
  ready(): Promise<void>;
  /** A write done elsewhere (a render worker) failed. */
  fail(error: unknown): void;
}

export interface Renderer {
  /**
   * The site's code is loaded; the content is not read yet. A renderer may start what takes
   * long now (render workers load the site's code meanwhile); `pageFiles` counts the page files
   * for one that decides by the site's size.
   */
  start(site: LoadedSite, pageFiles: () => number): void;
  /** Renders a pass's pages in batches, handed back in page order. A thread may write its pages into `publisher.folder` itself. */
  render(pass: RenderPass, publisher: Publisher): AsyncIterable<RenderedBatch>;
  /** The build succeeded: a renderer that keeps pages for the next build keeps them now. */
  succeeded?(): void;
  /** The search index the last build made, when the renderer keeps pages with it (pipeline/kept-index.ts). */
  readonly keptIndex?: KeptIndex;
  /** Lets go of what it started (render workers). */
  close(): Promise<void>;
}

/** Pages rendered from one context: the site's pages, then (a second pass) those that show the search index. */
export interface RenderPass {
  context: RenderContext;
  pages: readonly ValidatedPage[];
  /** Whether the pages' search documents are counted for the index (the first pass). */
  indexed: boolean;
  /** Where each page's HTML is also kept once written (a page cache's folder, and this build's stamp). */
  keepHtml?: { folder: string; stamp: string };
}

/** What a consumer of the rendered pages is made with. */
interface ConsumerSetup {
  urls: Urls;
  /** Rules of _headers for what is not a page (the editors' admin), added after the pages'. */
  headerRules?: readonly string[];
}

/**
 * Something made from every rendered page (_headers, the sitemap): it takes each batch as the
 * pages come, first pass and second, and gives its files at the end.
 */
export interface PageConsumer {
  take(batch: RenderedBatch): void;
  files(): Iterable<OutputFile>;
}

export type PageConsumerMaker = (setup: ConsumerSetup) => PageConsumer;
