/**
 * The output folder cannot be written as asked: a refused --out (exit 2, a mistake in the
 * command) or the file system's trouble, like a full or read-only disk (exit 1). Neither is a
 * bug in clubsite: the CLI prints the one-line message, never a stack.
 */
import { causeOf } from '../messages/fault-words.ts';

export class OutputError extends Error {
  override name = 'OutputError';

  constructor(
    message: string,
    /** 2: the command asked for something clubsite refuses; 1: the disk or the system said no. */
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/**
 * A file-system error met while writing `folder` as an OutputError (exit 1); anything that is
 * not a file-system error (no errno code) is returned as it is, a bug.
 */
export function fileSystemError(error: unknown, folder: string): unknown {
  if (error instanceof OutputError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  const cause = causeOf(code, 'en');
  const advice =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'free some space and build again'
      : 'choose a folder you can write to with --out';
  return new OutputError(
    `Could not write the site to ${folder}: ${cause}; ${advice} (the last build there was left as it was).`,
    1,
  );
}
