/**
 * Kept copies (a search index's parts) the writer linked without a look first: those it found
 * gone or not of their size are left out of the output, and made again here once it is done,
 * where the folders they were linked into have been renamed to, and kept again in their place.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What makes a kept copy's file again, and where the copy is kept. */
interface Remake {
  from: string;
  remake: (file: string) => string;
}

export class RemadeCopies {
  readonly #remakes = new Map<string, Remake>();
  readonly #moves: Array<[from: string, to: string]> = [];

  /** A copy linked at `file` (relative to the output folder) from `from`, and what makes it again. */
  linked(file: string, from: string, remake: (file: string) => string): void {
    this.#remakes.set(file, { from, remake });
  }

  /** A folder renamed after the copies in it were linked. */
  moved(from: string, to: string): void {
    this.#moves.push([from, to]);
  }

  /** Makes again each of `missing` under `folder`, where it is now; throws what writing one threw. */
  remake(folder: string, missing: readonly string[]): void {
    for (const file of missing) {
      const made = this.#remakes.get(file);
      if (!made) continue;
      let now = file;
      for (const [from, to] of this.#moves) if (now.startsWith(`${from}/`)) now = `${to}/${now.slice(from.length + 1)}`;
      const at = path.join(folder, now);
      // An output updated in place may have swept its folder away, left empty.
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, made.remake(file));
      keptAgain(at, made.from);
    }
    this.#remakes.clear();
  }
}

/**
 * The copy made anew as the kept one: the one not whole is another name of a file an older
 * output may still show, so it is replaced, not written over. Never a reason to fail: the next
 * build makes the part again.
 */
function keptAgain(file: string, at: string): void {
  try {
    rmSync(at, { force: true });
    // A copy, never a link: an edit of the output must not reach the cache.
    copyFileSync(file, at);
  } catch {}
}
