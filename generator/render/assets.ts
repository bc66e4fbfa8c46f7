import path from 'node:path';
import { contentHash } from '../hash.ts';

/**
 * Files under content/ that pages use (images, logos), published under assets/ with a content
 * hash in the name. Only files a page asks for are written.
 */
export class ContentAssets {
  readonly used = new Map<string, { output: string; bytes: Uint8Array }>();
  /** Told of every file a page asks for (the dev server's render cache records them per page). */
  onUse: ((file: string) => void) | undefined;

  constructor(
    private readonly files: ReadonlyMap<string, Uint8Array>,
    private readonly base: string,
    /** Files published as what was made of them (a photo's sizes and formats) rather than as themselves. */
    private readonly derived: ReadonlyMap<string, ReadonlyArray<{ output: string; bytes: Uint8Array }>> = new Map(),
  ) {}

  has(file: string): boolean {
    return this.files.has(file);
  }

  /** 'images/logo.svg' → '/assets/logo-Ab12Cd34Ef.svg', or undefined if there is no such file. */
  url(file: string): string | undefined {
    this.onUse?.(file);
    const known = this.used.get(file);
    if (known) return `${this.base}${known.output}`;
    const bytes = this.files.get(file);
    if (!bytes) return undefined;
    const extension = path.extname(file);
    const output = `assets/${path.basename(file, extension)}-${contentHash(bytes)}${extension}`;
    this.used.set(file, { output, bytes });
    return `${this.base}${output}`;
  }

  /** Publishes a file a page shows: what was made of it if anything was, else the file itself. */
  publish(file: string): void {
    const outputs = this.derived.get(file);
    if (!outputs) return void this.url(file);
    this.onUse?.(file);
    for (const { output, bytes } of outputs) this.used.set(`${file}#${output}`, { output, bytes });
  }
}
