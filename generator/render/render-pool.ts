/**
 * Renders pages on worker_threads (render-worker.ts). The worker's TypeScript is bundled into
 * node_modules/.cache/clubsite/ by generator/typescript-module.js, as the CLI is: again
 * only when one of its files changed. Workers start with the site bundle's code
 * (startRenderWorkers, early in a build); when there is something to render, each gets what a
 * render reads (the routes, the page summaries, the collections) and then batches of pages,
 * taken by whichever worker is free.
 * Results are handed back in page order, so the output and the order of errors are the same for
 * any number of workers.
 */
import { Worker } from 'node:worker_threads';
import { bundleTypeScript } from '../typescript-module.js';
import type { PageSummary } from '../contract/index.ts';
import { ContentError, type ErrorDetails } from '../errors.ts';
import type { SiteBundle } from '../bundle/load-site.ts';
import { toolRoot } from '../bundle/tool-files.ts';
import type { PackedPostings } from '../index/postings.ts';
import type { PageOutput } from '../write/gather-output.ts';
import type { ValidatedPage } from '../validate/validate-content.ts';
import { type JobPage, toJobPage } from './job-page.ts';
import type { RenderInput, RenderedPage } from './render-pages.ts';

export interface WorkerSetup {
  now: number;
  /** Characters of each page's text the search index keeps (the site's search.snippet). */
  snippet: number;
  base: string;
  origin: string;
  routes: string[];
  summaries: PageSummary[];
  data: Record<string, unknown>;
  contentFolders: string[];
  client: RenderInput['client'];
  assets: Array<[string, Uint8Array]>;
  /** Collection name → its file, relative to root. */
  collections: Array<[string, string]>;
  /** Folder collection name → its files' names and text, so a broken link in an entry is traced to its line. */
  entries: Array<[string, Array<{ file: string; text: string }>]>;
  /** The processed photos, so a page shows the same <picture> on any thread. */
  photos: RenderInput['photos'];
  /** The output folder being written: a page is written here by its worker, not sent back. */
  writeTo?: string;
  /** Whether the pages' folders under writeTo are made before their batch is sent (by `beforeJob`). */
  foldersMade?: boolean;
}

export interface RenderJob {
  id: number;
  pages: JobPage[];
}

export interface RenderOutcome {
  /** The page, when it is not written by the worker (no `writeTo`). */
  rendered?: RenderedPage;
  /** The page written into `writeTo`: what is kept of it, and its size. */
  written?: PageOutput & { bytes: number };
  /** Why writing it failed (an errno error's fields). */
  writeFailure?: { message: string; code?: string; syscall?: string; path?: string };
  warnings: ErrorDetails[];
  errors: ErrorDetails[];
  /** Content files the page published, as `file:<path>` (itself) or `photo:<path>` (a photo's variants). */
  used: string[];
}

/** A batch's outcomes in page order, and the search postings of its pages (index/postings.ts). */
export interface JobResult {
  outcomes: RenderOutcome[];
  postings: PackedPostings;
  /** The number of the thread that counted it (a thread's batches name its words by its own numbers). */
  from: number;
}

type Reply =
  | { ready: true }
  | ({ id: number } & Omit<JobResult, 'from'>)
  | { id: number; failure: { message: string; stack?: string; cause?: { message: string; stack?: string } } };

/** Pages per message: large enough that messages cost little, small enough to share the work evenly. */
const BATCH = 64;

/**
 * Render workers started ahead of the render: loading the site's code and its packages takes a
 * worker several hundred milliseconds, which the main thread spends loading the content.
 */
export interface RenderWorkers {
  count: number;
  /** Renders `pages`; see renderOnWorkers. */
  render: (setup: WorkerSetup, pages: ValidatedPage[], on: RenderHandlers) => Promise<void>;
  close: () => Promise<void>;
}

/** What the caller is handed as the pages come back, in page order. */
export interface RenderHandlers {
  /** Each page's outcome; `index` is its place in `pages`. */
  outcome: (outcome: RenderOutcome, index: number) => void;
  /** The search postings of a batch, before its pages' outcomes, and the number of the thread that counted them. */
  postings: (postings: PackedPostings, from: number) => void;
  /** Called with each batch of pages before a worker is given it (to make their folders), a batch ahead. */
  beforeJob?: (pages: Array<{ route: string }>) => void;
  /**
   * Renders a batch on this thread, which then renders too, between handing batches to the
   * workers: its outcomes, and its postings with the number they are counted under.
   */
  here?: (pages: ValidatedPage[]) => JobResult;
  /** Awaited before this thread renders a batch (the output's backlog: OutputSink.ready). */
  ready?: () => Promise<void>;
}

/** What a worker is started with: the rest (WorkerSetup) comes when there is something to render. */
export interface WorkerStart {
  root: string;
  site: SiteBundle;
}

