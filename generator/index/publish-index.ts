/** The search index made from the first pass's pages and written: each part as it is made, the manifest last. */
import type { Publisher } from '../model/pipeline.ts';
import type { SearchIndexBuilder, SearchIndexFile } from './search-index.ts';
import { UNNAMED_PARTS } from './split-index.ts';

export function publishIndex(index: SearchIndexBuilder, publisher: Publisher): SearchIndexFile {
  // Each part goes out while the next is made, and none is kept: under UNNAMED_PARTS, then
  // renamed to their folder, named by the hash of all of them.
  const made = index.finish((file, json) => publisher.write(file, json));
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
