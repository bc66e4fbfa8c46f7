/**
 * The output kept in memory (dev, tests): every file by its path, and every page as rendered.
 * Nothing is written to disk. Made with `keep: false` (`check`), it keeps nothing and only
 * counts the output's size.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { KeptLink, Publisher } from '../model/pipeline.ts';
import { isRendered, isWhole, type PageRecord, type RenderedPage } from '../model/rendered.ts';
import { count, type OutputSizes, sizesOf } from './output-sizes.ts';

export class MemoryPublisher implements Publisher {
  readonly output = new Map<string, string | Uint8Array>();
  /** The rendered pages, unless made to let them go (`check`). */
  readonly pages: RenderedPage[] = [];

  readonly #keep: boolean;
  /** What was let go, counted (keep: false). */
  readonly #counted = { html: 0, js: 0, css: 0 };

  constructor(options: { keep?: boolean } = {}) {
    this.#keep = options.keep ?? true;
  }

  page(page: PageRecord): void {
    if (!this.#keep) this.#counted.html += page.bytes;
    else if (isWhole(page)) {
      this.output.set(page.file, page.html);
      if (page.keepAt !== undefined) keepText(page.keepAt, page.html);
      if (isRendered(page)) this.pages.push(page);
    }
  }

  write(file: string, data: string | Uint8Array, keepAt?: string): void {
    if (keepAt !== undefined) keepText(keepAt, data);
    if (this.#keep) this.output.set(file, data);
    else count(this.#counted, file, data);
  }

  /** Kept copies, as text; one gone or whose bytes are not its digest's is made again, and kept anew in its place. */
  linkAll(links: ReadonlyArray<KeptLink>, remake: (file: string) => string): void {
    for (const [from, file, digest] of links) {
      const text = wholeText(from, digest);
      if (text !== undefined) {
        this.write(file, text);
        continue;
      }
      const made = remake(file);
      rmSync(from, { force: true });
      this.write(file, made, from);
    }
  }

  move(from: string, to: string): void {
    for (const [file, data] of [...this.output]) {
      if (!file.startsWith(`${from}/`)) continue;
      this.output.delete(file);
      this.output.set(`${to}/${file.slice(from.length + 1)}`, data);
    }
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  fail(error: unknown): void {
    throw error;
  }

  /**
   * The files by path, sorted. The paths are sorted as strings with no comparator (the same
   * order as `<`, by UTF-16 code units), not as entries with one, and not at all when they are
   * the paths last sorted: at 10,000 pages, either is felt on every dev save.
   */
  files(): Map<string, string | Uint8Array> {
    const { output } = this;
    // The paths a dev save writes are most often those of the save before: they are sorted already.
    let paths = lastSorted;
    if (paths.length !== output.size || !paths.every((file) => output.has(file))) {
      paths = [...output.keys()].sort();
      lastSorted = paths;
    }
    const sorted = new Map<string, string | Uint8Array>();
    for (const file of paths) sorted.set(file, output.get(file) as string | Uint8Array);
    return sorted;
  }

  /** Measured when asked for: the dev server, rebuilding on every save, never asks. */
  sizes(): OutputSizes {
    return this.#keep ? sizesOf(this.output) : this.#counted;
  }
}

/** The paths last sorted (unique): the same paths, as many, are the same sorted list. */
let lastSorted: string[] = [];

/** A page cache's copy of a page kept in memory: written, since there is no file to link. */
/** A kept copy's text, when it is there with its size. */
function wholeText(file: string, digest: string): string | undefined {
  try {
    const bytes = readFileSync(file);
    return createHash('sha256').update(bytes).digest('base64url') === digest ? bytes.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

function keepText(at: string, html: string | Uint8Array): void {
  try {
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, html);
  } catch {
    // The cache only loses this page: the next build renders it again.
  }
}
