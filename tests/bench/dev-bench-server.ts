/**
 * The dev server as a child process of the dev benchmark, so that its memory is its own:
 * `node --expose-gc bin/run-ts.js tests/bench/dev-bench-server.ts <root> <contentDir>`.
 * Talks to the parent over IPC: 'ready' with the URL, 'built' per rebuild, and the memory
 * (after a full garbage collection) when asked.
 */
import { startDevServer } from '../../generator/dev/dev-server.ts';

const [root, contentDir] = process.argv.slice(2);
if (!root || !contentDir || !process.send) throw new Error('usage: run as a forked child with <root> <contentDir>');
const send = (message: unknown) => process.send?.(message);

const started = performance.now();
const dev = await startDevServer({ root, contentDir, port: 0, now: '2025-12-10T18:00', log: () => {} });
const startMs = performance.now() - started;
const clock = () => performance.timeOrigin + performance.now();
let startedAt = 0;
dev.onStart(() => (startedAt = clock()));
// The pages are told right before onBuild listeners run.
dev.onBuild(({ outcome, sent }) =>
  send({ type: 'built', ms: outcome.ms, sent, ok: outcome.ok, startedAt, sentAt: clock() }),
);

process.on('message', (message: { type: string }) => {
  if (message.type === 'memory') {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'memory', rss, heapUsed, collected: gc !== undefined });
  } else if (message.type === 'stop') {
    void dev.close().then(() => process.exit(0));
  }
});

send({ type: 'ready', url: dev.url, startMs, pages: dev.last()?.stats.pages ?? 0 });
