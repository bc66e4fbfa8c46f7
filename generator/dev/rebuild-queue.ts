/**
 * One build at a time. Saved files are collected for `delayMs` (an editor's save is often a
 * few writes), then built together; files saved while a build runs fold into the one next
 * build, however many there are, collected the same way once the build is done.
 */
export interface RebuildQueue {
  /** A file changed. */
  add: (file: string) => void;
  /** Resolves when no build runs and none is waiting. */
  idle: () => Promise<void>;
  /** Stops scheduling; waits for a running build. */
  close: () => Promise<void>;
}

export function createRebuildQueue(run: (files: string[]) => Promise<void>, delayMs = 10): RebuildQueue {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let waiters: Array<() => void> = [];

  const settle = () => {
    if (running || timer || pending.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const flush = () => {
    timer = undefined;
    if (running || closed) return settle();
    if (pending.size === 0) return settle();
    const files = [...pending];
    pending = new Set();
    running = run(files)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        // What was saved during the build is built next, once the same short wait lets the rest
        // of a save still under way (an editor's later writes, the watcher's late events) join it.
        if (pending.size > 0 && !closed) timer = setTimeout(flush, delayMs);
        else settle();
      });
  };

  return {
    add: (file) => {
      if (closed) return;
      pending.add(file);
      if (!timer && !running) timer = setTimeout(flush, delayMs);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending.clear();
      await running;
      settle();
    },
  };
}
