/**
 * The same built files served by both of clubsite's servers, on real ports: `preview` from a
 * folder on disk written as `build` writes it, and `dev`'s request handler (what
 * `clubsite dev` answers with) from memory. For the tests that hold the two to one behaviour.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { devRequestHandler } from '../../generator/dev/dev-requests.ts';
import { ReloadChannel } from '../../generator/dev/reload-channel.ts';
import { listen } from '../../generator/serve/listen.ts';
import { startPreviewServer } from '../../generator/serve/preview-server.ts';
import { writeOutput } from '../../generator/publish/write-output.ts';

export interface BothServers {
  /** Origins (no trailing slash) by server. */
  urls: { preview: string; dev: string };
  close: () => Promise<void>;
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function serveBoth(files: ReadonlyMap<string, string | Uint8Array>, base = '/'): Promise<BothServers> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'clubsite-both-')), 'dist');
  await writeOutput(dir, files);
  const preview = await startPreviewServer({ dir, port: 0, host: '127.0.0.1', base, quiet: true });
  const revision = () => 'test.1';
  const dev = createServer(
    devRequestHandler({
      host: '127.0.0.1',
      base,
      channel: new ReloadChannel(() => ({ type: 'state', revision: revision(), problems: [] })),
      files: () => files,
      reloadClient: () => ({ code: '', hash: 'test', inputs: [] }),
      revision,
      ready: Promise.resolve(),
      log: () => {},
    }),
  );
  const devPort = await listen(dev, 0, '127.0.0.1');
  const previewAddress = preview.address();
  const previewPort = typeof previewAddress === 'object' && previewAddress ? previewAddress.port : 0;
  return {
    urls: { preview: `http://127.0.0.1:${previewPort}`, dev: `http://127.0.0.1:${devPort}` },
    close: async () => {
      await Promise.all([stop(preview), stop(dev)]);
      await rm(path.dirname(dir), { recursive: true, force: true });
    },
  };
}
