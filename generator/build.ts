import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleClient, type ClientBundle } from './bundle/bundle-client.ts';
import { loadSite, type LoadedSite } from './bundle/load-site.ts';
import type { PageSummary } from './contract/index.ts';
import { BuildFailed, collectErrors, ContentError, errorDetails, formatError } from './errors.ts';
import { DeferredSearch, FILES_OF_ALL_PAGES, type MadeFiles } from './index/deferred-search.ts';
import { BatchPostings, type CountedDocument } from './index/postings.ts';
import { UNNAMED_PARTS } from './index/split-index.ts';
import {
  countedDocuments,
  indexPage,
  SearchIndexBuilder,
  type SearchIndexFile,
  snippetLength,
} from './index/search-index.ts';
import { loadContent, type LoadedContent, type PageCache } from './load/load-content.ts';
import { parsePage } from './load/page-source.ts';
import { ContentAssets } from './render/assets.ts';
import { photoCacheDir } from './render/photo-cache.ts';
import { photoOutputs, photosOf } from './render/photo-pages.ts';
import type { RenderCache } from './render/render-cache.ts';
import { renderPage, type RenderedPage, type RenderInput } from './render/render-pages.ts';
import {
  contentError,
  type RenderOutcome,
  type RenderWorkers,
  startRenderWorkers,
  type WorkerSetup,
} from './render/render-pool.ts';
import { buildRouteTable, checkDeclaredLinks } from './route/route-table.ts';
import { siteFiles, templatePages } from './route/template-routes.ts';
import { resolveNow } from './now.ts';
import { createUrls, slugOf } from './urls.ts';
import { checkDocuments, checkImages, contentFolders, unusedFiles } from './validate/check-files.ts';
import { checkFacts } from './validate/check-facts.ts';
import { checkText } from './validate/check-text.ts';
import { validateEntries } from './validate/validate-entries.ts';
import {
  siteSettingsSchema,
  validateContent,
  validateSource,
  type ValidatedPages,
} from './validate/validate-content.ts';
import { gatherOutput, type PageOutput, pageOutput } from './write/gather-output.ts';
import { makeFoldersFor, type OutputSink } from './write/write-output.ts';

export interface BuildOptions {
  /** The site's folder: its content folder and the code its site definition imports are here. */
  root: string;
  /** Defaults to <root>/content. */
  contentDir?: string;
  /** The site definition module, relative to root. Defaults to templates/index (.ts or .tsx). */
  siteEntry?: string;
  /** The build's clock: a Date, or ISO text as given to --now (a time without zone is in the site's zone); default: CLUBSITE_NOW or the real clock. */
  now?: Date | string;
  /** Base path the site is served under. Defaults to /. */
  base?: string;
  /** Overrides the origin in content/site.yaml (for previews on another host). */
  origin?: string;
  /** Folder for processed photos (default: CLUBSITE_IMAGE_CACHE, else node_modules/.cache/clubsite/images). */
  imageCache?: string;
  /** Told how far a long stage is (pages rendered, photos processed), for a progress line. */
  onProgress?: (stage: string, done: number, total: number) => void;
  /**
   * Threads that render pages: this one and workers − 1 render workers (1 renders in this thread
   * alone); the default is one per core for a site large enough to pay for starting the workers
   * (WORKER_PAGES). The output is the same for any number.
   */
  workers?: number;
  /** Keep drafts and entries dated later, marked with their status (dev); a build leaves them out. */
  drafts?: boolean;
  /** Minify client code (default true; dev turns it off for readable stack traces). */
  minify?: boolean;
  /**
   * Make the search index, the pages that show it, _headers and sitemap.xml when first read
   * (BuildResult.deferred), not in the build (dev: a save at 10,000 pages is not kept waiting).
   */
  deferSearchIndex?: boolean;
  /**
   * Reuse what an earlier build made when its sources did not change (dev): the site module,
   * the client bundle, parsed (and validated) page files whose text is the same, and rendered pages whose
   * inputs are the same. The output is the same as without.
   */
  /**
   * Where the files go as they are made (write/write-output.ts): a page is written as soon as
   * it is rendered, and not kept, so a build's memory does not grow with its pages. Without
   * it, the files are returned in BuildResult.files.
   */
  output?: OutputSink;
  reuse?: {
    site?: LoadedSite;
    client?: ClientBundle;
    parsed?: PageCache;
    /** Files of `parsed` known to be as they were read (the dev server's watcher said nothing of them). */
    unchanged?: (absolute: string) => boolean;
    validated?: ValidatedPages;
    rendered?: RenderCache;
  };
}

