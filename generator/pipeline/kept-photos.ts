/**
 * A dev session's photos, kept from one save to the next. A photo's result is a pure function
 * of its bytes and the photo options (images/photos.ts), so a photo whose bytes and options are
 * as they were is not looked up again: without this, every save hashed each photo and read each
 * of its variants back from the disk cache (about 9 ms a save on the club site's two photos).
 * Only results that were made are kept: a photo sharp could not read is tried again, in case
 * what failed was the disk, not the file.
 */
import type { SiteDefinition } from '../contract/index.ts';
import { allWidths } from '../images/images.ts';
import type { PhotoCacheOptions } from '../images/photo-cache.ts';
import { PHOTO_EXTENSIONS, type PhotoResult, processPhotos } from '../images/photos.ts';

type Photos = Map<string, PhotoResult>;

export class KeptPhotos {
  /** The options the kept results were made with. */
  #options = '';
  #kept = new Map<string, { bytes: Uint8Array; result: PhotoResult }>();
  /** The last map handed out: handed out again while every result in it is the same. */
  #last: Photos | undefined;

  /** What photosOf (images/images.ts) gives for these files, made only for photos not kept. */
  async of(
    site: SiteDefinition,
    files: ReadonlyMap<string, Uint8Array>,
    cache: PhotoCacheOptions,
    onProgress?: (stage: string, done: number, total: number) => void,
  ): Promise<Photos | undefined> {
    if (!site.photos) return undefined;
    const options = {
      widths: allWidths([site.photos, ...Object.values(site.templates).map((template) => template.photos)]),
      sizes: site.photos.sizes,
    };
    const key = JSON.stringify(options);
    if (key !== this.#options) {
      this.#kept = new Map();
      this.#last = undefined;
      this.#options = key;
    }
    const photos = [...files].filter(([file]) => PHOTO_EXTENSIONS.test(file));
    const todo = new Map(photos.filter(([file, bytes]) => !this.#keeps(file, bytes)));
    const made =
      todo.size > 0
        ? await processPhotos(todo, options, cache, (done, total) => onProgress?.('images', done, total))
        : new Map<string, PhotoResult>();
    const results: Photos = new Map();
    const kept = new Map<string, { bytes: Uint8Array; result: PhotoResult }>();
    for (const [file, bytes] of photos) {
      const result = made.get(file) ?? this.#kept.get(file)?.result;
      if (!result) throw new Error(`No photo result for ${file}.`);
      results.set(file, result);
      if (result.ok) kept.set(file, { bytes, result });
    }
    this.#kept = kept;
    // The same results as last time: the same map, so that what pages read of the photos is known to be the same.
    if (todo.size === 0 && this.#last?.size === results.size) return this.#last;
    this.#last = results;
    return results;
  }

  /** Whether the photo's kept result holds for these bytes. */
  #keeps(file: string, bytes: Uint8Array): boolean {
    const kept = this.#kept.get(file)?.bytes;
    return kept !== undefined && viewOf(kept).equals(viewOf(bytes));
  }
}

/** The bytes as a Buffer, not copied. */
const viewOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
