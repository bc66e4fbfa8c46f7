import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { normalizeBase } from '../urls.ts';
import { BUILD_MARKER } from '../publish/build-marker.ts';
import { refuseRequest } from './host-check.ts';
import { displayUrl, listen, ServeError } from './listen.ts';
import { headersFor, readHeaderRules } from './headers-rules.ts';
import { respond } from './respond.ts';
import { folderSource, resolveRequest } from './static-files.ts';

interface PreviewOptions {
  dir: string;
  port: number;
  host: string;
  /** The base path the folder was built for (build --base). */
  base?: string;
  quiet?: boolean;
}

/**
 * Serves a built folder (one with clubsite's build marker) as a static host would: directory
 * index, /kurs → /kurs/, the old addresses of _redirects as 301s, 404.html with status 404,
 * each file streamed with its type, ETag and byte ranges (respond.ts), only GET and HEAD, never
 * a file outside the folder (`..`, encoded or not, or a symlink that leads out).
 */
export async function startPreviewServer(options: PreviewOptions): Promise<Server> {
  const dir = path.resolve(options.dir);
  const found = await stat(dir).catch(() => undefined);
  if (!found?.isDirectory())
    throw new ServeError(
      `There is no built site in ${options.dir}. Run "clubsite build" first, or name the folder: clubsite preview <dir>.`,
    );
  // Only a clubsite build is served: `preview .` would otherwise publish the project's sources.
  if (!(await stat(path.join(dir, BUILD_MARKER)).catch(() => undefined))?.isFile()) {
    throw new ServeError(
      `${options.dir} is not a clubsite build (it has no ${BUILD_MARKER} file): run "clubsite build", then "clubsite preview" serves the folder it wrote; or name a built folder: clubsite preview <dir>.`,
    );
  }
  const base = normalizeBase(options.base ?? '/');
  const source = folderSource(dir);
  const headerRules = await readHeaderRules(dir);
  const server = createServer((request, response) => {
    if (refuseRequest(request, response, options.host)) return;
    resolveRequest(source, request.url ?? '/', base)
      .then((resolved) =>
        respond(
          request,
          response,
          resolved,
          undefined,
          headersFor(headerRules, (request.url ?? '/').split('?', 1)[0] ?? '/'),
        ),
      )
      .catch((error: unknown) => {
        console.error(`✖ ${request.url}: ${(error as Error).message}`);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Internal error');
      });
  });
  const port = await listen(server, options.port, options.host);
  if (!options.quiet)
    console.log(`Preview of ${options.dir} on ${displayUrl(options.host, port, base)} (Ctrl+C to stop)`);
  return server;
}
