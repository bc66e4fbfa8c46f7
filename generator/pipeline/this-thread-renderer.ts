/** Renders every page on this thread, a batch at a time: the renderer of most sites (and of dev). */
import type { SiteDefinition } from '../contract/index.ts';
import { BatchPostings } from '../index/postings.ts';
import type { Publisher, RenderPass, Renderer } from '../model/pipeline.ts';
import type { RenderedBatch } from '../model/rendered.ts';
import type { LoadedSite } from '../model/site.ts';
import { renderBatch } from './render-batch.ts';

/** The main thread's number as a counter of search batches (render workers are 0, 1, …), and its batch size. */
export const THIS_THREAD = -1;
const BATCH = 64;

export class ThisThreadRenderer implements Renderer {
  #site: SiteDefinition | undefined;

  start(site: LoadedSite): void {
    this.#site = site.site;
  }

  async *render(pass: RenderPass, publisher: Publisher): AsyncGenerator<RenderedBatch> {
    const site = this.#site;
    if (!site) throw new Error('A renderer renders once it is started with the site.');
    // Counted as a render worker counts its pages, and appended a batch at a time.
    const counting = pass.indexed ? { postings: new BatchPostings(), thread: THIS_THREAD } : undefined;
    // A page at a time, so each is written (in the background) while the next renders; its
    // search words go with the last page of each BATCH, which the index appends a batch at a time.
    for (const [at, page] of pass.pages.entries()) {
      // A disk slower than the render is waited for here.
      if (at % BATCH === 0) await publisher.ready();
      const last = at % BATCH === BATCH - 1 || at === pass.pages.length - 1;
      yield renderBatch(site, pass.context, [page], counting, last);
    }
  }

  async close(): Promise<void> {}
}
