/**
 * `npm run bench -- lock [--runs N]`: clubsite's build lock (generator/publish/build-lock.ts)
 * against proper-lockfile at its shortest stale time (2 s), each held by a process of its own
 * (tests/support/lock-holder.ts). Two figures: how long a waiting build takes to get the lock
 * after its holder is killed (SIGKILL, as a build stopped mid-swap), and how often a waiting
 * build takes the lock from a holder that is alive but whose thread is busy for 3 s (a large
 * site renders on it for seconds). proper-lockfile is measured when it is installed
 * (tests/support/proper-lockfile.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { acquireLock } from '../../generator/publish/build-lock.ts';
import { holdLock } from '../support/lock-holder-process.ts';
import { properLockfile, properLockfileHome } from '../support/proper-lockfile.ts';
import { median, ms, printTable } from './table.ts';

type Kind = 'clubsite' | 'proper-lockfile';
const BUSY_MS = 3000;

/** Takes the lock as a waiting build does; resolves with its release, or rejects after `waitMs`. */
async function take(kind: Kind, file: string, waitMs: number): Promise<() => Promise<void>> {
  if (kind === 'clubsite') return (await acquireLock(file, 'dist', waitMs)).release;
  const lockfile = properLockfile();
  if (!lockfile) throw new Error('proper-lockfile is not installed');
  const retries = Math.ceil(waitMs / 50);
  return lockfile.lock(file, {
    stale: 2000,
    realpath: false,
    retries: { retries, factor: 1, minTimeout: 50, maxTimeout: 50 },
  });
}

async function afterKill(kind: Kind, file: string): Promise<number> {
  const holder = await holdLock(kind, file);
  const killed = performance.now();
  const gone = holder.kill();
  const release = await take(kind, file, 30_000);
  const elapsed = performance.now() - killed;
  await release();
  await gone;
  return elapsed;
}

async function takenFromBusy(kind: Kind, file: string): Promise<boolean> {
  const holder = await holdLock(kind, file, BUSY_MS);
  const taken = await Promise.race([
    take(kind, file, BUSY_MS * 2).then(async (release) => {
      await release();
      return true;
    }),
    holder.free.then(() => false),
  ]).catch(() => false);
  await holder.kill();
  // Still its lock: the next run's holder must not wait for it.
  if (!taken) await rm(file, { force: true });
  await holder.cleanUp();
  return taken;
}

export async function benchLock(args: string[]): Promise<void> {
  const at = args.indexOf('--runs');
  const runs = Number(at >= 0 ? args[at + 1] : 10);
  const kinds: Kind[] = ['clubsite'];
  if (properLockfile()) kinds.push('proper-lockfile');
  else console.log(`(proper-lockfile is not in ${properLockfileHome}: only clubsite's lock is measured)`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-lock-bench-'));
  const rows: Array<Array<string | number>> = [
    [
      'lock',
      'got it after the holder was killed (median)',
      'fastest',
      'slowest',
      `taken from a live holder busy ${BUSY_MS / 1000} s`,
    ],
  ];
  try {
    for (const kind of kinds) {
      const file = path.join(dir, `${kind}.lock`);
      const times: number[] = [];
      let taken = 0;
      for (let run = 0; run < runs; run += 1) times.push(await afterKill(kind, file));
      for (let run = 0; run < runs; run += 1) if (await takenFromBusy(kind, file)) taken += 1;
      rows.push([kind, ms(median(times)), ms(Math.min(...times)), ms(Math.max(...times)), `${taken} of ${runs}`]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  printTable(rows);
}
