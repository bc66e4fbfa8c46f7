import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { OutputError } from './output-error.ts';

/**
 * Builds into one folder take turns: a lock file beside the folder names the process that
 * holds it. A later build waits for its turn; a lock whose process is gone (killed mid-build)
 * is taken over. After `waitMs` the later build stops with «another build is writing …».
 */
export interface BuildLock {
  release: () => Promise<void>;
}

/** True while process `pid` runs (a zombie, killed but not yet reaped, counts as gone). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Locks this process holds now: a lock naming this process but none of these is a dead one's (pid reused). */
const heldHere = new Set<string>();
const holderOf = (text: string) => Number(text.split(' ', 1)[0]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function acquireLock(file: string, shown: string, waitMs = 60_000): Promise<BuildLock> {
  const mine = `${process.pid} ${randomBytes(6).toString('hex')}\n`;
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(mine);
      } catch (error) {
        // A full disk: the lock was made but could not say whose it is.
        await handle.close();
        await unlink(file).catch(() => undefined);
        throw error;
      }
      await handle.close();
      heldHere.add(mine);
      return { release: () => releaseLock(file, mine) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await readFile(file, 'utf8').catch(() => undefined);
    if (held === undefined) continue;
    const holder = holderOf(held);
    // A lock is written right after it is made: an empty one is a moment old, or its maker was killed.
    const abandoned =
      !held.endsWith('\n') && Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now()) > 2000;
    if (abandoned || (held.endsWith('\n') && (holder === process.pid ? !heldHere.has(held) : !processAlive(holder)))) {
      await takeOver(file, held);
      continue;
    }
    if (Date.now() - started > waitMs) {
      throw new OutputError(
        `Another build is writing ${shown.replace(/\/?$/, '/')} (process ${holder || 'unknown'} holds ${file}); wait for it to finish, or delete that file if no build is running.`,
        1,
      );
    }
    if (!told && Date.now() - started > 2000) {
      told = true;
      console.error(`Waiting for another build (process ${holder}) to finish writing ${shown}…`);
    }
    await sleep(50 + Math.random() * 50);
  }
}

/**
 * Removes a lock left by a process that is gone. It is moved aside first and checked: if
 * another build took it over in the meantime, its lock is put back.
 */
async function takeOver(file: string, stale: string): Promise<void> {
  const aside = `${file}-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, 'utf8').catch(() => stale);
  if (moved !== stale) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

async function releaseLock(file: string, mine: string): Promise<void> {
  heldHere.delete(mine);
  const held = await readFile(file, 'utf8').catch(() => undefined);
  if (held === mine) await unlink(file).catch(() => undefined);
}
