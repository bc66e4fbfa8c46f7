/**
 * The admin's local mode in `clubsite dev`: Decap CMS's own local backend, the file-system
 * handlers of its `decap-server` package (what `npx decap-server` serves), mounted in the dev
 * server, so that /admin/ reads and writes the files of the project on disk; the watcher then
 * rebuilds and the open pages reload as after any save. decap-server's own command listens on
 * every interface and answers any local origin; here it is answered only to this machine
 * (a loopback client, a loopback Host) from the dev server's own pages, and the dev server
 * serves the admin a config.yml that points Decap at it (`local_backend`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { isLoopbackHost } from '../serve/host-check.ts';
import { requirePackage } from '../typescript-module.js';
import { ADMIN_FOLDER } from '../urls.ts';

/** Where the local backend answers, under the base path. */
export const LOCAL_BACKEND = `${ADMIN_FOLDER}/api/v1`;
/** The admin's configuration, which the dev server hands out with `local_backend` added. */
export const ADMIN_CONFIG = `${ADMIN_FOLDER}/config.yml`;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface DecapServer {
  registerLocalFs: (app: unknown, options: { logLevel: string }) => Promise<void>;
}

/** The handler of the local backend for the project at `root`, made on its first request. */
export function cmsLocalBackend(root: string): Handler {
  let app: Promise<Handler> | undefined;
  return (request, response) => {
    if (!fromThisMachine(request)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Only this machine may save here.');
      return;
    }
    app ??= localFsApp(root);
    app.then(
      (handle) => {
        // Express routes by its own path: the backend's, under any base path.
        request.url = '/api/v1';
        handle(request, response);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
      },
    );
  };
}

/** decap-server's handlers on an Express app of their own (its package's Express), the project as the repository. */
async function localFsApp(root: string): Promise<Handler> {
  const server = requirePackage('decap-server/dist/middlewares') as DecapServer;
  const express = createRequire(requirePackage.resolve('decap-server'))('express') as () => Handler;
  const app = express();
  // decap-server reads the repository's folder from its environment as it registers.
  const before = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = root;
  try {
    await server.registerLocalFs(app, { logLevel: 'warn' });
  } finally {
    if (before === undefined) delete process.env.GIT_REPO_DIRECTORY;
    else process.env.GIT_REPO_DIRECTORY = before;
  }
  return app;
}

/** A POST from a loopback client, to a loopback name, sent by a page of this server (or by no page). */
function fromThisMachine(request: IncomingMessage): boolean {
  const client = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const host = request.headers.host ?? '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  const origin = request.headers.origin;
  return (
    request.method === 'POST' &&
    isLoopbackHost(client) &&
    isLoopbackHost(name) &&
    (origin === undefined || origin === `http://${host}`)
  );
}

/** The admin's configuration as the dev server hands it out to `origin` (Decap wants a whole URL): saves go to the local backend. */
export function withLocalBackend(config: string | Uint8Array, origin: string, base: string): string {
  const text = typeof config === 'string' ? config : Buffer.from(config).toString('utf8');
  const parsed = JSON.parse(text) as Record<string, unknown>;
  return `${JSON.stringify({ ...parsed, local_backend: { url: `${origin}${base}${LOCAL_BACKEND}` } }, null, 2)}\n`;
}
