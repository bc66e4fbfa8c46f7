/**
 * Photos between the pipeline and the pages: which photos a site has processed (a build
 * stage, before rendering, since sharp works asynchronously and rendering does not), and the
 * <picture> a page's Markdown gets for one, its files added to the output. A photo sharp could
 * not read is reported where a page uses it, at that line.
 */
import type { SiteDefinition, TemplateDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedPage } from '../validate/validate-content.ts';
import { allWidths, pictureHtml } from './picture-html.ts';
import { processPhotos, type PhotoResult, type PhotoVariant } from './photos.ts';
import type { RenderInput } from './render-pages.ts';

/** Every photo under content/, processed, when the site asks for photos; else none (they are copied as they are). */
export async function photosOf(
  site: SiteDefinition,
  files: ReadonlyMap<string, Uint8Array>,
  cacheDir: string,
  onProgress?: (stage: string, done: number, total: number) => void,
): Promise<Map<string, PhotoResult> | undefined> {
  if (!site.photos) return undefined;
  const widths = allWidths([site.photos, ...Object.values(site.templates).map((template) => template.photos)]);
  return processPhotos(files, { widths, sizes: site.photos.sizes }, cacheDir, (done, total) =>
    onProgress?.('images', done, total),
  );
}

/** Each processed photo's files: a page that shows the photo publishes these, not the original. */
export function photoOutputs(photos: ReadonlyMap<string, PhotoResult> | undefined): Map<string, PhotoVariant[]> {
  return new Map(
    [...(photos ?? [])].flatMap(
      ([file, result]): Array<[string, PhotoVariant[]]> => (result.ok ? [[file, result.photo.variants]] : []),
    ),
  );
}

/** The Markdown hook of one page: markup for a photo, undefined for any other image. */
export function photoPicture(
  input: RenderInput,
  template: TemplateDefinition,
  page: ValidatedPage,
  errors: ContentError[],
) {
  let first = true;
  return (file: string, alt: string, line: number): string | undefined => {
    const result = input.photos?.get(file);
    if (!result || !input.site.photos) return undefined;
    if (!result.ok) {
      errors.push(
        new ContentError({
          code: 'unreadable-image',
          file: page.source,
          line,
          message: `content/${file} cannot be used: ${result.reason}.`,
          hint: 'Save the photo again as JPEG (.jpg), PNG or WebP, for example by exporting it from your phone or an image program, and copy the whole file.',
        }),
      );
      return '';
    }
    input.assets.publish(file);
    const options = {
      widths: template.photos?.widths ?? input.site.photos.widths,
      sizes: template.photos?.sizes ?? input.site.photos.sizes,
    };
    const html = pictureHtml(result.photo, alt, {
      ...options,
      first,
      url: (variant) => `${input.urls.base}${variant.output}`,
    });
    first = false;
    return html;
  };
}
