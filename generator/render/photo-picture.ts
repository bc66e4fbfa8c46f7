/**
 * The <picture> a page's Markdown gets for a processed photo (images/), its files recorded as
 * the page's to publish. A photo sharp could not read is reported where a page uses it, at that line.
 */
import type { TemplateDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { PageAssets } from './page-assets.ts';
import { pictureHtml } from './picture-html.ts';
import type { RenderEnvironment } from './render-environment.ts';
import { say } from '../messages/say.ts';

/** The Markdown hook of one page: markup for a photo, undefined for any other image. */
export function photoPicture(
  environment: RenderEnvironment,
  assets: PageAssets,
  template: TemplateDefinition,
  page: ValidatedPage,
  errors: ContentError[],
) {
  let first = true;
  const photos = environment.site.photos;
  return (file: string, alt: string, line: number): string | undefined => {
    const result = assets.photo(file);
    if (!result || !photos) return undefined;
    if (!result.ok) {
      errors.push(
        new ContentError({
          code: 'unreadable-image',
          file: page.source,
          line,
          ...say('unreadable-image', { file: `${environment.context.contentFolder}/${file}`, reason: result.reason }),
        }),
      );
      return '';
    }
    assets.publishPhoto(file);
    const html = pictureHtml(result.photo, alt, {
      widths: template.photos?.widths ?? photos.widths,
      sizes: template.photos?.sizes ?? photos.sizes,
      first,
      url: (variant) => `${environment.urls.base}${variant.output}`,
    });
    first = false;
    return html;
  };
}
