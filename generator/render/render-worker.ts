/**
 * A render worker (worker_threads): runs the site bundle the main thread made (by its code, so
 * nothing is bundled twice) as it starts, takes what a render reads (WorkerSetup) in its first
 * message, then renders the batches of pages it is sent with the same renderPage as the main
 * thread. Given an output folder, it writes each page there itself. What comes back is plain
 * data: the page (or, written, what is kept of it), its errors and warnings as details, the
 * content files it used, and, for the batch, its pages' search postings (words counted here).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { runSiteCode } from '../bundle/load-site.ts';
import { type ContentError, errorDetails } from '../errors.ts';
import { BatchPostings } from '../index/postings.ts';
import { indexPage } from '../index/search-index.ts';
import { parseYaml } from '../load/yaml-source.ts';
import type { RouteTable } from '../route/route-table.ts';
import { createUrls } from '../urls.ts';
import { ContentAssets } from './assets.ts';
import { fromJobPage } from './job-page.ts';
import { photoOutputs } from './photo-pages.ts';
import type { RenderJob, RenderOutcome, WorkerSetup, WorkerStart } from './render-pool.ts';
import { renderPage, type RenderedPage, type RenderInput } from './render-pages.ts';
import { pageOutput } from '../write/gather-output.ts';
import { writeFileIn } from '../write/write-output.ts';

const start = workerData as WorkerStart;
const site = await runSiteCode(start.site);
/** What the worker renders with: set by the first message (WorkerSetup), before any job. */
let setup: WorkerSetup;
let input: RenderInput;

function configure(given: WorkerSetup): void {
  setup = given;
  const documents = site.documents;
  const assets = new ContentAssets(
    new Map(setup.assets),
    setup.base,
    (file) => documents !== undefined && file.startsWith(`${documents.folder}/`),
    photoOutputs(setup.photos),
  );
  // Only what a broken link is traced to: the collections' files, as the main thread read them,
  // and the text of the folder collections' files.
  const loaded: RenderInput['loaded'] = {
    collections: new Map(
      setup.collections.map(([name, file]) => [
        name,
        parseYaml(file, readFileSync(path.join(start.root, file), 'utf8')),
      ]),
    ),
    entries: new Map(setup.entries),
    assets: new Map(),
  };
  // Pages only ask whether a route exists.
  const routes = new Map(setup.routes.map((route) => [route, { kind: 'redirect', to: route }])) as RouteTable;
  input = {
    site,
    data: setup.data,
    loaded,
    routes,
    now: new Date(setup.now),
    urls: createUrls({ base: setup.base, origin: setup.origin }),
    assets,
    contentFolders: new Set(setup.contentFolders),
    client: setup.client,
    photos: setup.photos,
  };
}

/** The search documents of the pages rendered here, counted a batch at a time: the main thread appends batches in page order. */
const postings = new BatchPostings();

/** Folders known to exist under setup.writeTo. */
const made = new Set<string>();

/** Writes the page into the output folder; what is sent back is what the main thread keeps of it. */
function write(rendered: RenderedPage): Pick<RenderOutcome, 'written' | 'writeFailure'> {
  const written = { ...pageOutput(rendered), bytes: Buffer.byteLength(rendered.html) };
  try {
    writeFileIn(
      setup.writeTo ?? '',
      input.urls.fileOf(rendered.route),
      rendered.html,
      setup.foldersMade ? undefined : made,
    );
    return { written };
  } catch (error) {
    const { message, code, syscall, path: file } = error as NodeJS.ErrnoException;
    return { written, writeFailure: { message, code, syscall, path: file } };
  }
}

parentPort?.on('message', (message: RenderJob | { setup: WorkerSetup }) => {
  if ('setup' in message) {
    configure(message.setup);
    return;
  }
  const job = message;
  try {
    const outcomes = job.pages.map((source): RenderOutcome => {
      const errors: ContentError[] = [];
      const used = new Set<string>();
      input.assets.onUse = (file, asPhoto) => used.add(`${asPhoto ? 'photo' : 'file'}:${file}`);
      const page = renderPage(input, fromJobPage(source), setup.summaries, errors);
      if (page) indexPage(postings, page, input.urls.href, setup.snippet);
      return {
        ...(page && (setup.writeTo ? write(page) : { rendered: { ...page, warnings: undefined } })),
        warnings: (page?.warnings ?? []).map(errorDetails),
        errors: errors.map(errorDetails),
        used: [...used],
      };
    });
    const packed = postings.take();
    parentPort?.postMessage({ id: job.id, outcomes, postings: packed }, [packed.ends.buffer, packed.pairs.buffer]);
  } catch (error) {
    const { message, stack, cause } = error as Error;
    const inner = cause as Error | undefined;
    parentPort?.postMessage({
      id: job.id,
      failure: { message, stack, cause: inner && { message: inner.message, stack: inner.stack } },
    });
  }
});
parentPort?.postMessage({ ready: true });
