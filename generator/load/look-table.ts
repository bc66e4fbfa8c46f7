/**
 * What a look at the content folder (load/content-walk.ts) keeps of each path, and a walk over
 * the paths that are there.
 */

/** What a look keeps of a file's stats (a Stats object has them all). */
export interface Looked {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  isSymbolicLink(): boolean;
  isFile(): boolean;
}

/** Each path of a look that is there, with whether it is a link and a file. */
export function eachThere(
  look: ReadonlyMap<string, Looked | undefined>,
  each: (file: string, isLink: boolean, isFile: boolean) => void,
): void {
  for (const [file, stats] of look) if (stats) each(file, stats.isSymbolicLink(), stats.isFile());
}
