import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleClient, type ClientBundle } from './bundle/bundle-client.ts';
import { loadSite, type LoadedSite } from './bundle/load-site.ts';
import type { PageSummary } from './contract.ts';
import { BuildFailed, collectErrors, ContentError, formatError } from './errors.ts';
import { buildSearchIndex } from './index/search-index.ts';
import { loadContent, type LoadedContent, type PageCache } from './load/load-content.ts';
import { parsePage } from './load/page-source.ts';
import { ContentAssets } from './render/assets.ts';
import { photoCacheDir } from './render/photo-cache.ts';
import { photoOutputs, photosOf } from './render/photo-pages.ts';
import type { RenderCache } from './render/render-cache.ts';
import { renderPage, type RenderedPage, type RenderInput } from './render/render-pages.ts';
import { contentError, renderOnWorkers } from './render/render-pool.ts';
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
  type ValidatedPage,
  type ValidatedPages,
} from './validate/validate-content.ts';
import { gatherOutput } from './write/gather-output.ts';

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
   * Threads that render pages: 1 renders in this thread; the default is one per core for a site
   * large enough to pay for starting them (WORKER_PAGES). The output is the same for any number.
   */
  workers?: number;
  /** Keep drafts and entries dated later, marked with their status (dev); a build leaves them out. */
  drafts?: boolean;
  /** Minify client code (default true; dev turns it off for readable stack traces). */
  minify?: boolean;
  /**
   * Reuse what an earlier build made when its sources did not change (dev): the site module,
   * the client bundle, parsed (and validated) page files whose text is the same, and rendered pages whose
   * inputs are the same. The output is the same as without.
   */
  reuse?: {
    site?: LoadedSite;
    client?: ClientBundle;
    parsed?: PageCache;
    validated?: ValidatedPages;
    rendered?: RenderCache;
  };
}

export interface BuildResult {
  now: Date;
  /** Every output file, path relative to the output folder → contents. */
  files: Map<string, string | Uint8Array>;
  pages: RenderedPage[];
  /** What the content should change though the site builds (an unused file, an http:// link). */
  warnings: ContentError[];
  /** Milliseconds per stage, in order. */
  timings: Array<[stage: string, ms: number]>;
  stats: { pages: number; html: number; js: number; css: number; searchIndexGzip: number; searchDocuments: number };
  site: LoadedSite;
  client: ClientBundle;
  /** Files the build read: the dev server watches them. */
  inputs: string[];
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
  const now = options.now instanceof Date ? options.now : resolveNow(options.now, site.site.timeZone);
  // Files that could not be read are left out; the rest is still validated, so every problem is told at once.
  const loaded: LoadedContent = await stage('load', () =>
    loadContent({ root, contentDir }, site.site, errors, options.reuse?.parsed),
  );
  const content = await stage('validate', () => {
    const valid = validateContent(loaded, site.site, errors, options.reuse?.validated);
    const entries = validateEntries(loaded, site.site, { now, drafts: options.drafts === true }, errors);
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
  const client = await stage(
    'bundle',
    () => options.reuse?.client ?? bundleClient(root, site.site, { minify: options.minify ?? true }).catch(fail),
  );

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
  cache?.begin(input, summaries, routes);
  cache?.keep(new Set(content.pages.map((page) => page.source)));
  const render = (page: (typeof content.pages)[number], searchIndex?: Parameters<typeof renderPage>[4]) =>
    cache
      ? cache.render(input, page, summaries, errors, searchIndex)
      : renderPage(input, page, summaries, errors, searchIndex);
  const early = content.pages.filter((page) => !late(page));
  const workers = cache ? 1 : (options.workers ?? (early.length >= WORKER_PAGES ? os.availableParallelism() : 1));
  const pages = await stage('render', () =>
    workers > 1
      ? renderInParallel(input, early, summaries, site, root, workers, errors, (done) =>
          options.onProgress?.('render', done, early.length),
        )
      : early.map((page, index) => {
          const rendered = render(page);
          options.onProgress?.('render', index + 1, early.length);
          return rendered;
        }),
  );
  const index = await stage('index', () =>
    buildSearchIndex(
      pages.filter((page) => page !== undefined),
      urls.href,
    ),
  );
  const searchIndex = {
    url: `${urls.base}${index.path}`,
    documents: index.documents,
    bytes: index.bytes,
  };
  const latePages = await stage('render late', () =>
    content.pages.filter(late).map((page) => render(page, searchIndex)),
  );
  const notFound = collectErrors(errors, () => renderNotFound(input, summaries, errors));
  stop();

  const rendered = [...pages, ...latePages].filter((page): page is RenderedPage => page !== undefined);
  const files = await stage('gather', () =>
    gatherOutput({
      pages: rendered,
      notFound,
      routes,
      urls,
      index,
      client,
      assets,
      lang: site.site.lang,
      siteFiles: madeFiles,
    }),
  );

  warnings.push(...rendered.flatMap((page) => page.warnings ?? []), ...unusedFiles(loaded, assets.usedFiles()));

  return {
    now,
    files,
    pages: rendered,
    warnings: uniqueErrors(warnings),
    timings,
    stats: measure(files, rendered.length, [...index.files.values()], index.documents),
    site,
    client,
    inputs: [...new Set([...site.inputs, ...client.inputs])],
  };
}

/** Below this many pages, starting workers costs more than it saves. */
const WORKER_PAGES = 400;

/** The render stage on worker threads: pages, errors, warnings and used files as if rendered here, in page order. */
async function renderInParallel(
  input: RenderInput,
  pages: ValidatedPage[],
  summaries: PageSummary[],
  site: LoadedSite,
  root: string,
  workers: number,
  errors: ContentError[],
  onRendered?: (done: number) => void,
): Promise<Array<RenderedPage | undefined>> {
  const outcomes = await renderOnWorkers(
    {
      root,
      site: site.bundle,
      now: input.now.getTime(),
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
      photos: input.photos,
    },
    pages,
    workers,
    onRendered,
  );
  return outcomes.map((outcome) => {
    for (const use of outcome.used) {
      const file = use.slice(use.indexOf(':') + 1);
      if (use.startsWith('photo:')) input.assets.publish(file);
      else input.assets.url(file);
    }
    errors.push(...outcome.errors.map(contentError));
    return outcome.rendered && { ...outcome.rendered, warnings: outcome.warnings.map(contentError) };
  });
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

function measure(
  files: Map<string, string | Uint8Array>,
  pages: number,
  searchParts: string[],
  searchDocuments: number,
): BuildResult['stats'] {
  let gzip: number | undefined;
  const stats = {
    pages,
    html: 0,
    js: 0,
    css: 0,
    // Compressed when asked for: the dev server rebuilds on every save and never asks.
    get searchIndexGzip(): number {
      gzip ??= searchParts.reduce((total, json) => total + gzipSize(json), 0);
      return gzip;
    },
    searchDocuments,
  };
  for (const [file, data] of files) {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (file.endsWith('.html')) stats.html += size;
    else if (file.endsWith('.js')) stats.js += size;
    else if (file.endsWith('.css')) stats.css += size;
  }
  return stats;
}

function gzipSize(text: string): number {
  return gzipSync(text, { level: 9 }).byteLength;
}
