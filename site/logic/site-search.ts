/**
 * The club's site search: the tool's search over the split index (client/search-index.ts) with
 * the fuzziness and snippet length SPEC.md gives (Fuse.js threshold 0.3, 120 characters).
 */
import { createSearch, type LoadPart, type Search, type SearchManifest } from '../../client/search-index.ts';
import { THRESHOLD } from './search-settings.ts';

export { SNIPPET_LENGTH, THRESHOLD } from './search-settings.ts';

/** The search the club's search page runs. */
export function createSiteSearch(manifest: SearchManifest, load: LoadPart): Search {
  return createSearch(manifest, load, { threshold: THRESHOLD });
}
