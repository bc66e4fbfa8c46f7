/**
 * The files of a folder collection: a glob under content/ (`news/*.md`) matched, with
 * picomatch, against the listing of content/, so the same rules (symlinks, hidden files) hold
 * as for every other file. `*` and `?` stay within one folder, `**` crosses any number of them
 * (none included); braces and classes (`{a,b}`, `[0-9]`) work as in any shell.
 */
import picomatch from 'picomatch';

/** The files of the listing (paths relative to content/, forward slashes) the glob matches, sorted. */
export function matchGlob(files: readonly string[], glob: string): string[] {
  const pattern = glob.replace(/^\.?\/+/, '');
  // Hidden files are left out of the listing already; `dot` keeps any that a site lists on purpose.
  const matches = picomatch(pattern, { dot: true });
  const folder = folderOf(pattern);
  // Only the files of its folder are asked (not 10,000 pages for four posts), and a file named as
  // the folder (`news/**` takes `news`); the sort is the listing's.
  const asked = (file: string) => folder === undefined || file.startsWith(folder) || `${file}/` === folder;
  return files.filter((file) => asked(file) && matches(file)).sort();
}

/** Plain folder names before a glob's first wildcard (`news/` of `news/*.md`): no file outside them matches. */
const PLAIN_FOLDERS = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/;

/** The folder every match of `pattern` lies in, when it is plain names (undefined: any file may match). */
function folderOf(pattern: string): string | undefined {
  const { base, isGlob, negated } = picomatch.scan(pattern);
  const folder = `${base}/`;
  return isGlob && !negated && PLAIN_FOLDERS.test(folder) ? folder : undefined;
}

/** The file's name without folder and extension: `news/2025-11-20-sign-up.md` → `2025-11-20-sign-up`. */
export function entryName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.[^.]+$/, '');
}
