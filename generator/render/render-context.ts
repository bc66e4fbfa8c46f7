/**
 * The render context: everything a page is rendered from besides its own file, made once a
 * build as plain data (model/render-context.ts), so the main thread and every render worker
 * render from the very same values.
 */
import path from 'node:path';
import type { PageSummary, SiteDefinition } from '../contract/index.ts';
import type { ClockLedger } from '../clock.ts';
import { contentHash } from '../hash.ts';
import { photoInfos } from '../images/images.ts';
import type { PhotoResult } from '../images/photos.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { RenderContext } from '../model/render-context.ts';
import type { RouteTable } from '../model/routes.ts';
import type { ClientAssets } from '../model/site.ts';
import type { LoadedContent } from '../model/source.ts';
import type { Urls } from '../urls.ts';

interface ContextParts {
  site: SiteDefinition;
  clocks: ClockLedger;
  urls: Urls;
  snippet: number;
  loaded: LoadedContent;
  data: Record<string, unknown>;
  pages: readonly ValidatedPage[];
  routes: RouteTable;
  client: ClientAssets;
  photos: ReadonlyMap<string, PhotoResult> | undefined;
  /** The site definition's file, relative to the project root. */
  siteFile: string;
}

export function makeRenderContext(parts: ContextParts): RenderContext {
  const { site, loaded, client, clocks } = parts;
  const summaries = parts.pages.map(summaryOf);
  return {
    now: clocks.now,
    timeZone: site.timeZone,
    base: parts.urls.base,
    origin: parts.urls.origin,
    snippet: parts.snippet,
    routes: routeList(parts.routes),
    summaries,
    data: { ...parts.data, ...computedValues(site, { pages: summaries, data: parts.data }, clocks) },
    contentFolder: loaded.folder,
    siteFile: parts.siteFile,
    contentFolders: [...contentFolders(loaded, site)],
    client: {
      styles: client.styles,
      scripts: client.scripts,
      islandRuntime: client.islandRuntime,
      islandPreloads: client.islandPreloads,
      headScripts: client.headScripts,
    },
    assets: assetOutputs(loaded.assets, site),
    ...(parts.photos ? { photos: infosOf(parts.photos) } : {}),
    trace: {
      collections: [...loaded.collections.values()],
      entries: [...loaded.entries.values()].flatMap((sources) => sources.map(({ file, text }) => ({ file, text }))),
    },
  };
}

/** The route list last made: handed out again while the routes are the same. */
let lastRoutes: string[] = [];

/**
 * The routes, as a list: the same array as the last context's while they are the same, in the
 * same order (a dev save of a page's text), so that what is made of it (a set in each thread's
 * render environment, the page cache's answers) is known to hold without being made again.
 * Comparing 10,000 routes, the same strings, is quicker than copying and hashing them.
 */
function routeList(table: RouteTable): string[] {
  if (table.size === lastRoutes.length) {
    let at = 0;
    let same = true;
    for (const route of table.keys()) {
      if (route !== lastRoutes[at]) {
        same = false;
        break;
      }
      at += 1;
    }
    if (same) return lastRoutes;
  }
  lastRoutes = [...table.keys()];
  return lastRoutes;
}

/**
 * What a render knows of the photos, made once per map of them: a dev session hands the same
 * map while every photo is as it was (pipeline/kept-photos.ts), and the same object then tells
 * its page cache that what pages read of the photos is the same without comparing it.
 */
const infos = new WeakMap<ReadonlyMap<string, PhotoResult>, ReturnType<typeof photoInfos>>();

function infosOf(photos: ReadonlyMap<string, PhotoResult>): ReturnType<typeof photoInfos> {
  let known = infos.get(photos);
  if (!known) {
    known = photoInfos(photos);
    infos.set(photos, known);
  }
  return known;
}

const summaries = new WeakMap<ValidatedPage, PageSummary>();

/**
 * A page as every other page sees it (menus, listings): without its file. The same page (a dev
 * session validates an unchanged page once) has the same summary object.
 */
function summaryOf(page: ValidatedPage): PageSummary {
  let summary = summaries.get(page);
  if (!summary) {
    const { route, title, description, template, noindex, data, source, lastmod } = page;
    summary = {
      route,
      title,
      description,
      template,
      noindex,
      data,
      source,
      ...(lastmod === undefined ? {} : { lastmod }),
    };
    summaries.set(page, summary);
  }
  return summary;
}

/** Top-level folders of the content folder that hold files (and the documents folder, even when empty): links starting with one name a file. */
export function contentFolders(loaded: LoadedContent, site: SiteDefinition): Set<string> {
  const folders = [...loaded.assets.keys()]
    .filter((file) => file.includes('/'))
    .map((file) => file.slice(0, file.indexOf('/')));
  return new Set([...folders, ...(site.documents ? [site.documents.folder] : [])]);
}

/**
 * Each file under the content folder → its path in the output: an image under assets/ with a
 * content hash in its name, a document (the site's `documents.folder`) under its own path.
 */
export function assetOutputs(files: ReadonlyMap<string, Uint8Array>, site: SiteDefinition): Record<string, string> {
  const documents = site.documents?.folder;
  const outputs: Record<string, string> = {};
  for (const [file, bytes] of files) {
    const extension = path.extname(file);
    outputs[file] =
      documents !== undefined && file.startsWith(`${documents}/`)
        ? file
        : `assets/${path.basename(file, extension)}-${contentHash(bytes)}${extension}`;
  }
  return outputs;
}

/**
 * The site's computed values (SiteDefinition.computed), each worked out afresh every build from
 * every page's summary, the data and its own clock (noted for the build's next change). A page
 * depends on the fields of a value it read, as on any data: not on its clock.
 */
function computedValues(
  site: SiteDefinition,
  from: { pages: PageSummary[]; data: Record<string, unknown> },
  clocks: ClockLedger,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, compute] of Object.entries(site.computed ?? {})) {
    values[name] = compute({ ...from, now: clocks.clock(`the computed value ${name}`) });
  }
  return values;
}
