/**
 * The one warning a build gives when its cache cannot be made, read as a folder or written (a
 * full or read-only disk, a file where the folder goes): the site is built and swapped in all
 * the same, exit 0. Kept as the folder and the file system's code, and worded once the site's
 * language is known (messages/fault-words.ts).
 */
export interface CacheFault {
  /** The folder as the user named it. */
  shown: string;
  /** The file system's code (ENOSPC, EROFS, …). */
  code: string;
}

/** `why`: an error of the file system (its code says what happened). */
export function cacheFault(shown: string, why: unknown): CacheFault {
  const code = (why as NodeJS.ErrnoException | undefined)?.code;
  return { shown, code: typeof code === 'string' ? code : String(why) };
}

/** The file system's error behind a failed cache write, or undefined for anything else (a bug: rethrown). */
export function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}
