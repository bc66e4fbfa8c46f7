/**
 * Photos (JPEG, PNG, WebP under content/) made fit for the web at build time with sharp:
 * AVIF and WebP at the widths the site asks for, the original format as the fallback, turned
 * upright and with every bit of metadata (EXIF, GPS position included) left out. A phone's
 * 4000 px, 3 MB photo becomes a few files of tens of kilobytes.
 *
 * sharp is slow, and the nightly build sees the same photos every night, so each result is
 * kept on disk under the source's content hash and the options (photo-cache.ts). A build
 * whose photos are all in the cache does no sharp work at all: `photoWork` counts it.
 */
import path from 'node:path';
import { contentHash } from '../hash.ts';
import type { Photo as ModelPhoto, PhotoVariant as ModelVariant, PhotoResult } from '../model/photos.ts';
import { PhotoCache, type PhotoCacheOptions } from './photo-cache.ts';

export const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export interface PhotoOptions {
  /** Widths in CSS pixels; a photo narrower than one gets its own width instead. */
  widths: number[];
  /** The `sizes` attribute: how wide the photo shows at each viewport. */
  sizes: string;
}

/** A photo's variants as made, with their bytes. */
export type PhotoVariant = ModelVariant & { bytes: Uint8Array };
export type Photo = ModelPhoto<PhotoVariant>;
export type { PhotoResult };

/** sharp calls of this process, for tests and the build summary (the second build makes none). */
export const photoWork = { sharpCalls: 0 };

const QUALITY = { avif: 50, webp: 72, jpeg: 78 } as const;

/** Every photo under content/, by its path there. A file sharp cannot read is a result too: the page that uses it reports it at its line. */
export async function processPhotos(
  files: ReadonlyMap<string, Uint8Array>,
  options: PhotoOptions,
  cacheOptions: PhotoCacheOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<Map<string, PhotoResult>> {
  const cache = new PhotoCache(cacheOptions);
  const results = new Map<string, PhotoResult>();
  const photos = [...files].filter(([file]) => PHOTO_EXTENSIONS.test(file));
  // Two at a time: sharp uses threads of its own, and the machine may be small.
  for (let index = 0; index < photos.length; index += 2) {
    await Promise.all(
      photos.slice(index, index + 2).map(async ([file, bytes]) => {
        results.set(
          file,
          await processPhoto(file, bytes, options, cache).catch((error: unknown) => ({
            ok: false as const,
            reason: (error as Error).message,
          })),
        );
        onProgress?.(results.size, photos.length);
      }),
    );
  }
  return results;
}

async function processPhoto(
  file: string,
  bytes: Uint8Array,
  options: PhotoOptions,
  cache: PhotoCache,
): Promise<PhotoResult> {
  const source = contentHash(bytes, 20);
  const info = await cache
    .json(`${source}-info`, async () => {
      const sharp = await loadSharp();
      photoWork.sharpCalls++;
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? ''))
        throw new Error(`not a JPEG, PNG or WebP image (${meta.format ?? 'unknown format'})`);
      const upright = (meta.orientation ?? 1) >= 5;
      return {
        width: upright ? meta.height : meta.width,
        height: upright ? meta.width : meta.height,
        format: meta.format as Photo['fallback'],
      };
    })
    .catch((error: unknown) => {
      throw new Error(
        /unsupported image format|Input buffer|not a JPEG/i.test((error as Error).message)
          ? 'it is not a JPEG, PNG or WebP image sharp can read'
          : (error as Error).message,
      );
    });
  const widths = [...new Set(options.widths.map((width) => Math.min(width, info.width)))].sort((a, b) => a - b);
  const formats: PhotoVariant['format'][] = ['avif', 'webp', ...(info.format === 'webp' ? [] : [info.format])];
  const name = path.basename(file, path.extname(file));
  const variants: PhotoVariant[] = [];
  // Decoded, upright and scaled down to the largest width once, as raw pixels, only if some variant is not cached.
  let decoded: Promise<{ data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }> | undefined;
  const largest = async () => {
    const sharp = await loadSharp();
    photoWork.sharpCalls++;
    // rotate(): upright by the EXIF orientation. Raw pixels carry no EXIF, GPS or ICC text at all.
    return sharp(bytes)
      .rotate()
      .resize({ width: widths.at(-1), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  };
  for (const width of widths) {
    for (const format of formats) {
      const key = `${source}-${width}-${format}-${format === 'png' ? 'max' : QUALITY[format]}`;
      const out = await cache.bytes(key, async () => {
        const sharp = await loadSharp();
        decoded ??= largest();
        const { data, info: raw } = await decoded;
        photoWork.sharpCalls++;
        const image = sharp(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } }).resize({
          width,
          withoutEnlargement: true,
        });
        const encoded =
          format === 'avif'
            ? image.avif({ quality: QUALITY.avif, effort: 2 })
            : format === 'webp'
              ? image.webp({ quality: QUALITY.webp })
              : format === 'jpeg'
                ? image.jpeg({ quality: QUALITY.jpeg, mozjpeg: true })
                : image.png({ compressionLevel: 9, palette: true });
        return new Uint8Array(await encoded.toBuffer());
      });
      const extension = format === 'jpeg' ? 'jpg' : format;
      variants.push({ width, format, output: `assets/${name}-${width}w-${contentHash(out)}.${extension}`, bytes: out });
    }
  }
  return { ok: true, photo: { width: info.width, height: info.height, fallback: info.format, variants } };
}

type Sharp = typeof import('sharp').default;
let sharpModule: Sharp | undefined;

/** sharp is loaded only when a photo is not in the cache: a site without photos never loads it. */
async function loadSharp(): Promise<Sharp> {
  sharpModule ??= (await import('sharp')).default;
  return sharpModule;
}
