/**
 * The render workers themselves: started with the site bundle's code (the worker module is
 * bundled by typescript-module.js into node_modules/.cache/clubsite/, again only when one of
 * its files changed), then given a pass's render context and batches of pages.
 */
import { Worker } from 'node:worker_threads';
import type { SiteDefinition } from '../contract/index.ts';
import type { ErrorDetails } from '../errors.ts';
import { BatchPostings } from '../index/postings.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { Publisher, RenderPass } from '../model/pipeline.ts';
import type { RenderContext } from '../model/render-context.ts';
import type { RenderedBatch } from '../model/rendered.ts';
import type { SiteBundle } from '../model/site.ts';
import { makeFoldersFor } from '../publish/write-output.ts';
import { environmentOf } from '../render/render-environment.ts';
import { bundleTypeScript } from '../typescript-module.js';
import { type JobPage, toJobPage } from './job-page.ts';
import { renderBatch } from './render-batch.ts';
import { THIS_THREAD } from './this-thread-renderer.ts';

/** What a worker is started with. */
export interface WorkerStart {
  site: SiteBundle;
  /** Its number, which names its search batches' words (this thread is THIS_THREAD). */
  thread: number;
}

/** What a worker renders a pass with: the pass's context, and where it writes pages (none: they come back). */
export interface WorkerSetup {
  context: RenderContext;
  indexed: boolean;
  writeTo?: string;
  /** Where each page written is also kept (a page cache), under its file's name and the build's stamp. */
  keepHtml?: RenderPass['keepHtml'];
}

export interface RenderJob {
  id: number;
  pages: JobPage[];
}

export type WorkerReply =
  | { ready: true }
  | { id: number; batch: RenderedBatch; writeFailure?: WriteFailure }
  | { id: number; failure: { message: string; stack?: string; cause?: { message: string; stack?: string } } };

/** Why writing a page failed (an errno error's fields). */
export type WriteFailure = Pick<ErrorDetails, 'message'> & { code?: string; syscall?: string; path?: string };

export interface RenderWorkers {
  workers: Worker[];
  ready: Array<Promise<void>>;
  close: () => Promise<void>;
}

/** Pages per message: large enough that messages cost little, small enough to share the work evenly. */
const BATCH = 64;

/** Starts `count` workers that load the site's code; they render when asked (renderOnWorkers). */
export async function startRenderWorkers(site: SiteBundle, count: number): Promise<RenderWorkers> {
  const file = await workerFile();
  const workers = Array.from(
    { length: count },
    (_, thread) => new Worker(file, { workerData: { site, thread } satisfies WorkerStart }),
  );
  const ready = workers.map((worker) => {
    const started = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`A render worker stopped as it started (exit code ${code}).`)));
    });
    started.catch(() => undefined);
    return started;
  });
  return { workers, ready, close: async () => void (await Promise.all(workers.map((worker) => worker.terminate()))) };
}

/**
 * Renders a pass on started workers and on this thread, which renders a batch whenever it has
 * nothing else to do. Each batch is handed back in the order of the pages (a batch that comes
 * back early waits for those before it), and then let go.
 */
