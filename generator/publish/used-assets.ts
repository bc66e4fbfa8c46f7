/**
 * The files under the content folder that pages show, published once each: an image under its
 * hashed name, a document under its own path, a processed photo as its variants. What no page
 * uses is told as a warning, so that old files can be cleaned away; a file that an entry not
 * published yet names (a post scheduled for tonight, a draft) is not unused: it is waiting.
 */
import { ContentError } from '../errors.ts';
import type { PhotoResult } from '../images/photos.ts';
import type { OutputFile, PageConsumer } from '../model/pipeline.ts';
import { say } from '../messages/say.ts';

interface AssetFiles {
  /** The content folder as problems name it (LoadedContent.folder). */
  folder: string;
  /** The files by their path under the content folder. */
  files: ReadonlyMap<string, Uint8Array>;
  /** Each file's path in the output (render/render-context.ts assetOutputs). */
  outputs: Readonly<Record<string, string>>;
  photos?: ReadonlyMap<string, PhotoResult>;
  /** The texts of the entries not published at the build's clock (scheduled, drafts): what they name is not unused. */
  waiting?: readonly string[];
}

export class UsedAssets implements PageConsumer {
  /** `file:<path>` or `photo:<path>`, each once. */
  readonly used = new Set<string>();

  constructor(private readonly assets: AssetFiles) {}

  take(batch: UsingBatch): void {
    for (const use of usesOf(batch)) this.used.add(use);
  }

  *files(): Iterable<OutputFile> {
    const { files, outputs, photos } = this.assets;
    for (const use of this.used) {
      const file = use.slice(use.indexOf(':') + 1);
      const photo = use.startsWith('photo:') ? photos?.get(file) : undefined;
      if (photo?.ok) for (const variant of photo.photo.variants) yield [variant.output, variant.bytes];
      else {
        const bytes = files.get(file);
        const output = outputs[file];
        if (bytes && output !== undefined) yield [output, bytes];
      }
    }
  }

  /** The files under the content folder (in folders) that no page uses. */
  unused(): ContentError[] {
    const used = new Set([...this.used].map((use) => use.slice(use.indexOf(':') + 1)));
    const waiting = this.assets.waiting ?? [];
    const named = (file: string) => waiting.some((text) => text.includes(file) || text.includes(encodeURI(file)));
    return [...this.assets.files.keys()]
      .filter((file) => file.includes('/') && !used.has(file) && !named(file))
      .map(
        (file) =>
          new ContentError({
            code: 'unused-file',
            file: `${this.assets.folder}/${file}`,
            ...say('unused-file', { file: `${this.assets.folder}/${file}` }),
          }),
      );
  }
}

type UsingBatch = { pages: ReadonlyArray<{ assets: readonly string[] }> };

/**
 * Each batch's uses, each once, in the order first used: a dev save hands on most of its
 * batches as they were (pipeline/reused-pages.ts), and their 10,000 pages are not gone through again.
 */
const batchUses = new WeakMap<UsingBatch, string[]>();

function usesOf(batch: UsingBatch): string[] {
  let uses = batchUses.get(batch);
  if (uses === undefined) {
    const once = new Set<string>();
    for (const page of batch.pages) for (const use of page.assets) once.add(use);
    uses = [...once];
    batchUses.set(batch, uses);
  }
  return uses;
}
