/** The search index made from the first pass's pages and written: each part as it is made, the manifest last. */
import type { Publisher } from '../model/pipeline.ts';
import type { SearchIndexBuilder, SearchIndexFile } from './search-index.ts';
import { type KeptParts, UNNAMED_PARTS } from './split-index.ts';

/** With `kept` (the parts the last build kept, pipeline/index-part-cache.ts), a part of the same inputs is linked from there. */
export function publishIndex(index: SearchIndexBuilder, publisher: Publisher, kept?: KeptParts): SearchIndexFile {
  // Each part goes out while the next is made, and none is held: under UNNAMED_PARTS, then
  // renamed to their folder, named by the hash of all of them.
  const made = index.finish({
    write: (file, json, keepAt) => publisher.write(file, json, keepAt),
    linkAll: (links, remake) => publisher.linkAll(links, remake),
    ...(kept ? { kept } : {}),
  });
  publisher.move(UNNAMED_PARTS, made.folder);
  for (const [file, json] of made.files) publisher.write(file, json);
  return made;
}

/** What the pages that show the index are given of it. */
export const indexLink = (index: SearchIndexFile, base: string) => ({
  url: `${base}${index.path}`,
  documents: index.documents,
  bytes: index.bytes,
});
