/**
 * The one warning a build gives when its cache cannot be made, read as a folder or written (a
 * full or read-only disk, a file where the folder goes): the site is built and swapped in all
 * the same, exit 0. The wording is here, in one place, for the messages' translation.
 */
import { CAUSES } from '../publish/output-error.ts';

/** `why`: an error of the file system (its code says what happened), or the words themselves. */
export function cacheFault(shown: string, why: unknown): string {
  const code = (why as NodeJS.ErrnoException | undefined)?.code;
  const cause =
    typeof why === 'string' ? why : ((code && CAUSES[code]) ?? (code ? `the system answered ${code}` : String(why)));
  return `The build cache in ${shown} could not be used (${cause}): the site was built without it, and the next build will try again.`;
}

/** The file system's error behind a failed cache write, or undefined for anything else (a bug: rethrown). */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}
