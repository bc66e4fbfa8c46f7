/**
 * Where each run of the index's documents is, by the folder of its URL (the URL without its
 * last part and its anchor: `/a/` for `/a/b/#c`), for the manifest. A site's search can then
 * rank the documents of some folders (dated posts, say) after the others at an equal match,
 * knowing only their numbers. Documents are in route order, so a folder's are mostly together:
 * one entry per change of folder, a few dozen on a site of thousands of posts in one folder.
 */

/** The folder of a URL: `/a/b/#c` → `/a/`, `/a/` → `/`, `/` → `` (the site's root has none). */
export function folderOf(url: string): string {
  const path = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** The runs of documents by folder, in document order: [the run's first document, its folder]. */
export function documentFolders(documents: ReadonlyArray<{ url: string }>): Array<[from: number, folder: string]> {
  const runs: Array<[number, string]> = [];
  documents.forEach(({ url }, at) => {
    const folder = folderOf(url);
    if (runs.at(-1)?.[1] !== folder) runs.push([at, folder]);
  });
  return runs;
}
