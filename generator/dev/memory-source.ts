import type { FileSource } from '../serve/static-files.ts';

/**
 * The last good build, served from memory: the same files `build` writes, looked up by their
 * path relative to the output folder. Nothing on disk is ever read, so no request can reach
 * a file outside the output (no `..`, no symlink).
 */
export function memorySource(files: () => ReadonlyMap<string, string | Uint8Array> | undefined): FileSource {
  return {
    read: async (file) => files()?.get(file),
  };
}

/** Where the dev server serves its own files; outside any base path, never written by `build`. */
export const DEV_PREFIX = '/__clubsite/';
export const RELOAD_SCRIPT = `${DEV_PREFIX}reload.js`;
export const EVENTS = `${DEV_PREFIX}events`;

/**
 * The one difference between a page in dev and in `build`: a module script that listens for
 * rebuilds. It is loaded from the server (no inline script) and carries the revision the page
 * was built at, so a page loaded during a rebuild learns on connect that it is stale.
 */
export function injectReloadScript(html: string, revision: string): string {
  const tag = `<script type="module" src="${RELOAD_SCRIPT}?rev=${encodeURIComponent(revision)}"></script>`;
  const head = html.search(/<\/head>/i);
  if (head >= 0) return `${html.slice(0, head)}${tag}${html.slice(head)}`;
  const body = html.search(/<body[^>]*>/i);
  if (body >= 0) {
    const end = html.indexOf('>', body) + 1;
    return `${html.slice(0, end)}${tag}${html.slice(end)}`;
  }
  return `${tag}${html}`;
}
