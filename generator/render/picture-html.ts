/**
 * The markup of a processed photo: a <picture> with AVIF and WebP sources at every width,
 * and an <img> in the original format as the fallback, with its width and height (no layout
 * shift) and `sizes`. The first photo of a page is likely the large one near the top: it is
 * fetched eagerly with high priority; every later one waits until it is near the viewport.
 */
import type { PhotoOptions } from '../images/photos.ts';
import type { Photo, PhotoVariant } from '../model/photos.ts';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function pictureHtml(
  photo: Photo,
  alt: string,
  options: PhotoOptions & { first: boolean; url: (variant: PhotoVariant) => string },
): string {
  const widths = options.widths.map((width) => Math.min(width, photo.width));
  const variants = photo.variants.filter((variant) => widths.includes(variant.width));
  const srcset = (format: PhotoVariant['format']) =>
    variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${options.url(variant)} ${variant.width}w`)
      .join(', ');
  const fallbacks = variants.filter((variant) => variant.format === photo.fallback);
  const largest = fallbacks.at(-1);
  if (!largest) throw new Error(`No ${photo.fallback} variant of a processed photo at widths ${widths.join(', ')}.`);
  const height = Math.round((photo.height * largest.width) / photo.width);
  const sizes = escapeAttribute(options.sizes);
  const loading = options.first ? ' fetchpriority="high"' : ' loading="lazy"';
  return [
    '<picture>',
    `<source type="image/avif" srcset="${srcset('avif')}" sizes="${sizes}">`,
    ...(photo.fallback === 'webp' ? [] : [`<source type="image/webp" srcset="${srcset('webp')}" sizes="${sizes}">`]),
    `<img src="${options.url(largest)}" srcset="${srcset(photo.fallback)}" sizes="${sizes}" width="${largest.width}" height="${height}" alt="${escapeAttribute(alt)}"${loading} decoding="async">`,
    '</picture>',
  ].join('');
}
