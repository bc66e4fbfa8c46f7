import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isInside } from '../path-inside.ts';
import { BUILD_MARKER } from '../publish/build-marker.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface FileSource {
  /** The bytes of a file in the output, by its path relative to the output folder, or undefined. */
  read: (file: string) => Promise<Uint8Array | string | undefined>;
}

/** Reads from a folder on disk, never outside it (no `..`, no symlink that leads out). */
export function folderSource(dir: string): FileSource {
  const root = path.resolve(dir);
  return {
    read: async (file) => {
      const absolute = path.resolve(root, file);
      if (!isInside(root, absolute)) return undefined;
      try {
        const real = await realpath(absolute);
        const realRoot = await realpath(root);
        if (!isInside(realRoot, real)) return undefined;
        if (!(await stat(real)).isFile()) return undefined;
        return await readFile(real);
      } catch {
        return undefined;
      }
    },
  };
}

export interface Resolved {
  status: number;
  file?: string;
  body?: Uint8Array | string;
  location?: string;
}

/**
 * What a static host answers for a path: the file, the folder's index.html, a redirect from
 * /kurs to /kurs/, or 404.html with status 404. Paths that try to leave the output (`..`,
 * encoded or not, NUL bytes, backslashes) and clubsite's build marker get a 404 before any
 * file is touched.
 */
export async function resolveRequest(source: FileSource, urlPath: string, base = '/'): Promise<Resolved> {
  const notFound = async (): Promise<Resolved> => {
    const body = await source.read('404.html');
    return { status: 404, file: '404.html', body: body ?? 'Not found' };
  };
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?', 1)[0] ?? '/');
  } catch {
    return notFound();
  }
  if (!decoded.startsWith(base) && `${decoded}/` !== base) return notFound();
  if (!decoded.startsWith(base)) {
    // The base folder without its slash, as a host answers for any folder.
    const query = urlPath.includes('?') ? urlPath.slice(urlPath.indexOf('?')) : '';
    return { status: 301, location: `${base}${query}` };
  }
  const inside = decoded.slice(base.length - 1);
  const segments = inside.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.') || /[\\\0]/.test(inside)) return notFound();
  const relative = inside.replace(/^\/+/, '');
  if (relative === BUILD_MARKER) return notFound();
  if (relative === '' || inside.endsWith('/')) {
    const file = `${relative}index.html`;
    const body = await source.read(file);
    return body === undefined ? notFound() : { status: 200, file, body };
  }
  const body = await source.read(relative);
  if (body !== undefined) return { status: 200, file: relative, body };
  if (path.extname(relative) === '' && (await source.read(`${relative}/index.html`)) !== undefined) {
    const query = urlPath.includes('?') ? urlPath.slice(urlPath.indexOf('?')) : '';
    // Re-encoded: the path was decoded above, and a header may carry ASCII only.
    const encoded = relative.split('/').map(encodeURIComponent).join('/');
    return { status: 301, location: `${base}${encoded}/${query}` };
  }
  return notFound();
}

/** Sends a resolved answer; only GET and HEAD are served. */
export function send(
  request: IncomingMessage,
  response: ServerResponse,
  resolved: Resolved,
  transform?: (html: string) => string,
  headers: Record<string, string> = {},
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response
      .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      .end('Method not allowed');
    return;
  }
  if (resolved.location) {
    response.writeHead(resolved.status, { location: resolved.location }).end();
    return;
  }
  let body = resolved.body ?? '';
  const type = contentType(resolved.file ?? '.html');
  if (transform && type.startsWith('text/html'))
    body = transform(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  const hashed = /(^|\/)assets\//.test(resolved.file ?? '');
  response.writeHead(resolved.status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
