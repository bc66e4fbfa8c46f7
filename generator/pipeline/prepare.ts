/**
 * The build up to its render context: load → validate → route, with the browser code bundled
 * meanwhile and the photos processed after. `build()` and a dev session both start here; a dev
 * session hands in what it kept of its last build (`Reuse`).
 */
import { bundleClient } from '../bundle/bundle-client.ts';
import { ClockLedger } from '../clock.ts';
import { BuildFailed, ContentError } from '../errors.ts';
import { photosOf } from '../images/images.ts';
import { photoCacheDir } from '../images/photo-cache.ts';
import type { PhotoResult } from '../images/photos.ts';
import type { Looked } from '../load/content-walk.ts';
import { loadContent, type PageCache } from '../load/load-content.ts';
import type { LoadMemo } from '../load/load-memo.ts';
import type { RenderContext } from '../model/render-context.ts';
import type { ClientBundle, KeptClient, LoadedSite } from '../model/site.ts';
import type { LoadedContent } from '../model/source.ts';
import { makeRenderContext } from '../render/render-context.ts';
import { type Routed, route } from '../route/route.ts';
import { type Validated, validate } from '../validate/validate.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import type { BuildRun } from './build-run.ts';
import type { KeptPhotos } from './kept-photos.ts';

export interface Prepared {
  site: LoadedSite;
  now: Date;
  /** The clocks validation, routing and the computed values asked. */
  clocks: ClockLedger;
  loaded: LoadedContent;
  validated: Validated;
  routed: Routed;
  client: ClientBundle;
  photos: Map<string, PhotoResult> | undefined;
  context: RenderContext;
}

/** What a dev session kept of its last build. */
export interface Reuse {
  client?: ClientBundle;
  /** The browser code's bundle, begun already (see `bundling`). */
  bundling?: Promise<ClientBundle>;
  parsed?: PageCache;
  /** Files of `parsed` known to be as they were read (the dev server's watcher said nothing of them). */
  unchanged?: (absolute: string) => boolean;
  /** The last load, carried over by a save that only edited files listed before (load/load-memo.ts), with what the watcher reported (undefined until it is trusted). */
  memo?: { memo: LoadMemo; reported: readonly string[] | undefined };
  /** Files' stamps from a look at the content folder taken before the load (a build's: load/content-walk.ts). */
  stampOf?: (absolute: string) => string | undefined;
  /** That look's paths and stats, which the load lists the folder from. */
  looked?: () => ReadonlyMap<string, Looked | undefined>;
  validated?: ValidatedPages;
  /** The photos of the last build, kept while their bytes are the same. */
  photos?: KeptPhotos;
}

/** A content problem found outside a stage's list of problems (a site's code that does not bundle): the build's end. */
export const fail = (error: unknown): never => {
  if (error instanceof ContentError) throw new BuildFailed([error]);
  throw error;
};

/**
 * The browser code, bundled by esbuild while this thread goes on (a build begins it as soon as
 * the site's code is loaded, before the kept files are read: it takes longer than they and the
 * load do, and the build would wait for it).
 */
export function bundling(run: BuildRun, site: LoadedSite, kept?: KeptClient): Promise<ClientBundle> {
  const bundled = bundleClient(run.root, site.site, { minify: run.options.minify ?? true }, kept);
  // A content problem may end the build first: its failure is then nobody's to hear.
  bundled.catch(() => undefined);
  return bundled;
}

export async function prepare(run: BuildRun, site: LoadedSite, reuse: Reuse = {}): Promise<Prepared> {
  const { options, problems } = run;
  // esbuild bundles the browser code while this thread reads the content.
  const bundled = reuse.client ? Promise.resolve(reuse.client) : (reuse.bundling ?? bundling(run, site));
  const now = run.now(site);
  const clocks = new ClockLedger(now.getTime(), site.site.timeZone);
  const paths = { root: run.root, contentDir: run.contentDir };
  const stamping = { unchanged: reuse.unchanged, stampOf: reuse.stampOf, looked: reuse.looked };
  const loaded = await run.stage('load', () =>
    loadContent(paths, site.site, problems.errors, reuse.parsed, stamping, reuse.memo),
  );
  const drafts = options.drafts === true;
  const validating = {
    clocks,
    drafts,
    siteFile: run.siteFile(site),
    validated: reuse.validated,
    defaultTemplate: run.defaultTemplate,
  };
  const validated = await run.stage('validate', () => validate(loaded, site.site, validating, problems));
  problems.stop();
  const routing = { clocks, base: options.base ?? '/', origin: options.origin, siteFile: run.siteFile(site) };
  const routed = await run.stage('route', () => route(site.site, validated, loaded, routing, problems.errors));
  problems.stop();
  const client = await run.stage('bundle', () => bundled.catch(fail));
  const photoCache = { dir: photoCacheDir(run.root, options.imageCache), keep: options.keepPhotos !== false };
  const making = reuse.photos ?? { of: photosOf };
  const photos = site.site.photos
    ? await run.stage('images', () => making.of(site.site, loaded.assets, photoCache, options.onProgress))
    : undefined;
  const context = makeRenderContext({
    site: site.site,
    clocks,
    urls: routed.urls,
    snippet: validated.snippet,
    loaded,
    data: validated.content.data,
    pages: routed.pages,
    routes: routed.table,
    client,
    photos,
    siteFile: run.siteFile(site),
  });
  return { site, now, clocks, loaded, validated, routed, client, photos, context };
}
