/**
 * Renders on worker_threads (render-worker.ts) as well as on this thread, on a site large
 * enough to pay for them. The workers start as soon as the site's code is loaded (loading it
 * and their packages takes each several hundred milliseconds, which this thread spends reading
 * the content); each then gets the render context once and batches of pages, taken by
 * whichever thread is free, this one included. Batches are handed back in page order, so the
 * output and the order of problems are the same for any number of workers. The workers render
 * the first pass and are let go before the search index is made, the build's largest moment:
 * what is rendered after that (the second pass) is rendered on this thread.
 */
import os from 'node:os';
import type { Publisher, RenderPass, Renderer } from '../model/pipeline.ts';
import type { RenderedBatch } from '../model/rendered.ts';
import type { LoadedSite } from '../model/site.ts';
import { ThisThreadRenderer } from './this-thread-renderer.ts';
import { renderOnWorkers, startRenderWorkers, type RenderWorkers } from './worker-pool.ts';

/**
 * Below this many pages, starting workers costs more than it saves: each loads the site's code
 * and warms up on its own. Measured on 2 cores, on a RAM disk so that only the work counts, this
 * thread and one worker against this thread alone: 1,000 pages 1.37 s against 1.25 s, 4,000
 * pages 2.74 s against 2.88 s, 10,000 pages 5.0 s against 6.3 s (two workers beside this thread,
 * three threads on two cores, 5.6 s).
 */
const WORKER_PAGES = 3000;

export class WorkerRenderer implements Renderer {
  readonly #here = new ThisThreadRenderer();
  #site: LoadedSite | undefined;
  #pool: Promise<RenderWorkers> | undefined;
  #used = false;

  /** `threads`: this one and threads − 1 workers (1: this thread alone); default one per core on a large site. */
  constructor(private readonly threads?: number) {}

  start(site: LoadedSite, pageFiles: () => number): void {
    this.#site = site;
    this.#here.start(site);
    if ((this.threads ?? os.availableParallelism()) <= 1) return;
    if (this.threads === undefined && pageFiles() < WORKER_PAGES) return;
    this.#pool = this.#startPool(site);
  }

  async *render(pass: RenderPass, publisher: Publisher): AsyncGenerator<RenderedBatch> {
    const site = this.#site;
    // Pages a template makes from data count too: a site may have few files and many pages.
    const large = this.threads === undefined && pass.pages.length >= WORKER_PAGES;
    if (!this.#pool && !this.#used && site && large && os.availableParallelism() > 1)
      this.#pool = this.#startPool(site);
    const pool = this.#pool;
    this.#used = true;
    if (!pool || !site) {
      yield* this.#here.render(pass, publisher);
      return;
    }
    this.#pool = undefined;
    const workers = await pool;
    try {
      yield* renderOnWorkers(workers, site.site, pass, publisher);
    } finally {
      // Their memory is let go before the index is made.
      await workers.close();
    }
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.then(
      (workers) => workers.close(),
      () => undefined,
    );
  }

  #startPool(site: LoadedSite): Promise<RenderWorkers> {
    const count = (this.threads ?? os.availableParallelism()) - 1;
    const pool = startRenderWorkers(site.bundle, count);
    // A pool that fails to start is told when it is asked to render (or not at all, if never asked).
    pool.catch(() => undefined);
    return pool;
  }
}
