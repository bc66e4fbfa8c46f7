/**
 * The fresh folders this process is writing, and the swaps under way: a process interrupted
 * (Ctrl-C) removes what it was writing, but lets a swap end first.
 */
import { rmSync } from 'node:fs';
import type { BackgroundWriter } from './background-writer.ts';

/** Fresh folders being written by this process, with their writers: never a leftover, whatever their pid says. */
export const writing = new Map<string, BackgroundWriter | undefined>();
/** Swaps under way: between their two renames, the folder is briefly missing. */
export const swaps = { underWay: 0 };

/**
 * For a process about to exit (interrupted): removes every folder it is writing, so nothing
 * half-written stays beside an output folder. False while a swap is under way: let it end first.
 */
export function discardWriting(): boolean {
  if (swaps.underWay > 0) return false;
  for (const [folder, writer] of writing) {
    // Its writer stops at its next file; one under way may still land while the folder goes, so removing is tried again.
    void writer?.stop();
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    } catch {
      // What could not be removed now, the next build into this folder removes (removeLeftovers).
    }
  }
  writing.clear();
  return true;
}
