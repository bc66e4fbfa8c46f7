import path from 'node:path';
import { contentHash } from '../hash.ts';

/**
 * Files under content/ that pages use (images, logos, documents). Images are published under
 * assets/ with a content hash in the name; documents (the site's `documents.folder`) keep their
 * path and name, so a link to /files/innkalling-2026.pdf stays the same when the file is
 * replaced. Only files a page asks for are written.
 */
export class ContentAssets {
  readonly used = new Map<string, { output: string; bytes: Uint8Array }>();
  /** Told of every file a page asks for (the dev server's render cache records them per page). */
  onUse: ((file: string, asPhoto: boolean) => void) | undefined;

  constructor(
    private readonly files: ReadonlyMap<string, Uint8Array>,
    private readonly base: string,
    /** Files published under their own path, not content-hashed. */
    private readonly keepsName: (file: string) => boolean = () => false,
    /** Files published as what was made of them (a photo's sizes and formats) rather than as themselves. */
    private readonly derived: ReadonlyMap<string, ReadonlyArray<{ output: string; bytes: Uint8Array }>> = new Map(),
  ) {}

  /** The files under content/ some page published, as themselves or as a photo's variants. */
  usedFiles(): Set<string> {
    return new Set([...this.used.keys()].map((key) => key.split('#', 1)[0] ?? key));
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  /** 'images/logo.svg' → '/assets/logo-Ab12Cd34Ef.svg', 'files/a.pdf' → '/files/a.pdf', or undefined if there is no such file. */
  url(file: string): string | undefined {
    this.onUse?.(file, false);
    const known = this.used.get(file);
    if (known) return this.publicUrl(known.output);
    const bytes = this.files.get(file);
    if (!bytes) return undefined;
    const extension = path.extname(file);
    const output = this.keepsName(file)
      ? file
      : `assets/${path.basename(file, extension)}-${contentHash(bytes)}${extension}`;
    this.used.set(file, { output, bytes });
    return this.publicUrl(output);
  }

  /** True for the URL of a file published here (not a page). */
  publishes(url: string): boolean {
    let inOutput: string;
    try {
      inOutput = decodeURI(url.split(/[?#]/, 1)[0] ?? '').slice(this.base.length);
    } catch {
      return false;
    }
    return (
      url.startsWith(this.base) &&
      (inOutput.startsWith('assets/') || (this.keepsName(inOutput) && this.files.has(inOutput)))
    );
  }

  private publicUrl(output: string): string {
    return `${this.base}${encodeURI(output)}`;
  }

  /** Publishes a file a page shows: what was made of it if anything was, else the file itself. */
  publish(file: string): void {
    const outputs = this.derived.get(file);
    if (!outputs) return void this.url(file);
    this.onUse?.(file, true);
    for (const { output, bytes } of outputs) this.used.set(`${file}#${output}`, { output, bytes });
  }
}
