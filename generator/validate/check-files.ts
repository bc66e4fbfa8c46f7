import path from 'node:path';
import type { ImageRequirement, SiteDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedContent } from '../model/pages.ts';
import type { LoadedContent, YamlSource } from '../model/source.ts';
import { positionOf } from '../source-positions.ts';
import { imageSize } from '../image-size.ts';
import { fieldPath } from './describe-issue.ts';
import { say } from '../messages/say.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Every file in the documents folder is of an allowed kind and not too large to download. */
export function checkDocuments(loaded: LoadedContent, site: SiteDefinition, errors: ContentError[]): void {
  const documents = site.documents;
  if (!documents) return;
  for (const [file, bytes] of loaded.assets) {
    if (!file.startsWith(`${documents.folder}/`)) continue;
    const kind = path.extname(file).slice(1).toLowerCase();
    const at = `${loaded.folder}/${file}`;
    if (!documents.kinds.includes(kind)) {
      errors.push(
        new ContentError({
          code: 'document-kind',
          file: at,
          ...say('document-kind', {
            file: at,
            kind,
            kinds: documents.kinds,
            folder: `${loaded.folder}/${documents.folder}/`,
          }),
        }),
      );
    } else if (bytes.byteLength > documents.maxBytes) {
      errors.push(
        new ContentError({
          code: 'document-too-large',
          file: at,
          ...say('document-too-large', {
            file: at,
            size: megabytes(bytes.byteLength),
            limit: megabytes(documents.maxBytes),
          }),
        }),
      );
    }
  }
}

/** Images that data and front matter name with a required kind and size (a share image), checked against the file's real header. */
export function checkImages(
  site: SiteDefinition,
  content: ValidatedContent,
  loaded: LoadedContent,
  errors: ContentError[],
): void {
  const wanted: Array<{ requirement: ImageRequirement; source: YamlSource | undefined; file: string }> = [];
  for (const [name, definition] of Object.entries(site.collections)) {
    const value = content.data[name];
    if (value === undefined || !('file' in definition) || !definition.images) continue;
    const source = loaded.collections.get(name);
    for (const requirement of definition.images(value))
      wanted.push({ requirement, source, file: source?.file ?? definition.file });
  }
  for (const page of content.pages) {
    const images = site.templates[page.template]?.images;
    for (const requirement of images?.(page.data) ?? [])
      wanted.push({ requirement, source: page.frontMatter, file: page.source });
  }
  for (const { requirement, source, file } of wanted) {
    const bytes = loaded.assets.get(requirement.file);
    const sized = requirement.width !== undefined && requirement.height !== undefined;
    // A missing file a page shows is reported where the page uses it; one that data is about, here.
    if (!bytes && sized) continue;
    if (!bytes) {
      const where = source ? positionOf(source, requirement.path) : undefined;
      errors.push(
        new ContentError({
          code: 'missing-asset',
          file,
          ...where,
          field: fieldPath(requirement.path),
          message: `The file ${loaded.folder}/${requirement.file} does not exist.`,
          hint: `Check the spelling, or add the file under ${loaded.folder}/${requirement.file.slice(0, requirement.file.lastIndexOf('/') + 1)}.`,
        }),
      );
      continue;
    }
    const found = imageSize(bytes);
    if (
      found &&
      requirement.kinds.includes(found.kind) &&
      (!sized || (found.width === requirement.width && found.height === requirement.height))
    )
      continue;
    const where = source ? positionOf(source, requirement.path) : undefined;
    errors.push(
      new ContentError({
        code: 'wrong-image',
        file,
        ...where,
        field: fieldPath(requirement.path),
        ...say('wrong-image', {
          file: `${loaded.folder}/${requirement.file}`,
          kinds: [...requirement.kinds],
          width: requirement.width,
          height: requirement.height,
          found: found && { kind: found.kind, width: found.width, height: found.height },
        }),
      }),
    );
  }
}
