/**
 * An `rm` started before it is needed. Starting a process from one that holds a large heap
 * keeps the build's thread 13 ms at 10,000 pages (the system copies the process's page tables
 * for the child, which drops them again as it starts `rm`), against a millisecond as a build
 * begins: the remover of the site a swap replaces (trash.ts) is started then, and waits for
 * the folder's name on its input. One not given a name ends when its input closes: when it is
 * let go, or at the latest when this process exits. It is a process group of its own, as the
 * background removal always was: a Ctrl-C that stops the build does not stop a removal.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const SCRIPT = 'IFS= read -r folder && [ -n "$folder" ] && exec rm -rf -- "$folder"';

export class StandbyRemover {
  #child: ChildProcess | undefined;

  constructor() {
    // Windows has neither: trash.ts removes with Node there.
    if (process.platform === 'win32') return;
    const child = spawn('/bin/sh', ['-c', SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    child.once('error', () => {
      if (this.#child === child) this.#child = undefined;
    });
    child.stdin?.on('error', () => undefined);
    // Neither the process nor its input keeps this one alive.
    child.unref();
    (child.stdin as { unref?: () => void } | null)?.unref?.();
    this.#child = child;
  }

  /**
   * Hands `folder` (absolute) to the remover: the process removing it (its exit code is rm's),
   * or undefined when there is none to take it, and it is to be removed otherwise.
   */
  take(folder: string): ChildProcess | undefined {
    const child = this.#child;
    this.#child = undefined;
    const waiting = child?.stdin && child.exitCode === null && child.signalCode === null;
    if (!child || !waiting || folder.includes('\n')) {
      child?.stdin?.end();
      return undefined;
    }
    child.stdin?.end(`${folder}\n`);
    return child;
  }

  /** Lets an unused remover end. */
  release(): void {
    this.#child?.stdin?.end();
    this.#child = undefined;
  }
}
