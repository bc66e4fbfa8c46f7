/**
 * The site a swap replaced, kept for the next build to write in place of a fresh folder. At
 * 10,000 pages a fresh folder is 10,000 folders made and 13,000 files linked, and the folder it
 * replaces 23,000 entries removed: on this machine's disk, seconds of the system's time for a
 * build that changed two pages. Kept in the page cache's folder as `spare/` (a rename), the
 * replaced site is taken by the next build (a rename again, so two builds sharing the cache
 * never both take it) and brought to the new site file by file: what is the same kept file
 * already stays, the rest is written and what is left over removed (writer-thread.ts). The
 * swap stays one rename of a whole folder.
 */
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';

/** Where the lists of what folders written in place hold are kept (spare-look.ts): beside the spare. */
export const listsOf = (spare: string) => path.join(path.dirname(spare), 'output-lists');

/** Takes the spare site as `fresh` (beside the output); false when there is none, or it is on another file system. */
export async function takeSpare(spare: string, fresh: string): Promise<boolean> {
  // Windows cannot rename a folder a process has a file open in, and removes differently: fresh folders there.
  if (process.platform === 'win32') return false;
  return rename(spare, fresh).then(
    () => true,
    () => false,
  );
}

/** Keeps the site a swap replaced (`old`) as the spare; false when there is one already, or it cannot be moved there. */
export async function keepAsSpare(old: string, spare: string): Promise<boolean> {
  if (process.platform === 'win32') return false;
  try {
    await mkdir(path.dirname(spare), { recursive: true });
    // Onto a spare another build kept meanwhile, the rename fails: that one stays.
    await rename(old, spare);
    return true;
  } catch {
    return false;
  }
}
