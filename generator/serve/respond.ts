/**
 * Sends what resolveRequest found, as a static host does: the file's registered type, nosniff,
 * an ETag, 304 to a request that already has the file (If-None-Match), and 206 with the bytes
 * asked for to a Range request (a PDF viewer reads a long document in parts).
 *
 * `preview` streams a file from disk with `send` (the static-file server Express uses): it
 * keeps to HTTP's rules for conditional and partial requests (If-Range, 412, 416, several
 * ranges answered whole) and takes the path we resolved, so the guards in static-files.ts stay
 * in charge. sirv was the other candidate: it maps URLs to files itself (following symlinks out
 * of its folder), reads a Range by hand (`bytes=0-0` gets the whole file) and, outside its dev
 * mode, lists the folder once at start, so a build while `preview` runs would go unseen.
 * `dev` serves from memory, where no static-file server reaches: its bytes go through the
 * modules `send` is made of (etag, fresh, range-parser), so both servers answer alike, with an
 * ETag made from the bytes served.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import etag from 'etag';
import fresh from 'fresh';
import parseRange from 'range-parser';
import send from 'send';
import { contentType, type Resolved } from './static-files.ts';

export function respond(
  request: IncomingMessage,
  response: ServerResponse,
  resolved: Resolved,
  transform?: (html: string) => string,
  extra: Record<string, string> = {},
): void {
  if (resolved.location) {
    response.writeHead(resolved.status, { location: resolved.location }).end();
    return;
  }
  const type = contentType(resolved.file ?? '.html');
  const hashed = /(^|\/)assets\//.test(resolved.file ?? '');
  const headers = {
    'content-type': type,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    ...extra,
  };
  if (resolved.path !== undefined) {
    sendFile(request, response, resolved.path, headers);
    return;
  }
  let body = resolved.body ?? '';
  if (transform && type.startsWith('text/html'))
    body = transform(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  sendBytes(request, response, resolved.status, Buffer.from(body), headers);
}

function sendFile(request: IncomingMessage, response: ServerResponse, file: string, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  // send reads its path as a URL path: each part encoded, so a % or # in a name stays itself.
  const urlPath = file.split(path.sep).map(encodeURIComponent).join('/');
  send(request, urlPath, { dotfiles: 'allow', index: false, cacheControl: false })
    .on('error', (error: { status?: number; headers?: Record<string, string> }) => {
      // 412 and 416 with their headers; a file gone since it was found (a build swapped in) 404.
      if (response.headersSent) return void response.destroy();
      for (const name of response.getHeaderNames()) response.removeHeader(name);
      response.writeHead(error.status ?? 500, error.headers ?? {}).end();
    })
    .pipe(response);
}

function sendBytes(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: Buffer,
  headers: Record<string, string>,
) {
  const tag = etag(body);
  const all = { ...headers, etag: tag, 'accept-ranges': 'bytes' };
  if (status === 200 && fresh(request.headers, { etag: tag })) {
    response.writeHead(304, Object.fromEntries(Object.entries(all).filter(([name]) => name !== 'content-type'))).end();
    return;
  }
  const range = status === 200 ? partOf(request, body.length, tag) : undefined;
  if (range === 'unsatisfiable') {
    response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    return;
  }
  const part = range ? body.subarray(range.start, range.end + 1) : body;
  response.writeHead(range ? 206 : status, {
    ...all,
    'content-length': part.length,
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${body.length}` } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : part);
}

/**
 * The one range of bytes a request asks for, as send answers: none for a Range whose If-Range
 * names another version, that cannot be read or that asks for several (the whole body is sent).
 */
function partOf(request: IncomingMessage, size: number, tag: string) {
  const header = request.headers.range;
  if (!header || !/^ *bytes=/.test(header)) return undefined;
  const condition = request.headers['if-range'];
  if (condition !== undefined && condition !== tag) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  return Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
}
