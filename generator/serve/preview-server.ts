import { createServer, type Server } from 'node:http';
import { folderSource, resolveRequest, send } from './static-files.ts';

/** Serves a built folder as a static host would: directory index, /kurs → /kurs/, 404.html with status 404. */
export async function startPreviewServer(options: { dir: string; port: number; host: string; quiet?: boolean }): Promise<Server> {
  const source = folderSource(options.dir);
  const server = createServer((request, response) => {
    void resolveRequest(source, request.url ?? '/').then((resolved) => send(request, response, resolved));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  if (!options.quiet) console.log(`Preview of ${options.dir} on http://${options.host}:${port}/ (Ctrl+C to stop)`);
  return server;
}
