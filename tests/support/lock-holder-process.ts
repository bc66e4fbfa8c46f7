import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, unlink } from 'node:fs/promises';
import { projectRoot } from './site-build.ts';

export interface LockHolder {
  child: ChildProcess;
  /** Resolves when the holder's busy time is over. */
  free: Promise<void>;
  /** Kills the holder (SIGKILL, as a build stopped mid-swap) and resolves once it is gone. */
  kill: () => Promise<void>;
  /** Removes the socket file a killed holder of clubsite's lock leaves in the temporary folder. */
  cleanUp: () => Promise<void>;
}

/** Starts a process that takes the lock `file` (lock-holder.ts) and resolves once it holds it. */
export function holdLock(kind: 'clubsite' | 'proper-lockfile', file: string, busyMs = 0): Promise<LockHolder> {
  const child = spawn(process.execPath, ['bin/run-ts.js', 'tests/support/lock-holder.ts', kind, file, String(busyMs)], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  let freed: () => void = () => {};
  const free = new Promise<void>((resolve) => (freed = resolve));
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`the ${kind} lock holder exited with ${code}`));
    child.once('exit', failed);
    child.stdout?.on('data', async (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('free\n')) freed();
      if (!said.includes('held\n')) return;
      child.off('exit', failed);
      const held = kind === 'clubsite' ? await readFile(file, 'utf8') : '';
      const socket = held.trimEnd().split(' ').slice(2).join(' ');
      resolve({
        child,
        free,
        kill: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await gone;
        },
        cleanUp: async () => {
          if (socket.endsWith('.sock')) await unlink(socket).catch(() => undefined);
        },
      });
    });
  });
}
