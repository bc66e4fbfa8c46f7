/**
 * What both servers send for a file, as a static host does: its registered type (so a photo's
 * AVIF source shows and a PDF opens rather than downloads), an ETag and 304 when the browser
 * already has the file, 206 with exactly the bytes a Range asks for (a PDF viewer reads a long
 * document in parts), and the build's _redirects as real redirects. `preview` serves a folder
 * on disk, `dev` the same files from memory.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUILD_MARKER, BUILD_MARKER_TEXT } from '../../generator/publish/build-marker.ts';
import { type BothServers, serveBoth } from '../support/both-servers.ts';
import { tinyPdf } from '../support/tiny-pdf.ts';

/** Bytes that are the same every run; only the extension decides the type. */
const bytes = (size: number) => Buffer.from(Array.from({ length: size }, (_, at) => (at * 7 + 3) % 256));
const pdf = tinyPdf('Vedtekter for Kristiansand Svømmeallianse', 3);

const documents: Array<[file: string, type: string]> = [
  ['files/vedtekter.pdf', 'application/pdf'],
  ['assets/svommehall-1a2b3c.avif', 'image/avif'],
  ['files/referat.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['files/budsjett.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['files/referat.odt', 'application/vnd.oasis.opendocument.text'],
  ['files/budsjett.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['files/treningstider.csv', 'text/csv; charset=utf-8'],
  ['site.webmanifest', 'application/manifest+json; charset=utf-8'],
  ['assets/skrift-1a2b3c.woff2', 'font/woff2'],
];

const files = new Map<string, string | Uint8Array>([
  [BUILD_MARKER, BUILD_MARKER_TEXT],
  ['index.html', '<!doctype html><html><head></head><body>Forside</body></html>'],
  ['om/index.html', '<!doctype html><html><head></head><body>Om klubben</body></html>'],
  ['404.html', '<!doctype html><html><head></head><body>Fant ikke siden</body></html>'],
  ['_redirects', '/om-klubben /om/ 301\n'],
  ...documents.map(([file]): [string, Uint8Array] => [file, file.endsWith('.pdf') ? pdf : bytes(500)]),
]);

let servers: BothServers;
beforeAll(async () => {
  servers = await serveBoth(files);
});
afterAll(() => servers?.close());

const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe.each(['preview', 'dev'] as const)('clubsite %s', (server) => {
  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${servers.urls[server]}${pathname}`, { headers, method, redirect: 'manual' });

  test.each(documents)('%s is sent whole as %s, inline', async (file, type) => {
    const response = await get(`/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await body(response)).toEqual(Buffer.from(files.get(file) as Uint8Array));
  });

  test('a file the browser already has is not sent again: ETag, then 304 to If-None-Match', async () => {
    for (const pathname of ['/files/vedtekter.pdf', '/om/']) {
      const first = await get(pathname);
      const tag = first.headers.get('etag');
      expect(tag, pathname).toMatch(/^(W\/)?"[^"]+"$/);
      // As a browser revalidates (fetch() alone would add Cache-Control: no-cache, asking for the whole file).
      const again = await get(pathname, { 'if-none-match': tag as string, 'cache-control': 'max-age=0' });
      expect(again.status, pathname).toBe(304);
      expect((await body(again)).length).toBe(0);
      const changed = await get(pathname, { 'if-none-match': '"another-version"', 'cache-control': 'max-age=0' });
      expect(changed.status).toBe(200);
    }
  });

  test('a Range gets 206 and exactly those bytes; one that cannot be met 416; another version the whole file', async () => {
    const size = pdf.length;
    const first = await get('/files/vedtekter.pdf', { range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(await body(first)).toEqual(pdf.subarray(0, 100));
    const one = await get('/files/vedtekter.pdf', { range: 'bytes=0-0' });
    expect(await body(one)).toEqual(pdf.subarray(0, 1));
    const tail = await get('/files/vedtekter.pdf', { range: 'bytes=-20' });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 20}-${size - 1}/${size}`);
    expect(await body(tail)).toEqual(pdf.subarray(size - 20));
    const beyond = await get('/files/vedtekter.pdf', { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    const stale = await get('/files/vedtekter.pdf', { range: 'bytes=0-99', 'if-range': '"another-version"' });
    expect(stale.status).toBe(200);
    expect(await body(stale)).toEqual(pdf);
  });

  test('HEAD tells the length and sends nothing', async () => {
    const response = await get('/files/vedtekter.pdf', {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(pdf.length));
    expect((await body(response)).length).toBe(0);
  });

  test('an address in _redirects is a 301 to its target, with or without its slash, keeping the query', async () => {
    expect((await get('/om-klubben')).status).toBe(301);
    expect((await get('/om-klubben')).headers.get('location')).toBe('/om/');
    expect((await get('/om-klubben/?fra=meny')).headers.get('location')).toBe('/om/?fra=meny');
    // The guards still hold for everything else.
    expect((await get('/om')).headers.get('location')).toBe('/om/');
    expect((await get(`/${BUILD_MARKER}`)).status).toBe(404);
    expect((await get('/finnes-ikke.pdf')).status).toBe(404);
  });
});
