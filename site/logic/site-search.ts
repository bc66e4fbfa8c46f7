/**
 * The club's site search: the tool's search over the split index (client/search-index.ts) with
 * the fuzziness and snippet length SPEC.md gives (Fuse.js threshold 0.3, 120 characters).
 */
import { createSearch, type LoadPart, type Search, type SearchManifest } from '../../client/search-index.ts';

/** How far a match may be from the query: 0 exact, 1 anything. */
export const THRESHOLD = 0.3;
/** Characters of a page's text its hit shows (the build keeps as many: generator/index/search-index.ts). */
export const SNIPPET_LENGTH = 120;

/** The search the club's search page runs. */
export function createSiteSearch(manifest: SearchManifest, load: LoadPart): Search {
  return createSearch(manifest, load, { threshold: THRESHOLD });
}
