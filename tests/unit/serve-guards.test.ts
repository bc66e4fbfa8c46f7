import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPreviewServer } from '../../generator/serve/preview-server.ts';
import { injectReloadScript, memorySource } from '../../generator/dev/memory-source.ts';
import { hostAllowed } from '../../generator/serve/host-check.ts';
import { folderSource, resolveRequest } from '../../generator/serve/static-files.ts';
import { BUILD_MARKER, BUILD_MARKER_TEXT } from '../../generator/publish/build-marker.ts';

const files = new Map<string, string | Uint8Array>([
  ['index.html', '<html><head></head><body>Forside</body></html>'],
  ['kurs/index.html', '<html><head></head><body>Kurs</body></html>'],
  ['404.html', '<html><head></head><body>Fant ikke siden</body></html>'],
  ['assets/style-A.css', 'a{}'],
  ['blåbær/index.html', 'bær'],
]);
const memory = memorySource(() => files);

/** A raw HTTP request: the path goes out exactly as written, dot segments and all. */
function raw(port: number, pathname: string, method = 'GET', host?: string) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: pathname, method, headers: host ? { host } : {} },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('requests with dot segments or that try to leave the output get the 404 page, from the real server', () => {
  // A project folder with a secret beside the built site, and the site's own files inside it.
  let project: string;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    project = await mkdtemp(path.join(os.tmpdir(), 'clubsite-traversal-'));
    await writeFile(path.join(project, 'package.json'), '{"secret":true}');
    for (const [file, data] of files) {
      await mkdir(path.dirname(path.join(project, 'dist', file)), { recursive: true });
      await writeFile(path.join(project, 'dist', file), data);
    }
    // A build, as preview serves only builds.
    await writeFile(path.join(project, 'dist', BUILD_MARKER), BUILD_MARKER_TEXT);
    server = await startPreviewServer({ dir: path.join(project, 'dist'), port: 0, host: '127.0.0.1', quiet: true });
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await rm(project, { recursive: true, force: true });
  });

  const attempts = [
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/package.json',
    '/kurs/..%2f..%2fpackage.json',
    '/kurs/%2e%2e%2f%2e%2e%2fpackage.json',
    '/assets/..\\..\\package.json',
    '/assets/%5c..%5cpackage.json',
    '/index.html%00.css',
    '/%c0%ae%c0%ae/package.json',
    '/%zz',
    // Dot segments that would land inside the output are refused too: no path is resolved by the file system.
    '/./index.html',
    '/kurs/%2e%2e/index.html',
    '/assets/..%2fkurs/index.html',
    '/kurs/%2e/index.html',
  ];
  test.each(attempts)('%s', async (attempt) => {
    const answer = await raw(port, attempt);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('Fant ikke siden');
    expect(answer.body).not.toContain('secret');
  });

  test('the same files without dot segments are served', async () => {
    expect(await raw(port, '/')).toMatchObject({ status: 200, body: files.get('index.html') });
    expect(await raw(port, '/kurs/')).toMatchObject({ status: 200, body: files.get('kurs/index.html') });
  });
});

describe('host semantics', () => {
  test('a folder without its slash is redirected, keeping the query', async () => {
    expect(await resolveRequest(memory, '/kurs?x=1')).toMatchObject({ status: 301, location: '/kurs/?x=1' });
  });

  test('the redirect is encoded (headers carry ASCII only)', async () => {
    expect(await resolveRequest(memory, '/bl%C3%A5b%C3%A6r')).toMatchObject({
      status: 301,
      location: '/bl%C3%A5b%C3%A6r/',
    });
  });

  test('under a base path, only the base is served', async () => {
    expect((await resolveRequest(memory, '/kurs/', '/klubb/')).status).toBe(404);
    expect(await resolveRequest(memory, '/klubb/kurs', '/klubb/')).toMatchObject({
      status: 301,
      location: '/klubb/kurs/',
    });
    expect(await resolveRequest(memory, '/klubb/', '/klubb/')).toMatchObject({ status: 200, file: 'index.html' });
    expect(await resolveRequest(memory, '/klubb', '/klubb/')).toMatchObject({ status: 301, location: '/klubb/' });
  });
});

