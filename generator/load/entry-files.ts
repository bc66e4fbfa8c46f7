/**
 * The files of a folder collection: a glob under content/ (`news/*.md`) matched against the
 * listing of content/, so the same rules (symlinks, hidden files) hold as for every other file.
 * A glob is small and written by the site: `*` and `?` stay within one folder, `**` crosses them.
 */

/** The glob as a regular expression over paths relative to content/ with forward slashes. */
export function globPattern(glob: string): RegExp {
  const clean = glob.replace(/^\.?\/+/, '');
  let source = '';
  for (let index = 0; index < clean.length; index += 1) {
    const char = clean[index] ?? '';
    if (char === '*' && clean[index + 1] === '*') {
      // `**/` is any number of folders, none included; a trailing `**` is anything.
      if (clean[index + 2] === '/') {
        source += '(?:[^/]+/)*';
        index += 2;
      } else {
        source += '.*';
        index += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The files of the listing the glob matches, sorted. */
export function matchGlob(files: readonly string[], glob: string): string[] {
  const pattern = globPattern(glob);
  return files.filter((file) => pattern.test(file)).sort();
}

/** The file's name without folder and extension: `news/2025-11-20-sign-up.md` → `2025-11-20-sign-up`. */
export function entryName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.[^.]+$/, '');
}