export interface BuildResult {
  now: Date;
  /** Every output file, path relative to the output folder → contents (none when written to `output`). */
  files: Map<string, string | Uint8Array>;
  /** The rendered pages (none when written to `output`: a page is let go once written). */
  pages: RenderedPage[];
  /** What the content should change though the site builds (an unused file, an http:// link). */
  warnings: ContentError[];
  /** Milliseconds per stage, in order. */
  timings: Array<[stage: string, ms: number]>;
  stats: {
    pages: number;
    html: number;
    js: number;
    css: number;
    /** The search index's parts together, and how many there are (a query loads a few). */
    searchIndexBytes: number;
    searchIndexParts: number;
    /** All its files' gzip sizes together, for an index of at most SMALL_INDEX_BYTES; a larger one is not kept to count. */
    searchIndexGzip: number | undefined;
    searchDocuments: number;
  };
  site: LoadedSite;
  client: ClientBundle;
  /** Files the build read: the dev server watches them. */
  inputs: string[];
  /**
   * With deferSearchIndex: `files` holds a stand-in for its `provisional` files, and lacks
   * the search index's; `files()` makes them (servedFile in dev/served-files.ts reads both).
   */
  deferred?: DeferredSearch;
}

/**
 * The whole pipeline, one stage a line: load the site code and the content, validate it,
 * build the route table, bundle the browser code, render every page, index them for search,
 * and gather the output files. Nothing is written here: the result lives in memory, and
 * writing it (write/write-output.ts) is the caller's last step.
 * Throws BuildFailed with every content problem found.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const root = path.resolve(options.root);
  const contentDir = path.resolve(root, options.contentDir ?? 'content');
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const timings: BuildResult['timings'] = [];
  const stage = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings.push([name, performance.now() - start]);
    }
  };
  const stop = () => {
    if (errors.length > 0) throw new BuildFailed(uniqueErrors(errors));
  };
  const fail = (error: unknown): never => {
    if (error instanceof ContentError) throw new BuildFailed([error]);
    throw error;
  };

  const site = await stage(
    'site',
    () => options.reuse?.site ?? loadSite(root, options.siteEntry ?? 'templates/index').catch(fail),
  );
  // On a large site the render workers start now, and load the site's code while the content is read.
  let pool = await startEarly(options, site, root, contentDir);
  // So does esbuild, on the browser code: this thread reads the content meanwhile.
  const bundling = options.reuse?.client
    ? Promise.resolve(options.reuse.client)
    : bundleClient(root, site.site, { minify: options.minify ?? true });
  // A content problem may end the build first: its failure is then nobody's to hear.
  bundling.catch(() => undefined);
  try {
    const now = options.now instanceof Date ? options.now : resolveNow(options.now, site.site.timeZone);
    // Files that could not be read are left out; the rest is still validated, so every problem is told at once.
    const loaded: LoadedContent = await stage('load', () =>
      loadContent({ root, contentDir }, site.site, errors, options.reuse?.parsed, options.reuse?.unchanged),
    );
    const snippet = snippetLength(site.site, path.relative(root, site.bundle.filename), errors);
    const content = await stage('validate', () => {
      const valid = validateContent(loaded, site.site, errors, options.reuse?.validated);
      const entries = validateEntries(loaded, site.site, { now, drafts: options.drafts === true }, errors, warnings);
      Object.assign(valid.data, entries.data);
      checkText(loaded, errors, warnings);
      checkDocuments(loaded, site.site, errors);
      checkImages(site.site, valid, loaded, errors);
      checkFacts(site.site, valid, now, errors);
      return { ...valid, entrySources: entries.sources };
    });
    const settingsSource = loaded.collections.get(site.site.settings);
    const settings = settingsSource ? validateSource(settingsSource, siteSettingsSchema.loose(), errors) : undefined;
    stop();
    if (!settings)
      throw new Error(
        `The site definition names "${site.site.settings}" as its settings, and there is no such collection.`,
      );
    const urls = createUrls({ base: options.base ?? '/', origin: options.origin ?? settings.origin });
    const routeContext = { data: content.data, now, slug: slugOf, href: urls.href, absolute: urls.absolute };
    let madeFiles = new Map<string, string>();
    const routes = await stage('route', () => {
      content.pages.push(...templatePages(site.site, routeContext, content.entrySources));
      const table = buildRouteTable(content, { ...settings, source: settingsSource }, errors);
      madeFiles = siteFiles(site.site, routeContext, table, errors);
      checkDeclaredLinks(site.site, content, loaded, table, errors);
      return table;
    });
    stop();
    const client = await stage('bundle', () => bundling.catch(fail));

    const photos = site.site.photos
      ? await stage('images', () =>
          photosOf(site.site, loaded.assets, photoCacheDir(root, options.imageCache), options.onProgress),
        )
      : undefined;
    const documents = site.site.documents;
    const assets = new ContentAssets(
      loaded.assets,
      urls.base,
      (file) => documents !== undefined && file.startsWith(`${documents.folder}/`),
      photoOutputs(photos),
    );
    const summaries: PageSummary[] = content.pages.map(({ sourcePage: _, ...summary }) => summary);
    const input = {
      site: site.site,
      data: content.data,
      loaded,
      routes,
      now,
      urls,
      assets,
      contentFolders: contentFolders(loaded, site.site),
      client,
      photos,
    };
    const late = (page: (typeof content.pages)[number]) => site.site.templates[page.template]?.usesSearchIndex === true;
    const cache = options.reuse?.rendered;
    cache?.begin(input, summaries, routes, content.pages);
    cache?.keep(new Set(content.pages.map((page) => page.source)));
    const render = (page: (typeof content.pages)[number], searchIndex?: Parameters<typeof renderPage>[4]) =>
      cache
        ? cache.render(input, page, summaries, errors, searchIndex)
        : renderPage(input, page, summaries, errors, searchIndex);

    // Every file goes out through emit: into `files`, or, given an output folder, straight to it.
    const files = new Map<string, string | Uint8Array>();
    const sizes = { html: 0, js: 0, css: 0 };
    const count = (to: typeof sizes, file: string, data: string | Uint8Array) => {
      const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
      if (file.endsWith('.html')) to.html += size;
      else if (file.endsWith('.js')) to.js += size;
      else if (file.endsWith('.css')) to.css += size;
    };
    // Files kept in `files` are measured when the stats are read (the dev server, rebuilding on each save, never reads them).
    let measured: typeof sizes | undefined;
    const sizesOf = () => {
      if (options.output) return sizes;
      if (!measured) {
        measured = { ...sizes };
        for (const [file, data] of files) count(measured, file, data);
      }
      return measured;
    };
    const emit = (file: string, data: string | Uint8Array) => {
      if (!options.output) return void files.set(file, data);
      count(sizes, file, data);
      options.output.write(file, data);
    };
    // A rendered page is written at once; what is kept of it is what the site's other files need.
    const kept: RenderedPage[] = [];
    const outputs: PageOutput[] = [];
    const searchIndex = new SearchIndexBuilder();
    const deferred = options.deferSearchIndex && !options.output ? new DeferredSearch() : undefined;
    const take = (page: RenderedPage | undefined, documents: CountedDocument[]) => {
      if (!page) return;
      emit(urls.fileOf(page.route), page.html);
      written(pageOutput(page), documents, page.warnings);
      if (!options.output) kept.push(page);
    };
    // A page written by a render worker: only its bytes are counted here.
    const written = (page: PageOutput, documents: CountedDocument[], pageWarnings?: ContentError[], bytes = 0) => {
      sizes.html += bytes;
      if (deferred) deferred.add(documents);
      else for (const document of documents) searchIndex.add(document);
      if (pageWarnings) warnings.push(...pageWarnings);
      outputs.push(page);
    };
    // In route order, the order of the search index's documents.
    const early = content.pages.filter((page) => !late(page)).sort((a, b) => byText(a.route, b.route));
    // dev renders in this thread: its cache and its deferred index keep each page's counted words.
    const workers =
      cache || deferred ? 1 : (options.workers ?? (early.length >= WORKER_PAGES ? os.availableParallelism() : 1));
    // Counted as a render worker counts its pages, and appended a batch at a time.
    const counting = new BatchPostings();
    await stage('render', async () => {
      // This thread renders too: `workers` threads are it and workers − 1 render workers.
      pool ??= workers > 1 ? await startRenderWorkers(site.bundle, root, workers - 1) : undefined;
      if (pool) {
        const writeTo = options.output?.folder;
        const setup = { ...workerSetup(input, summaries, snippet, writeTo), foldersMade: writeTo !== undefined };
        // This thread makes the folders, a batch ahead of the renderer: two threads making folders in one parent would wait on each other.
        const makeFolders = (batch: Array<{ route: string }>) => {
          if (!writeTo) return;
          try {
            makeFoldersFor(
              writeTo,
              batch.map((page) => urls.fileOf(page.route)),
            );
          } catch (error) {
            // Told as any write that failed: when the output is committed.
            options.output?.fail(error);
          }
        };
        await pool.render(setup, early, {
          postings: (postings, from) => searchIndex.append(postings, from),
          outcome: (outcome, at) => {
            for (const use of outcome.used) {
              const file = use.slice(use.indexOf(':') + 1);
              if (use.startsWith('photo:')) input.assets.publish(file);
              else input.assets.url(file);
            }
            errors.push(...outcome.errors.map(contentError));
            const pageWarnings = outcome.warnings.map(contentError);
            // Their search documents came with their batch (postings, above).
            if (outcome.rendered) take({ ...outcome.rendered, warnings: pageWarnings }, []);
            else if (outcome.written) written(outcome.written, [], pageWarnings, outcome.written.bytes);
            if (outcome.writeFailure) options.output?.fail(Object.assign(new Error(), outcome.writeFailure));
            options.onProgress?.('render', at + 1, early.length);
          },
          beforeJob: makeFolders,
          ready: () => options.output?.ready() ?? Promise.resolve(),
          here: (batch) => ({
            outcomes: batch.map((page): RenderOutcome => {
              const pageErrors: ContentError[] = [];
              const rendered = renderPage(input, page, summaries, pageErrors);
              if (rendered) indexPage(counting, rendered, urls.href, snippet);
              return {
                rendered: rendered && { ...rendered, warnings: undefined },
                warnings: (rendered?.warnings ?? []).map(errorDetails),
                errors: pageErrors.map(errorDetails),
                used: [],
              };
            }),
            postings: counting.take(),
            from: THIS_THREAD,
          }),
        });
        // Their memory is let go before the index is made, the build's largest moment.
        await pool.close();
        pool = undefined;
        return;
      }
      for (const [at, page] of early.entries()) {
        const rendered = render(page);
        // dev keeps each page's counted words with the page, for the next build to reuse.
        const keepsCounts = cache !== undefined || deferred !== undefined;
        if (rendered && !keepsCounts) indexPage(counting, rendered, urls.href, snippet);
        take(rendered, rendered && keepsCounts ? countedDocuments(rendered, urls.href, snippet) : []);
        options.onProgress?.('render', at + 1, early.length);
        if ((at + 1) % THIS_THREAD_BATCH === 0) {
          searchIndex.append(counting.take(), THIS_THREAD);
          // The pages are written in the background: a disk slower than the render is waited for here.
          await options.output?.ready();
        }
      }
      searchIndex.append(counting.take(), THIS_THREAD);
    });
    const index = await stage('index', () => {
      if (deferred) return deferred.standIn();
      // Written, each part goes to the disk while the next is made, and none is kept: under
      // UNNAMED_PARTS, then renamed to their folder, named by the hash of all of them.
      const made = searchIndex.finish(options.output && emit);
      options.output?.move(UNNAMED_PARTS, made.folder);
      return made;
    });
    const indexLink = {
      url: `${urls.base}${index.path}`,
      documents: index.documents,
      bytes: index.bytes,
    };
    const latePages = content.pages.filter(late);
    await stage('render late', () => {
      for (const page of latePages) take(render(page, indexLink), []);
    });
    const notFound = collectErrors(errors, () => renderNotFound(input, summaries, errors));
    stop();

    const gather = (pages: PageOutput[], searchIndex: SearchIndexFile) =>
      gatherOutput({
        pages,
        notFound,
        routes,
        urls,
        index: searchIndex,
        client,
        assets,
        lang: site.site.lang,
        siteFiles: madeFiles,
      });
    await stage('gather', async () => {
      // Deferred, the files that list every page are made with the real index (and are only stand-ins here).
      for (const [file, data] of gather(deferred ? [] : outputs, index)) {
        emit(file, data);
        // Thousands of search index parts at 10,000 pages: not all of them waiting in memory at once.
        await options.output?.ready();
      }
    });
    // The real index, the pages that show it and the files that list every page: made when read.
    deferred?.finish(
      new Set([...latePages.map((page) => urls.fileOf(page.route)), ...FILES_OF_ALL_PAGES]),
      latePages.map((page) => files.get(urls.fileOf(page.route))).join('\n'),
      outputs,
      (made): MadeFiles => {
        const link = { url: `${urls.base}${made.path}`, documents: made.documents, bytes: made.bytes };
        const out = new Map<string, string | Uint8Array>(made.files);
        const problems: ContentError[] = [];
        const shown = new Map<string, PageOutput>();
        for (const page of latePages) {
          const rendered = renderPage(input, page, summaries, problems, link);
          if (rendered) out.set(urls.fileOf(page.route), rendered.html);
          if (rendered) shown.set(page.route, pageOutput(rendered));
        }
        if (problems.length > 0) throw new BuildFailed(uniqueErrors(problems));
        const rest = gather(
          outputs.map((page) => shown.get(page.route) ?? page),
          made,
        );
        for (const file of FILES_OF_ALL_PAGES) {
          const data = rest.get(file);
          if (data !== undefined) out.set(file, data);
        }
        return out;
      },
    );

    warnings.push(...unusedFiles(loaded, assets.usedFiles()));
    const finalIndex = () => deferred?.index() ?? index;
    let gzip: number | undefined;

    return {
      now,
      files: new Map([...files].sort(([a], [b]) => byText(a, b))),
      pages: kept,
      warnings: uniqueErrors(warnings),
      timings,
      stats: {
        pages: outputs.length,
        get html(): number {
          return sizesOf().html;
        },
        get js(): number {
          return sizesOf().js;
        },
        get css(): number {
          return sizesOf().css;
        },
        // Asked for by build's summary; the dev server (deferSearchIndex) never asks.
        get searchIndexBytes(): number {
          return finalIndex().bytes;
        },
        get searchIndexParts(): number {
          return finalIndex().count;
        },
        // Compressed when asked for: the dev server rebuilds on every save and never asks.
        get searchIndexGzip(): number | undefined {
          gzip ??= finalIndex().texts?.reduce((total, json) => total + gzipSync(json, { level: 9 }).byteLength, 0);
          return gzip;
        },
        searchDocuments: index.documents,
      },
      site,
      client,
      inputs: [...new Set([...site.inputs, ...client.inputs])],
      deferred,
    };
  } finally {
    await pool?.close();
  }
}

/**
 * Below this many pages, starting workers costs more than it saves: each loads the site's code
 * and warms up on its own. Measured on 2 cores, on a RAM disk so that only the work counts, this
 * thread and one worker against this thread alone: 1,000 pages 1.37 s against 1.25 s, 4,000
 * pages 2.74 s against 2.88 s, 10,000 pages 5.0 s against 6.3 s (two workers beside this thread,
 * three threads on two cores, 5.6 s).
 */
