/**
 * The size of every file in a cache folder, looked at on a thread of its own while the build
 * goes on. A kept copy is taken only when it is whole (cache-folder.ts: wholeCopy), and at
 * 10,000 pages a stat of each kept page on the build's thread was 80 ms of an edit's build;
 * here it is one listing and 10,000 stats on another thread, begun as the build starts and
 * done long before the first page is looked up. What the look could not tell (the thread
 * failed, a file it did not see) is asked with a stat as before.
 */
import { Worker } from 'node:worker_threads';

const LOOKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
let names = [];
try {
  names = fs.readdirSync(workerData.folder);
} catch {}
const sizes = new Float64Array(names.length);
for (const [at, name] of names.entries()) {
  const stats = fs.statSync(path.join(workerData.folder, name), { throwIfNoEntry: false });
  sizes[at] = stats && stats.isFile() ? stats.size : -1;
}
parentPort.postMessage({ names, sizes }, [sizes.buffer]);
`;

/** Each file's size by its name (a folder that cannot be read has none); undefined when the thread failed. */
export function folderSizes(folder: string): Promise<ReadonlyMap<string, number> | undefined> {
  return new Promise((resolve) => {
    const looker = new Worker(LOOKER, { eval: true, workerData: { folder } });
    // Never a reason for the process to stay: a build that asks no kept copy does not wait for it.
    looker.unref();
    looker.once('message', ({ names, sizes }: { names: string[]; sizes: Float64Array }) => {
      const byName = new Map<string, number>();
      for (let at = 0; at < names.length; at += 1) byName.set(names[at] as string, sizes[at] ?? -1);
      resolve(byName);
    });
    looker.once('error', () => resolve(undefined));
    looker.once('exit', () => resolve(undefined));
  });
}
