/**
 * The club's site search: the tool's search over the split index (client/search-index.ts) with
 * the fuzziness SPEC.md gives (search-settings.ts). The snippet's length is the build's business:
 * the index holds only as much of each page's text (the site definition's search.snippet).
 */
import { createSearch, type LoadPart, type Search, type SearchManifest } from 'clubsite/search';
import { THRESHOLD } from './search-settings.ts';

/**
 * The news posts and their theme pages (/nyheter/…/): after the club's own page about what they
 * tell at an equal match («svømmekurs» lists /kurs first, then the post about its sign-up).
 */
export function isNewsFolder(folder: string): boolean {
  return /\/nyheter\/(tema\/)?$/.test(folder);
}

/** The search the club's search page runs. */
export function createSiteSearch(manifest: SearchManifest, load: LoadPart): Search {
  return createSearch(manifest, load, { threshold: THRESHOLD, later: isNewsFolder });
}
