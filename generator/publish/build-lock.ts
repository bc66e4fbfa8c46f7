import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OutputError } from './output-error.ts';

/**
 * Builds into one folder take turns: a lock file beside the folder names the process that
 * holds it and a local socket the holder listens on while it does (a Unix socket in the
 * temporary folder; a named pipe on Windows). A later build waits for its turn and asks the
 * socket whether the holder is there: the system closes a process's sockets the moment it
 * dies, so the lock of a build that was killed is taken over at once, and a process that
 * took a dead holder's number (Windows hands pids out again within seconds) is never
 * mistaken for it. After `waitMs` the later build stops with «another build is writing …».
 *
 * Kept rather than proper-lockfile, which tells a dead holder from a live one by time: its
 * holder touches the lock every second or more, and a lock untouched for `stale` ms (2 s at
 * the least) is taken over. So a killed build's lock holds the next build back for 2 s or
 * more, where this one lets it go on at once (`npm run bench -- lock`, median of 10 on a
 * busy machine: 2,714 ms after the kill against 29 ms), and a holder whose thread is busy for
 * longer than `stale` (a large site renders on it for seconds) has its lock taken from it while
 * it still writes: 10 times of 10 when busy 3 s, against none here.
 */
interface BuildLock {
  release: () => Promise<void>;
}

/** True while process `pid` runs (for what a killed build left; a zombie counts as running). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where the holder of a lock listens: short, as a Unix socket's path holds about 100 bytes. */
const socketFor = (token: string) =>
  process.platform === 'win32'
    ? `\\\\?\\pipe\\clubsite-lock-${token}`
    : path.join(os.tmpdir(), `clubsite-lock-${token}.sock`);

/** Listens on a fresh socket for as long as the lock is held; undefined where none can be made. */
async function listenForLock(token: string): Promise<{ socket: string; server: Server } | undefined> {
  const socket = socketFor(token);
  const server = createServer((connection) => connection.destroy());
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(socket, () => resolve({ socket, server: server.unref() }));
  });
}

/** Whether something listens on the socket: a refused or missing one is a holder that is gone. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket);
    connection.once('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code !== 'ECONNREFUSED' && error.code !== 'ENOENT'),
    );
  });
}

/** Locks this process holds now without a socket: a lock naming this process but none of these is a dead one's (pid reused). */
const heldHere = new Set<string>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the holder of a lock (`pid token socket`, or `pid token` without one) is running. */
async function holderAlive(held: string): Promise<boolean> {
  const [pid = '', , ...rest] = held.trimEnd().split(' ');
  const socket = rest.join(' ');
  if (socket !== '' && socket !== '-') return answers(socket);
  const holder = Number(pid);
  return holder === process.pid ? heldHere.has(held) : processAlive(holder);
}

export async function acquireLock(file: string, shown: string, waitMs = 60_000): Promise<BuildLock> {
  const token = randomBytes(6).toString('hex');
  const listening = await listenForLock(token);
  const mine = `${process.pid} ${token} ${listening?.socket ?? '-'}\n`;
  const started = Date.now();
  let told = false;
  try {
    for (;;) {
      if (await create(file, mine)) {
        if (!listening) heldHere.add(mine);
        return { release: () => releaseLock(file, mine, listening?.server) };
      }
      const held = await readFile(file, 'utf8').catch(() => undefined);
      if (held === undefined) continue;
      const holder = Number(held.split(' ', 1)[0]);
      // A lock is written right after it is made: an empty one is a moment old, or its maker was killed.
      const abandoned =
        !held.endsWith('\n') && Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now()) > 2000;
      if (abandoned || (held.endsWith('\n') && !(await holderAlive(held)))) {
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
  } catch (error) {
    listening?.server.close();
    throw error;
  }
}

/** Makes the lock file with `mine` in it; false when there is one already. */
async function create(file: string, mine: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(mine);
  } catch (error) {
    // A full disk: the lock was made but could not say whose it is.
    await handle.close();
    await unlink(file).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return true;
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
  // The dead holder's socket file (a Unix socket outlives its process as a name).
  const socket = stale.trimEnd().split(' ').slice(2).join(' ');
  if (moved === stale && socket.startsWith(os.tmpdir()) && socket.endsWith('.sock'))
    await unlink(socket).catch(() => undefined);
}

async function releaseLock(file: string, mine: string, server: Server | undefined): Promise<void> {
  heldHere.delete(mine);
  const held = await readFile(file, 'utf8').catch(() => undefined);
  if (held === mine) await unlink(file).catch(() => undefined);
  server?.close();
}
