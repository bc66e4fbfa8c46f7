/**
 * A render worker (worker_threads): runs the site bundle the main thread made (by its code, so
 * nothing is bundled twice) as it starts, takes a pass's render context in a message
 * (WorkerSetup), then renders the batches of pages it is sent with the same renderBatch as the
 * main thread. Given an output folder, it writes each page there itself and sends back only
 * what the build keeps of it.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { runSiteCode } from '../bundle/load-site.ts';
import { BatchPostings } from '../index/postings.ts';
import { isRendered, type PageRecord, type RenderedBatch } from '../model/rendered.ts';
import { keepCopy, writeFileIn } from '../publish/write-output.ts';
import { keptHtml } from './page-cache.ts';
import { fromJobPage } from './job-page.ts';
import { renderBatch } from './render-batch.ts';
import type { RenderJob, WorkerReply, WorkerSetup, WorkerStart, WriteFailure } from './worker-pool.ts';
import { sha256 } from '../sealed-file.ts';

const start = workerData as WorkerStart;
const site = await runSiteCode(start.site);
/** The pass being rendered: set by its first message, before any job. */
let setup: WorkerSetup;
/** The search documents of the pages rendered here, counted a batch at a time: the main thread appends batches in page order. */
const postings = new BatchPostings();

/** Writes the batch's pages into the output folder; what goes back is what the build keeps of each. */
function write(batch: RenderedBatch, folder: string): { batch: RenderedBatch; writeFailure?: WriteFailure } {
  let writeFailure: WriteFailure | undefined;
  const pages = batch.pages.map((page): PageRecord => {
    if (!isRendered(page)) return page;
    // What the build keeps: the record, with what the page read (for the page cache).
    const { html, page: _, searchText: __, sections: ___, ...record } = page;
    try {
      // The main thread made the folders (worker-pool.ts Folders).
      writeFileIn(folder, record.file, html);
      if (setup.keepHtml) {
        record.htmlHash = sha256(html);
        keepCopy(path.join(folder, record.file), keptHtml(setup.keepHtml, record.htmlHash));
      }
    } catch (error) {
      const { message, code, syscall, path } = error as NodeJS.ErrnoException;
      writeFailure ??= { message, code, syscall, path };
    }
    return record;
  });
  return { batch: { ...batch, pages }, ...(writeFailure ? { writeFailure } : {}) };
}

parentPort?.on('message', (message: RenderJob | { setup: WorkerSetup }) => {
  if ('setup' in message) {
    setup = message.setup;
    return;
  }
  try {
    const counting = setup.indexed ? { postings, thread: start.thread } : undefined;
    const rendered = renderBatch(site, setup.context, message.pages.map(fromJobPage), counting);
    const reply = setup.writeTo ? write(rendered, setup.writeTo) : { batch: rendered };
    const packed = rendered.postings?.packed;
    parentPort?.postMessage(
      { id: message.id, ...reply } satisfies WorkerReply,
      packed ? [packed.ends.buffer, packed.pairs.buffer] : [],
    );
  } catch (error) {
    const { message: text, stack, cause } = error as Error;
    const inner = cause as Error | undefined;
    parentPort?.postMessage({
      id: message.id,
      failure: { message: text, stack, cause: inner && { message: inner.message, stack: inner.stack } },
    } satisfies WorkerReply);
  }
});
parentPort?.postMessage({ ready: true } satisfies WorkerReply);