/** Starts `count` workers that load the site's code; they render when asked (RenderWorkers.render). */
export async function startRenderWorkers(site: SiteBundle, root: string, count: number): Promise<RenderWorkers> {
  const file = await workerFile();
  const workers = Array.from({ length: count }, () => new Worker(file, { workerData: { root, site } as WorkerStart }));
  // A worker that fails while starting is told when it is asked to render (or not at all, if never asked).
  const ready = workers.map((worker) => {
    const started = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`A render worker stopped as it started (exit code ${code}).`)));
    });
    started.catch(() => undefined);
    return started;
  });
  return {
    count,
    render: (setup, pages, on) => renderOnWorkers(workers, ready, setup, pages, on),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * Renders `pages` on started workers, and on this thread too when `on.here` is given. Each
 * batch is handed to `on` in the order of `pages` (a batch that comes back early waits for
 * those before it), and then let go: what the caller does not keep is not held.
 */
async function renderOnWorkers(
  workers: Worker[],
  ready: Array<Promise<void>>,
  setup: WorkerSetup,
  pages: ValidatedPage[],
  on: RenderHandlers,
): Promise<void> {
  const waiting = new Map<number, JobResult>();
  let due = 0;
  const deliver = () => {
    for (let batch = waiting.get(due); batch; batch = waiting.get(due)) {
      waiting.delete(due);
      on.postings(batch.postings, batch.from);
      for (const outcome of batch.outcomes) {
        on.outcome(outcome, due);
        due += 1;
      }
    }
  };
  const jobs: Array<{ id: number; pages: ValidatedPage[] }> = [];
  // At least four batches a thread, so that one slow batch does not leave the others idle.
  const threads = workers.length + (on.here ? 1 : 0);
  const size = Math.max(1, Math.min(BATCH, Math.ceil(pages.length / (threads * 4))));
  for (let start = 0; start < pages.length; start += size)
    jobs.push({ id: start, pages: pages.slice(start, start + size) });
  const prepared = new Set<(typeof jobs)[number]>();
  const prepare = (job: (typeof jobs)[number]) => {
    if (prepared.has(job)) return;
    prepared.add(job);
    on.beforeJob?.(job.pages);
  };
  // This thread renders a batch whenever it has nothing else to do: the workers' answers come first.
  const here = on.here;
  const renderingHere = here
    ? (async () => {
        for (;;) {
          await new Promise((resolve) => setImmediate(resolve));
          await on.ready?.();
          const job = jobs.shift();
          if (!job) return;
          // Its folders too are made by this thread, before the writer writes into them.
          prepare(job);
          prepared.delete(job);
          waiting.set(job.id, here(job.pages));
          deliver();
        }
      })()
    : Promise.resolve();
  const listeners: Array<() => void> = [];
  try {
    await Promise.all([
      renderingHere,
      ...workers.map(
        (worker, at) =>
          new Promise<void>((resolve, reject) => {
            // Two jobs in hand, so that a worker never waits for this thread to answer.
            let inHand = 0;
            const next = () => {
              const job = jobs.shift();
              if (job) {
                prepare(job);
                prepared.delete(job);
                worker.postMessage({ id: job.id, pages: job.pages.map(toJobPage) } satisfies RenderJob);
                inHand += 1;
                // The next batch's folders are made while this one renders, not while a worker waits for it.
                const upcoming = jobs[0];
                if (upcoming) prepare(upcoming);
              } else if (inHand === 0) resolve();
            };
            const stopped = (code: number) => reject(new Error(`A render worker stopped (exit code ${code}).`));
            const answered = (reply: Reply) => {
              // Its start is awaited apart (ready); the jobs follow the setup.
              if ('ready' in reply) return;
              if ('failure' in reply) {
                const { message, stack, cause } = reply.failure;
                const error = new Error(message, cause && { cause: Object.assign(new Error(cause.message), cause) });
                error.stack = stack;
                reject(error);
                return;
              }
              if ('outcomes' in reply) {
                inHand -= 1;
                waiting.set(reply.id, { ...reply, from: at });
                try {
                  deliver();
                } catch (error) {
                  reject(error);
                  return;
                }
              }
              next();
            };
            worker.on('error', reject);
            worker.on('exit', stopped);
            worker.on('message', answered);
            listeners.push(() => {
              worker.off('error', reject);
              worker.off('exit', stopped);
              worker.off('message', answered);
            });
            ready[at]?.then(() => {
              worker.postMessage({ setup });
              next();
              next();
            }, reject);
          }),
      ),
    ]);
  } finally {
    // A failure ends the render: this thread takes no further batch.
    jobs.length = 0;
    for (const remove of listeners) remove();
  }
}

export const contentError = (details: ErrorDetails): ContentError => new ContentError(details);

let bundled: Promise<string> | undefined;

/** The worker bundled for Node (packages stay external) by the launcher's cache. */
function workerFile(): Promise<string> {
  bundled ??= bundleTypeScript('generator/render/render-worker.ts', toolRoot());
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}
