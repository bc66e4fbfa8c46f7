import type { FileSource } from '../serve/static-files.ts';

/** The files of a build by their path (a Map, or a dev build whose search index is made when read). */
export interface BuiltFiles {
  get(file: string): string | Uint8Array | undefined;
}

/**
 * The last good build, served from memory: the same files `build` writes, looked up by their
 * path relative to the output folder. Nothing on disk is ever read, so no request can reach
 * a file outside the output (no `..`, no symlink).
 */
export function memorySource(files: () => BuiltFiles | undefined): FileSource {
  return {
    read: async (file) => files()?.get(file),
  };
}

/** Where the dev server serves its own files; outside any base path, never written by `build`. */
const DEV_PREFIX = '/__clubsite/';
export const EVENTS = `${DEV_PREFIX}events`;
/** `/__clubsite/reload-<hash>.js`: named by its content, so pages load it from the browser's cache. */
export const RELOAD_SCRIPT = /^\/__clubsite\/reload-([A-Za-z0-9]+)\.js$/;
const reloadScriptUrl = (hash: string) => `${DEV_PREFIX}reload-${hash}.js`;

/**
 * The one difference between a page in dev and in `build`: a module script that listens for
 * rebuilds, loaded from the server (no inline script), and the revision the page was built
 * at, so that a page loaded during a rebuild learns on connect that it is stale.
 */
export function injectReloadScript(html: string, revision: string, hash: string): string {
  const tag = `<meta name="clubsite-revision" content="${encodeURIComponent(revision)}"><script type="module" src="${reloadScriptUrl(hash)}"></script>`;
  const head = html.search(/<\/head>/i);
  if (head >= 0) return `${html.slice(0, head)}${tag}${html.slice(head)}`;
  const body = html.search(/<body[^>]*>/i);
  if (body >= 0) {
    const end = html.indexOf('>', body) + 1;
    return `${html.slice(0, end)}${tag}${html.slice(end)}`;
  }
  return `${tag}${html}`;
}
