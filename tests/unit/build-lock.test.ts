/**
 * Builds into one folder take turns at a lock beside it (generator/publish/build-lock.ts), held
 * here by a process of its own as a build holds it: a live holder is waited for, even while
 * its thread is busy; the lock of a holder that was killed is taken at once (no waiting at
 * all: `waitMs` 0), also when another process now has the dead holder's number.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { acquireLock } from '../../generator/publish/build-lock.ts';
import { holdLock } from '../support/lock-holder-process.ts';

let dir: string;
let count = 0;
const lockFile = () => {
  count += 1;
  return path.join(dir, `.dist-${count}.clubsite-lock`);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-lock-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('a live holder is waited for, even while its thread is busy; then the later build stops and says why', async () => {
  const file = lockFile();
  const holder = await holdLock('clubsite', file, 60_000);
  try {
    await expect(acquireLock(file, 'dist', 500)).rejects.toThrow(
      new RegExp(`^Another build is writing dist/ \\(process ${holder.child.pid} holds `),
    );
  } finally {
    await holder.kill();
    await holder.cleanUp();
  }
});

test('the lock of a holder that was killed is taken at once', async () => {
  const file = lockFile();
  await (await holdLock('clubsite', file)).kill();
  const lock = await acquireLock(file, 'dist', 0);
  expect(await readFile(file, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
  await lock.release();
});

test("a dead holder's number, now another process's, is not mistaken for the holder", async () => {
  const file = lockFile();
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  try {
    // As a killed build left it: its number, its token, the socket it listened on (gone with it).
    await writeFile(file, `${other.pid} 0123456789ab ${path.join(os.tmpdir(), 'clubsite-lock-0123456789ab.sock')}\n`);
    const lock = await acquireLock(file, 'dist', 0);
    await lock.release();
  } finally {
    other.kill('SIGKILL');
  }
});

test('a released lock is taken by the next build at once', async () => {
  const file = lockFile();
  const first = await acquireLock(file, 'dist', 0);
  await first.release();
  const second = await acquireLock(file, 'dist', 0);
  await second.release();
  await expect(readFile(file, 'utf8')).rejects.toThrow();
});
