/**
 * The files of a folder collection: a glob under content/ (`news/*.md`) matched, with
 * picomatch, against the listing of content/, so the same rules (symlinks, hidden files) hold
 * as for every other file. `*` and `?` stay within one folder, `**` crosses any number of them
 * (none included); braces and classes (`{a,b}`, `[0-9]`) work as in any shell.
 */
import picomatch from 'picomatch';

/** The files of the listing (paths relative to content/, forward slashes) the glob matches, sorted. */
export function matchGlob(files: readonly string[], glob: string): string[] {
  // Hidden files are left out of the listing already; `dot` keeps any that a site lists on purpose.
  const matches = picomatch(glob.replace(/^\.?\/+/, ''), { dot: true });
  return files.filter((file) => matches(file)).sort();
}

/** The file's name without folder and extension: `news/2025-11-20-sign-up.md` → `2025-11-20-sign-up`. */
export function entryName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.[^.]+$/, '');
}
