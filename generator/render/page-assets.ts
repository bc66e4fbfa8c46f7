/**
 * The files under the content folder one page shows (images, logos, documents), as it renders:
 * their public URLs, and the record of what it used, which the build publishes. Images are
 * published under assets/ with a content hash in the name; documents (the site's
 * `documents.folder`) keep their path and name, so a link to /files/innkalling-2026.pdf stays
 * the same when the file is replaced.
 */
import type { PhotoInfo } from '../model/photos.ts';
import type { Reads } from './reads.ts';
import type { RenderEnvironment } from './render-environment.ts';

export class PageAssets {
  /** What the page publishes: `file:<path>`, or `photo:<path>` for a processed photo's variants, in the order first used. */
  readonly used = new Set<string>();

  constructor(
    private readonly environment: RenderEnvironment,
    /** Where each file asked for is noted with what it is published as (a page shows a renamed image anew). */
    private readonly reads: Reads,
  ) {}

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

  /** A processed photo, noted with its variants' names (none: not a photo the site made). */
  photo(file: string): PhotoInfo | undefined {
    const photo = this.environment.photos.get(file);
    this.reads.note('f', file, photo && JSON.stringify(photo));
    return photo;
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
    const output = Object.hasOwn(assets, file) ? assets[file] : undefined;
    this.reads.note('a', file, output);
    return output;
  }
}
