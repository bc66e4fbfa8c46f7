/**
 * The images stage: every photo under the content folder made into the sizes and formats
 * pages show, before rendering (sharp works asynchronously; rendering does not). A photo sharp
 * could not read is a result too: the page that shows it tells, at its line.
 */
import type { SiteDefinition } from '../contract/index.ts';
import type { PhotoInfo } from '../model/photos.ts';
import type { PhotoCacheOptions } from './photo-cache.ts';
import { type PhotoOptions, type PhotoResult, processPhotos } from './photos.ts';

/** Every photo processed, when the site asks for photos; else none (they are copied as they are). */
export async function photosOf(
  site: SiteDefinition,
  files: ReadonlyMap<string, Uint8Array>,
  cache: PhotoCacheOptions,
  onProgress?: (stage: string, done: number, total: number) => void,
): Promise<Map<string, PhotoResult> | undefined> {
  if (!site.photos) return undefined;
  const widths = allWidths([site.photos, ...Object.values(site.templates).map((template) => template.photos)]);
  return processPhotos(files, { widths, sizes: site.photos.sizes }, cache, (done, total) =>
    onProgress?.('images', done, total),
  );
}

/** Widths from the site's and the templates' photo options together: every photo is made once at all of them. */
export function allWidths(options: Array<Partial<PhotoOptions> | undefined>): number[] {
  return [...new Set(options.flatMap((option) => option?.widths ?? []))].sort((a, b) => a - b);
}

/** What a render needs of each photo: its variants' names and sizes, not their bytes. */
export function photoInfos(photos: ReadonlyMap<string, PhotoResult>): Record<string, PhotoInfo> {
  const infos: Record<string, PhotoInfo> = {};
  for (const [file, result] of photos) {
    infos[file] = result.ok
      ? {
          ok: true,
          photo: {
            ...result.photo,
            variants: result.photo.variants.map(({ width, format, output }) => ({ width, format, output })),
          },
        }
      : result;
  }
  return infos;
}
