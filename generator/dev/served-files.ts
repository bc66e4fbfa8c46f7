import type { BuildResult } from '../pipeline/build.ts';
import type { OutputDiff } from './output-diff.ts';

type Data = string | Uint8Array;

/**
 * A file of a dev build as `build` would write it. A build made with deferSearchIndex holds a
 * stand-in for the pages that show the search index (and the files listing every page), and
 * lacks the index's parts, whose names are hashes of what they hold: reading one of them, or a
 * file under assets/ the build does not have, makes them first (index/deferred-search.ts).
 */
export function servedFile(result: BuildResult, file: string): Data | undefined {
  const deferred = result.deferred;
  const known = result.files.get(file);
  if (!deferred || (known !== undefined && !deferred.provisional.has(file))) return known;
  if (known === undefined && !file.startsWith('assets/')) return undefined;
  return deferred.files().get(file) ?? known;
}

/** Every file of a dev build, the deferred ones made: what `build` writes (for tests). */
export function allFiles(result: BuildResult): Map<string, Data> {
  const files = new Map(result.files);
  for (const [file, data] of result.deferred?.files() ?? []) files.set(file, data);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Hands the deferred search of the last build to the next when it is made of the same (what
 * was made is not made again), and when it is not while no other file changed (a page's
 * words changed, not its HTML), names the pages that show the index as changed: they reload.
 */
export function carryDeferred(previous: BuildResult, next: BuildResult, diff: OutputDiff): void {
  const deferred = next.deferred;
  const earlier = previous.deferred;
  if (!deferred || !earlier) return;
  const unchanged = diff.changed.length === 0;
  if (deferred.takeOver(earlier, unchanged) || !unchanged) return;
  diff.modified = [...deferred.provisional].filter((file) => next.files.has(file)).sort();
  diff.changed = diff.modified;
}