export async function* renderOnWorkers(
  pool: RenderWorkers,
  site: SiteDefinition,
  pass: RenderPass,
  publisher: Publisher,
): AsyncGenerator<RenderedBatch> {
  // A folder brought up to date in place is written by other threads only once its writer has looked at it.
  await publisher.ready();
  const threads = pool.workers.length + 1;
  // At least four batches a thread, so that one slow batch does not leave the others idle.
  const size = Math.max(1, Math.min(BATCH, Math.ceil(pass.pages.length / (threads * 4))));
  const jobs: Array<{ id: number; pages: readonly ValidatedPage[] }> = [];
  for (let start = 0; start < pass.pages.length; start += size)
    jobs.push({ id: jobs.length, pages: pass.pages.slice(start, start + size) });
  const count = jobs.length;
  const done = new Map<number, RenderedBatch>();
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const arrived = (id: number, batch: RenderedBatch) => {
    done.set(id, batch);
    wake?.();
  };
  const failed = (error: unknown) => {
    failure ??= { error };
    // A failure ends the render: no thread takes a further batch.
    jobs.length = 0;
    wake?.();
  };
  const folders = new Folders(publisher, environmentOf(site, pass.context).urls.fileOf);
  const setup: WorkerSetup = {
    context: pass.context,
    indexed: pass.indexed,
    writeTo: publisher.folder,
    ...(pass.keepHtml ? { keepHtml: pass.keepHtml } : {}),
  };
  const here = renderHere(site, pass, jobs, folders, publisher, arrived);
  const listeners = pool.workers.map((worker, at) =>
    feedWorker(worker, pool.ready[at] ?? Promise.resolve(), setup, jobs, folders, publisher, arrived),
  );
  const working = Promise.all([here, ...listeners.map((listener) => listener.finished)]).catch(failed);
  try {
    for (let due = 0; due < count; due += 1) {
      for (let batch = done.get(due); !batch; batch = done.get(due)) {
        if (failure) throw failure.error;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const batch = done.get(due) as RenderedBatch;
      done.delete(due);
      yield batch;
    }
    await working;
    if (failure) throw failure.error;
  } finally {
    jobs.length = 0;
    for (const listener of listeners) listener.remove();
  }
}

/** This thread's share: a batch whenever the workers' answers leave it free. */
async function renderHere(
  site: SiteDefinition,
  pass: RenderPass,
  jobs: Array<{ id: number; pages: readonly ValidatedPage[] }>,
  folders: Folders,
  publisher: Publisher,
  arrived: (id: number, batch: RenderedBatch) => void,
): Promise<void> {
  const counting = pass.indexed ? { postings: new BatchPostings(), thread: THIS_THREAD } : undefined;
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    await publisher.ready();
    const job = jobs.shift();
    if (!job) return;
    // Its folders too are made by this thread, before the writer writes into them.
    folders.prepare(job.pages);
    arrived(job.id, renderBatch(site, pass.context, job.pages, counting));
  }
}

/** Hands a worker batches, two in hand so that it never waits for this thread; resolves when there are none left. */
function feedWorker(
  worker: Worker,
  ready: Promise<void>,
  setup: WorkerSetup,
  jobs: Array<{ id: number; pages: readonly ValidatedPage[] }>,
  folders: Folders,
  publisher: Publisher,
  arrived: (id: number, batch: RenderedBatch) => void,
): { finished: Promise<void>; remove: () => void } {
  let remove = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    let inHand = 0;
    const next = () => {
      const job = jobs.shift();
      if (job) {
        folders.prepare(job.pages);
        worker.postMessage({ id: job.id, pages: job.pages.map(toJobPage) } satisfies RenderJob);
        inHand += 1;
        // The next batch's folders are made while this one renders, not while a worker waits for it.
        const upcoming = jobs[0];
        if (upcoming) folders.prepare(upcoming.pages);
      } else if (inHand === 0) resolve();
    };
    const stopped = (code: number) => reject(new Error(`A render worker stopped (exit code ${code}).`));
    const answered = (reply: WorkerReply) => {
      // Its start is awaited apart (ready); the jobs follow the setup.
      if ('ready' in reply) return;
      if ('failure' in reply) {
        const { message, stack, cause } = reply.failure;
        const error = new Error(message, cause && { cause: Object.assign(new Error(cause.message), cause) });
        error.stack = stack;
        reject(error);
        return;
      }
      inHand -= 1;
      // Told as any write that failed: when the output is committed.
      if (reply.writeFailure) publisher.fail(Object.assign(new Error(), reply.writeFailure));
      arrived(reply.id, reply.batch);
      next();
    };
    worker.on('error', reject);
    worker.on('exit', stopped);
    worker.on('message', answered);
    remove = () => {
      worker.off('error', reject);
      worker.off('exit', stopped);
      worker.off('message', answered);
    };
    ready.then(() => {
      worker.postMessage({ setup });
      next();
      next();
    }, reject);
  });
  return { finished, remove: () => remove() };
}

/**
 * The folders of the pages a batch writes, made by this thread a batch ahead: two threads
 * making folders in one parent would wait on each other.
 */
class Folders {
  readonly #made = new WeakSet<readonly ValidatedPage[]>();

  constructor(
    private readonly publisher: Publisher,
    private readonly fileOf: (route: string) => string,
  ) {}

  prepare(pages: readonly ValidatedPage[]): void {
    const folder = this.publisher.folder;
    if (!folder || this.#made.has(pages)) return;
    this.#made.add(pages);
    try {
      makeFoldersFor(
        folder,
        pages.map((page) => page.output ?? this.fileOf(page.route)),
      );
    } catch (error) {
      // Told as any write that failed: when the output is committed.
      this.publisher.fail(error);
    }
  }
}

let bundled: Promise<string> | undefined;

/** The worker bundled for Node (packages stay external) by the TypeScript module cache. */
function workerFile(): Promise<string> {
  bundled ??= bundleTypeScript('generator/pipeline/render-worker.ts');
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}
