/**
 * The files under the content folder one page shows (images, logos, documents), as it renders:
 * their public URLs, and the record of what it used, which the build publishes. Images are
 * published under assets/ with a content hash in the name; documents (the site's
 * `documents.folder`) keep their path and name, so a link to /files/innkalling-2026.pdf stays
 * the same when the file is replaced.
 */
import type { RenderEnvironment } from './render-environment.ts';

export class PageAssets {
  /** What the page publishes: `file:<path>`, or `photo:<path>` for a processed photo's variants, in the order first used. */
  readonly used = new Set<string>();

  constructor(private readonly environment: RenderEnvironment) {}

  /** 'images/logo.svg' → '/assets/logo-Ab12Cd34Ef.svg', 'files/a.pdf' → '/files/a.pdf', or undefined if there is no such file. */
  url(file: string): string | undefined {
    const output = this.outputOf(file);
    if (output === undefined) return undefined;
    this.used.add(`file:${file}`);
    return `${this.environment.urls.base}${encodeURI(output)}`;
  }

  /** A processed photo the page shows: its variants are published, not the original. */
  publishPhoto(file: string): void {
    this.used.add(`photo:${file}`);
  }

  /** True for the URL of a file published here (not a page). */
  publishes(url: string): boolean {
    const { base } = this.environment.urls;
    let inOutput: string;
    try {
      inOutput = decodeURI(url.split(/[?#]/, 1)[0] ?? '').slice(base.length);
    } catch {
      return false;
    }
    return (
      url.startsWith(base) &&
      (inOutput.startsWith('assets/') ||
        (this.environment.keepsName(inOutput) && this.outputOf(inOutput) !== undefined))
    );
  }

  private outputOf(file: string): string | undefined {
    const { assets } = this.environment.context;
    return Object.hasOwn(assets, file) ? assets[file] : undefined;
  }
}
