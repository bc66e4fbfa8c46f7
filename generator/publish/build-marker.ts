/**
 * The small file every build writes at the top of its output folder. It is how clubsite tells
 * a folder of its own (which the next build may replace, and `preview` may serve) from anyone
 * else's. The servers never serve it. Deterministic, so the same content gives the same dist/.
 */
export const BUILD_MARKER = '.clubsite-build';

export const BUILD_MARKER_TEXT =
  'This folder was written by `clubsite build`, which replaces all of it on the next build.\nDelete this file to keep the folder: clubsite then refuses to build into it.\n';
