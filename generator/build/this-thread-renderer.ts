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
    for (let start = 0; start < pass.pages.length; start += BATCH) {
      // The pages are written in the background: a disk slower than the render is waited for here.
      await publisher.ready();
      yield renderBatch(site, pass.context, pass.pages.slice(start, start + BATCH), counting);
    }
  }

  async close(): Promise<void> {}
}
