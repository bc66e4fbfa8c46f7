import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BuildResult } from '../build.ts';
import { displayUrl, listen } from '../serve/listen.ts';
import { normalizeBase } from '../urls.ts';
import { planChanges } from './change-plan.ts';
import { DevBuilder, type BuildOutcome } from './dev-builder.ts';
import { describeOutcome, describeProblems } from './dev-log.ts';
import { devRequestHandler } from './dev-requests.ts';
import { openBrowser } from './open-browser.ts';
import { ReloadChannel, type DevMessage } from './reload-channel.ts';
import { servedFile } from './served-files.ts';
import { bundleReloadClient, type ReloadClient } from './reload-client.ts';
import { createRebuildQueue, type RebuildQueue } from './rebuild-queue.ts';
import { SaveTracker, SETTLE_MS } from './save-tracker.ts';
import { SourceWatcher } from './source-watcher.ts';
import { isInside } from '../path-inside.ts';

/** After a build, when every file read is looked at for a change the watcher missed. */
const VERIFY_MS = 300;

export interface DevServerOptions {
  /** The site's folder (content/ and the site definition). The tool's own browser code is found beside the generator. */
  root: string;
  /** Defaults to <root>/content. */
  contentDir?: string;
  port?: number;
  host?: string;
  now?: string;
  base?: string;
  origin?: string;
  open?: boolean;
  /** Milliseconds to gather the writes of one save. */
  debounceMs?: number;
  /** Where the terminal lines go (default console.log). */
  log?: (line: string) => void;
}