describe('a built folder on disk', () => {
  let outside: string;
  let dist: string;
  beforeAll(async () => {
    outside = await mkdtemp(path.join(os.tmpdir(), 'clubsite-outside-'));
    dist = path.join(outside, 'dist');
    await mkdir(path.join(dist, 'kurs'), { recursive: true });
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await mkdir(path.join(outside, 'secrets'));
    await writeFile(path.join(outside, 'secrets', 'key.txt'), 'key');
    await writeFile(path.join(dist, 'kurs', 'index.html'), 'Kurs');
    await writeFile(path.join(dist, '404.html'), 'Fant ikke siden');
    await writeFile(path.join(dist, '.clubsite-build'), 'a clubsite build');
    await symlink(path.join(outside, 'secret.txt'), path.join(dist, 'secret.txt'));
    await symlink(path.join(outside, 'secrets'), path.join(dist, 'secrets'));
  });
  afterAll(() => rm(outside, { recursive: true, force: true }));

  test('clubsite preview answers as a static host, and nothing outside the folder', async () => {
    const server: Server = await startPreviewServer({ dir: dist, port: 0, host: '127.0.0.1', quiet: true });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const get = (pathname: string, method?: string, host?: string) => raw(port, pathname, method, host);
    try {
      for (const attempt of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/secret.txt',
        '/secrets/key.txt',
        '/kurs/..%2f..%2fsecret.txt',
      ]) {
        expect(await get(attempt), attempt).toEqual({ status: 404, location: undefined, body: 'Fant ikke siden' });
      }
      expect(await get('/kurs')).toMatchObject({ status: 301, location: '/kurs/' });
      expect(await get('/kurs/')).toMatchObject({ status: 200, body: 'Kurs' });
      expect(await get('/kurs/', 'POST')).toMatchObject({ status: 405 });
      expect(await get('/kurs/', 'HEAD')).toMatchObject({ status: 200, body: '' });
      // A page elsewhere on the web cannot reach it by pointing its own name at 127.0.0.1.
      expect(await get('/kurs/', 'GET', 'evil.example:80')).toMatchObject({ status: 403 });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('symlinks that lead out of the folder are not followed', async () => {
    const source = folderSource(dist);
    expect(await source.read('secret.txt')).toBeUndefined();
    expect(await source.read('secrets/key.txt')).toBeUndefined();
    expect((await resolveRequest(source, '/secret.txt')).status).toBe(404);
    expect((await resolveRequest(source, '/secrets/key.txt')).status).toBe(404);
    expect((await resolveRequest(source, '/../secret.txt')).status).toBe(404);
    expect(await resolveRequest(source, '/kurs/')).toMatchObject({
      status: 200,
      path: path.join(await realpath(dist), 'kurs', 'index.html'),
    });
    expect(String(await source.read('kurs/index.html'))).toBe('Kurs');
  });
});

describe('the dev server', () => {
  test('adds exactly one module script and the revision, before </head>', () => {
    const html = injectReloadScript('<html><head><title>x</title></head><body></body></html>', 'abc.3', 'H4sh');
    expect(html).toBe(
      '<html><head><title>x</title><meta name="clubsite-revision" content="abc.3"><script type="module" src="/__clubsite/reload-H4sh.js"></script></head><body></body></html>',
    );
  });

  test('bound to loopback, answers only requests addressed to loopback names', () => {
    for (const host of ['127.0.0.1:4321', 'localhost:4321', 'localhost', '[::1]:4321', 'club.localhost:4321']) {
      expect(hostAllowed(host, '127.0.0.1'), host).toBe(true);
    }
    for (const host of ['evil.example:4321', 'evil.example', '127.0.0.1.evil.example', '[::2]:4321']) {
      expect(hostAllowed(host, '127.0.0.1'), host).toBe(false);
    }
    expect(hostAllowed('192.168.1.20:4321', '0.0.0.0')).toBe(true);
  });
});
