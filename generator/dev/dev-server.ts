import { createServer, type Server } from 'node:http';
import type { BuildResult } from '../pipeline/build-result.ts';
import { displayUrl, listen } from '../serve/listen.ts';
import type { DevBuildEvent } from './dev-events.ts';
import { DEV_WORDS } from '../messages/dev-words.ts';
import { cmsLocalBackend } from './cms-local-backend.ts';
import { DevLoop, type DevServerOptions } from './dev-loop.ts';
import { describeProblems } from './dev-log.ts';
import { devRequestHandler } from './dev-requests.ts';
import { openBrowser } from './open-browser.ts';
import { servedFile } from './served-files.ts';

export type { DevServerOptions };

export type { DevBuildEvent };

export interface DevServer {
  url: string;
  port: number;
  server: Server;
  /** The revision open pages are told to be at. */
  revision: () => string;
  /** The last good build: what is served. */
  last: () => BuildResult | undefined;
  /** Resolves when no rebuild runs or waits. */
  idle: () => Promise<void>;
  onBuild: (listener: (event: DevBuildEvent) => void) => () => void;
  /** Called as a rebuild starts, with the saved files it builds. */
  onStart: (listener: (files: string[]) => void) => () => void;
  close: () => Promise<void>;
}

/**
 * `clubsite dev`: builds the site into memory, serves exactly what `build` would write (plus
 * one reload script), watches the sources and rebuilds what a save touches. Problems show in
 * the terminal and over the page; the last good site stays served.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const loop = new DevLoop(options);
  const { host, base, log } = loop;
  let firstDone: () => void = () => {};
  const firstBuild = new Promise<void>((resolve) => (firstDone = resolve));
  const server = createServer(
    devRequestHandler({
      host,
      base,
      channel: loop.channel,
      files: () => {
        const last = loop.builder.last;
        return last && { get: (file: string) => servedFile(last, file) };
      },
      reloadClient: () => loop.reloadClient,
      revision: () => loop.revision(),
      ready: firstBuild,
      cmsBackend: cmsLocalBackend(loop.root),
      log,
    }),
  );
  // The address first (a taken port is said at once), then the first build and the reload client.
  const started = performance.now();
  const port = await listen(server, options.port ?? 4321, host);
  const first = await loop.start().catch(async (error: unknown) => {
    server.closeAllConnections();
    server.close();
    throw error;
  });
  firstDone();
  const url = displayUrl(host, port, base);
  const { speech } = loop.builder;
  const words = DEV_WORDS[speech.language];
  const ms = `${(performance.now() - started).toFixed(0)} ms`;
  log(words.started(first.ok ? first.result.stats.pages : undefined, ms, url));
  if (!first.ok) log(describeProblems(first, false, speech));
  log(words.watching(loop.watchedFolders()));
  loop.report(first, first.ok ? 'reload' : 'problems');
  if (options.open) openBrowser(url, log, words.noBrowser(url));
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    server,
    revision: () => loop.revision(),
    last: () => loop.builder.last,
    idle: () => loop.idle(),
    onBuild: (listener) => loop.on(loop.listeners, listener),
    onStart: (listener) => loop.on(loop.starters, listener),
    close: async () => {
      await loop.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