/** What a rebuild did, for tests and the benchmark. */
export interface DevBuildEvent {
  outcome: BuildOutcome;
  /** What the open pages were told: reload, swap the stylesheet, show problems, or nothing. */
  sent: 'reload' | 'css' | 'problems' | 'clear' | 'none';
  revision: string;
}

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
  const root = path.resolve(options.root);
  const contentDir = path.resolve(root, options.contentDir ?? 'content');
  const host = options.host ?? '127.0.0.1';
  const base = normalizeBase(options.base ?? '/');
  const log = options.log ?? ((line: string) => console.log(line));
  const builder = new DevBuilder({ root, contentDir, now: options.now, base, origin: options.origin });
  const boot = Date.now().toString(36);
  let builds = 0;
  const revision = () => `${boot}.${builds}`;
  let reloadClient: ReloadClient = { code: '', hash: '', inputs: [] };
  const listeners = new Set<(event: DevBuildEvent) => void>();
  const starters = new Set<(files: string[]) => void>();

  const state = (): DevMessage => ({ type: 'state', revision: revision(), problems: builder.problems });
  const channel = new ReloadChannel(state);

  let firstDone: () => void = () => {};
  const firstBuild = new Promise<void>((resolve) => (firstDone = resolve));
  const server = createServer(
    devRequestHandler({
      host,
      base,
      channel,
      files: () => {
        const last = builder.last;
        return last && { get: (file: string) => servedFile(last, file) };
      },
      reloadClient: () => reloadClient,
      revision,
      ready: firstBuild,
      log,
    }),
  );

  const report = (outcome: BuildOutcome, sent: DevBuildEvent['sent']) => {
    for (const listener of listeners) listener({ outcome, sent, revision: revision() });
  };

  const tracker = new SaveTracker();
  let settling = 0;
  // Once the watcher watches, a save reads only what it reported; a change it missed is found
  // by looking at every file read, shortly after each build (and built then).
  let verifying: NodeJS.Timeout | undefined;
  const verify = () => {
    clearTimeout(verifying);
    verifying = setTimeout(() => {
      void builder.changedOnDisk().then((missed) => {
        for (const file of missed) queue?.add(file);
      });
    }, VERIFY_MS).unref();
  };
  let queue: RebuildQueue | undefined;
  const watcher = new SourceWatcher({
    root,
    contentDir,
    onChange: (file) => queue?.add(file),
    onError: (message) => log(`✖ watching files: ${message}`),
  });
  // The code folders to watch: those of the last good bundles' inputs, and those of the files
  // a failed build points at (a template that never built yet, an import that cannot resolve).
  // Until a build has worked, the site definition's own folder (build's default entry) too.
  const watchInputs = (outcome: BuildOutcome) => {
    const failed = outcome.ok
      ? []
      : outcome.problems.map((problem) => path.resolve(root, problem.location.replace(/(:\d+){1,2}$/, '')));
    const last = builder.last;
    const entry = last ? [] : [path.join(root, 'templates', 'index')];
    watcher.setInputs([
      ...(last?.site.inputs ?? []),
      ...(last?.client.inputs ?? []),
      ...reloadClient.inputs,
      ...failed,
      ...entry,
    ]);
  };
  let lastProblems = '';
  const rebuild = async (files: string[]) => {
    await tracker.note(files);
    for (const starter of starters) starter(files);
    const plan = planChanges(files, {
      root,
      contentDir,
      siteInputs: new Set(builder.last?.site.inputs),
      clientInputs: new Set(builder.last?.client.inputs),
      devClientInputs: new Set(reloadClient.inputs),
    });
    if (plan.devClient) reloadClient = await bundleReloadClient().catch(() => reloadClient);
    const hadProblems = builder.problems.length > 0;
    const from = revision();
    const outcome = await builder.run(plan);
    let sent: DevBuildEvent['sent'];
    if (!outcome.ok) {
      sent = 'problems';
      channel.broadcast({ type: 'problems', revision: revision(), problems: outcome.problems });
    } else if (outcome.diff && outcome.diff.changed.length === 0 && !plan.devClient) {
      sent = hadProblems ? 'clear' : 'none';
      if (hadProblems) channel.broadcast(state());
    } else if (outcome.swap && !plan.devClient) {
      builds += 1;
      sent = 'css';
      channel.broadcast({ type: 'css', revision: revision(), from, swap: outcome.swap, problems: [] });
    } else {
      builds += 1;
      sent = 'reload';
      channel.broadcast({ type: 'reload', revision: revision(), problems: [] });
    }
    watchInputs(outcome);
    log(describeOutcome(outcome, sent));
    // The same problems as the rebuild before (a folder deleted file by file) are not listed again.
    const problems = outcome.ok ? '' : outcome.problems.map((problem) => problem.text).join('\n');
    if (!outcome.ok && problems !== lastProblems) log(describeProblems(outcome, builder.last !== undefined));
    lastProblems = problems;
    report(outcome, sent);
    // A write the watcher swallowed (see SaveTracker) is built next.
    settling += 1;
    setTimeout(() => {
      void tracker
        .changed(files)
        .then((changed) => {
          for (const file of changed) queue?.add(file);
        })
        .finally(() => (settling -= 1));
    }, SETTLE_MS).unref();
    verify();
  };

  queue = createRebuildQueue(rebuild, options.debounceMs ?? 10);

  // The address first (a taken port is said at once), then the first build and the reload client.
  const started = performance.now();
  const port = await listen(server, options.port ?? 4321, host);
  let first: BuildOutcome;
  try {
    [first, reloadClient] = await Promise.all([
      builder.run(
        planChanges([], {
          root,
          contentDir,
          siteInputs: new Set(),
          clientInputs: new Set(),
          devClientInputs: new Set(),
        }),
      ),
      bundleReloadClient(),
    ]);
  } catch (error) {
    await watcher.close();
    server.closeAllConnections();
    server.close();
    throw error;
  }
  if (first.ok) builds += 1;
  firstDone();

  watchInputs(first);
  builder.trustWatcher();
  verify();

  const url = displayUrl(host, port, base);
  const pages = first.ok ? `${first.result.stats.pages} pages` : 'the site could not be built';
  log(`clubsite dev: ${pages} in ${(performance.now() - started).toFixed(0)} ms → ${url} (Ctrl+C to stop)`);
  if (!first.ok) log(describeProblems(first, false));
  lastProblems = first.ok ? '' : first.problems.map((problem) => problem.text).join('\n');
  const shown = (dir: string) =>
    isInside(root, dir) ? `${path.relative(root, dir).split(path.sep).join('/') || '.'}/` : `${dir}${path.sep}`;
  log(`Watching ${watcher.folders().map(shown).join(', ')}`);
  report(first, first.ok ? 'reload' : 'problems');
  if (options.open) openBrowser(url, log);

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    server,
    revision,
    last: () => builder.last,
    idle: async () => {
      for (;;) {
        await queue.idle();
        if (settling === 0) return;
        await sleep(20);
      }
    },
    onBuild: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStart: (listener) => {
      starters.add(listener);
      return () => starters.delete(listener);
    },
    close: async () => {
      clearTimeout(verifying);
      await Promise.all([watcher.close(), queue.close()]);
      channel.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
