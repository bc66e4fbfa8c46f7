import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime-types';
import { isInside } from '../path-inside.ts';
import { BUILD_MARKER } from '../publish/build-marker.ts';
import { redirectFor } from './redirect-rules.ts';

/**
 * A file's registered type, by its extension, from mime-db (through mime-types): text types
 * with their charset, PDF, AVIF, the office formats, web manifests. A name it does not know
 * is sent as bytes (with nosniff, so the browser downloads rather than guesses).
 */
export function contentType(file: string): string {
  return mime.contentType(path.extname(file)) || 'application/octet-stream';
}

export interface FileSource {
  /** The bytes of a file in the output, by its path relative to the output folder, or undefined. */
  read: (file: string) => Promise<Uint8Array | string | undefined>;
  /** A source on disk: where that file really is (never outside the folder), or undefined. */
  locate?: (file: string) => Promise<string | undefined>;
}

/** Reads from a folder on disk, never outside it (no `..`, no symlink that leads out). */
export function folderSource(dir: string): FileSource {
  const root = path.resolve(dir);
  const locate = async (file: string) => {
    const absolute = path.resolve(root, file);
    if (!isInside(root, absolute)) return undefined;
    try {
      const real = await realpath(absolute);
      if (!isInside(await realpath(root), real)) return undefined;
      return (await stat(real)).isFile() ? real : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    locate,
    read: async (file) => {
      const real = await locate(file);
      return real === undefined ? undefined : readFile(real).catch(() => undefined);
    },
  };
}

export interface Resolved {
  status: number;
  file?: string;
  /** The file's bytes (a source in memory, or the 404 page). */
  body?: Uint8Array | string;
  /** Where the file is on disk (a folder source): it is streamed from there. */
  path?: string;
  location?: string;
}

/** A file of the source as the answer: where it is on disk, or its bytes; undefined when there is none. */
async function found(source: FileSource, file: string): Promise<Resolved | undefined> {
  if (source.locate) {
    const real = await source.locate(file);
    return real === undefined ? undefined : { status: 200, file, path: real };
  }
  const body = await source.read(file);
  return body === undefined ? undefined : { status: 200, file, body };
}

/**
 * What a static host answers for a path: a redirect of the build's _redirects, the file, the
 * folder's index.html, a redirect from /kurs to /kurs/, or 404.html with status 404. Paths that
 * try to leave the output (`..`, encoded or not, NUL bytes, backslashes) and clubsite's build
 * marker get a 404 before any file is touched.
 */
export async function resolveRequest(source: FileSource, urlPath: string, base = '/'): Promise<Resolved> {
  const notFound = async (): Promise<Resolved> => {
    const body = await source.read('404.html');
    return { status: 404, file: '404.html', body: body ?? 'Not found' };
  };
  const [pathname = '/'] = urlPath.split('?', 1);
  const query = urlPath.slice(pathname.length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return notFound();
  }
  const redirect = redirectFor(await readText(source, '_redirects'), [pathname, decoded], query);
  if (redirect) return redirect;
  if (!decoded.startsWith(base) && `${decoded}/` !== base) return notFound();
  // The base folder without its slash, as a host answers for any folder.
  if (!decoded.startsWith(base)) return { status: 301, location: `${base}${query}` };
  const inside = decoded.slice(base.length - 1);
  const segments = inside.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.') || /[\\\0]/.test(inside)) return notFound();
  const relative = inside.replace(/^\/+/, '');
  if (relative === BUILD_MARKER) return notFound();
  if (relative === '' || inside.endsWith('/')) return (await found(source, `${relative}index.html`)) ?? notFound();
  const file = await found(source, relative);
  if (file) return file;
  if (path.extname(relative) === '' && (await found(source, `${relative}/index.html`))) {
    // Re-encoded: the path was decoded above, and a header may carry ASCII only.
    const encoded = relative.split('/').map(encodeURIComponent).join('/');
    return { status: 301, location: `${base}${encoded}/${query}` };
  }
  return notFound();
}

async function readText(source: FileSource, file: string): Promise<string | undefined> {
  const data = await source.read(file);
  return data === undefined || typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
}
