import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseRequest } from '../serve/host-check.ts';
import { respond } from '../serve/respond.ts';
import { resolveRequest } from '../serve/static-files.ts';
import { ADMIN_CONFIG, LOCAL_BACKEND, withLocalBackend } from './cms-local-backend.ts';
import { type BuiltFiles, EVENTS, injectReloadScript, memorySource, RELOAD_SCRIPT } from './memory-source.ts';
import { ADMIN_FOLDER } from '../urls.ts';
import type { ReloadChannel } from './reload-channel.ts';
import type { ReloadClient } from './reload-client.ts';

interface DevRequestOptions {
  /** The address the server is bound to (loopback: only loopback Host names are answered). */
  host: string;
  base: string;
  channel: ReloadChannel;
  /** The last good build's files, or undefined before the first one. */
  files: () => BuiltFiles | undefined;
  reloadClient: () => ReloadClient;
  revision: () => string;
  /** Requests that come while the first build runs wait for it. */
  ready: Promise<void>;
  /** The admin's local backend (cms-local-backend.ts), answered while the build has the admin. */
  cmsBackend?: (request: IncomingMessage, response: ServerResponse) => void;
  log: (line: string) => void;
}

/**
 * What the dev server answers: the build's files as a static host serves them (same base
 * path, /kurs → /kurs/, 404.html with 404), HTML with the reload script added, the reload
 * script and its event stream. Only GET and HEAD; nothing is read from disk, but for the
 * admin's local backend (POST, from this machine only), which reads and writes the content.
 * The admin's page gets no reload script (a save would reload the form being written in), and
 * its configuration points it at the local backend.
 */
export function devRequestHandler(
  options: DevRequestOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const source = memorySource(options.files);
  const inject = (html: string) => injectReloadScript(html, options.revision(), options.reloadClient().hash);
  const admin = `${options.base}${ADMIN_FOLDER}/`;
  const adminConfig = (host = ''): string | undefined => {
    const config = options.files()?.get(ADMIN_CONFIG);
    return config === undefined ? undefined : withLocalBackend(config, `http://${host}`, options.base);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const pathname = url.split('?', 1)[0] ?? '/';
    if (pathname === `${options.base}${LOCAL_BACKEND}` && options.cmsBackend) {
      await options.ready;
      if (adminConfig() !== undefined) return options.cmsBackend(request, response);
    }
    if (refuseRequest(request, response, options.host)) return;
    await options.ready;
    if (pathname === EVENTS) {
      if (request.method === 'HEAD') response.writeHead(200, { 'content-type': 'text/event-stream' }).end();
      else options.channel.connect(request, response);
      return;
    }
    const script = RELOAD_SCRIPT.exec(pathname);
    if (script) {
      const client = options.reloadClient();
      // An older name (the reload client was changed) still gets the current code, uncached.
      const cache = script[1] === client.hash ? 'public, max-age=31536000, immutable' : 'no-store';
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': cache });
      response.end(request.method === 'HEAD' ? undefined : client.code);
      return;
    }
    if (!options.files()) {
      respond(request, response, { status: 500, file: 'error.html', body: inject(NOT_BUILT) });
      return;
    }
    if (pathname === `${options.base}${ADMIN_CONFIG}`) {
      const config = adminConfig(request.headers.host);
      if (config !== undefined) {
        response.writeHead(200, { 'content-type': 'text/yaml; charset=utf-8', 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : config);
        return;
      }
    }
    const resolved = await resolveRequest(source, url, options.base);
    respond(request, response, resolved, pathname.startsWith(admin) ? undefined : inject);
  };

  return (request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`✖ ${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
  };
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>clubsite: the site could not be built</title></head>
<body><p>The site could not be built yet. The problems are listed here and in the terminal; this page reloads when they are fixed.</p></body></html>`;
