import path from 'node:path';

/** Whether `file` is the folder `dir` or anything under it (absolute paths; `dir` may end with a separator). */
export const isInside = (dir: string, file: string): boolean =>
  file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
