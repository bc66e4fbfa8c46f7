/**
 * What a thread renders with: the render context (plain data, the same on every thread) and
 * what is made of it once per thread and context (the URL helpers, a set of the routes, the
 * photos by file), so that no page makes them again.
 */
import type { SiteDefinition } from '../contract/index.ts';
import type { PhotoInfo } from '../model/photos.ts';
import type { RenderContext } from '../model/render-context.ts';
import { createUrls, type Urls } from '../urls.ts';

export interface RenderEnvironment {
  site: SiteDefinition;
  context: RenderContext;
  urls: Urls;
  routes: ReadonlySet<string>;
  contentFolders: ReadonlySet<string>;
  photos: ReadonlyMap<string, PhotoInfo>;
  /** Files published under their own path (the site's documents), not content-hashed. */
  keepsName: (file: string) => boolean;
}

const made = new WeakMap<RenderContext, WeakMap<SiteDefinition, RenderEnvironment>>();

/** Route sets by the list: a dev save's contexts share the list while the routes are the same (render-context.ts). */
const routeSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function setOf(routes: readonly string[]): ReadonlySet<string> {
  let set = routeSets.get(routes);
  if (!set) {
    set = new Set(routes);
    routeSets.set(routes, set);
  }
  return set;
}

export function environmentOf(site: SiteDefinition, context: RenderContext): RenderEnvironment {
  let bySite = made.get(context);
  if (!bySite) {
    bySite = new WeakMap();
    made.set(context, bySite);
  }
  let environment = bySite.get(site);
  if (!environment) {
    const documents = site.documents?.folder;
    environment = {
      site,
      context,
      urls: createUrls({ base: context.base, origin: context.origin }),
      routes: setOf(context.routes),
      contentFolders: new Set(context.contentFolders),
      photos: new Map(Object.entries(context.photos ?? {})),
      keepsName: (file) => documents !== undefined && file.startsWith(`${documents}/`),
    };
    bySite.set(site, environment);
  }
  return environment;
}