const WORKER_PAGES = 3000;

/** The main thread's number as a counter of search batches (render workers are 0, 1, …), and its batch size. */
const THIS_THREAD = -1;
const THIS_THREAD_BATCH = 64;

/**
 * Render workers started before the content is loaded, when they will be used: asked for
 * (--workers 2 or more), or by default on a site whose pages folder holds WORKER_PAGES files or
 * more. dev renders in its own thread (it reuses pages from its last build).
 */
async function startEarly(
  options: BuildOptions,
  site: LoadedSite,
  root: string,
  contentDir: string,
): Promise<RenderWorkers | undefined> {
  if (options.reuse?.rendered) return undefined;
  const count = options.workers ?? os.availableParallelism();
  if (count <= 1) return undefined;
  if (options.workers === undefined) {
    let files: string[] = [];
    try {
      files = readdirSync(path.join(contentDir, site.site.pages), { recursive: true, encoding: 'utf8' });
    } catch {
      // No pages folder: the load tells it, as a content problem.
    }
    if (files.filter((file) => PAGE_FILE.test(file)).length < WORKER_PAGES) return undefined;
  }
  // This thread is one of the `count` that render.
  return startRenderWorkers(site.bundle, root, count - 1);
}

const PAGE_FILE = /\.(md|ya?ml)$/i;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a render worker needs to render pages as this thread would (and, with `writeTo`, to write them). */
function workerSetup(
  input: RenderInput,
  summaries: PageSummary[],
  snippet: number,
  writeTo: string | undefined,
): WorkerSetup {
  return {
    now: input.now.getTime(),
    snippet,
    base: input.urls.base,
    origin: input.urls.origin,
    routes: [...input.routes.keys()],
    summaries,
    data: input.data,
    contentFolders: [...input.contentFolders],
    client: {
      styles: input.client.styles,
      scripts: input.client.scripts,
      islandRuntime: input.client.islandRuntime,
      headScripts: input.client.headScripts,
      islandPreloads: input.client.islandPreloads,
    },
    assets: [...input.loaded.assets],
    collections: [...input.loaded.collections].map(([name, source]) => [name, source.file]),
    entries: [...input.loaded.entries].map(([name, sources]) => [
      name,
      sources.map(({ file, text }) => ({ file, text })),
    ]),
    photos: input.photos,
    writeTo,
  };
}

/** The same problem found on several pages (a broken link in the frame) is told once. */
function uniqueErrors(errors: ContentError[]): ContentError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const text = formatError(error);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

function renderNotFound(
  input: Parameters<typeof renderPage>[0],
  summaries: PageSummary[],
  errors: ContentError[],
): RenderedPage | undefined {
  const { template, title, description } = input.site.notFound;
  const sourcePage = parsePage('404.html', '404.yaml', '');
  const page = {
    route: '/404',
    title,
    description,
    template,
    noindex: true,
    data: {},
    source: sourcePage.file,
    sourcePage,
  };
  return renderPage(input, page, summaries, errors);
}
