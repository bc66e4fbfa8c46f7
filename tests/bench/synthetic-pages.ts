/**
 * The scale benchmark's pages (and the large-site build tests'): the seeded pages of
 * tests/support/synthetic-pages.ts, about 600 words each with front matter, headings, lists, a
 * table, a code block and links to other pages, under content/pages/skala/. The same files
 * feed clubsite, Hugo and Eleventy (see other-generators.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { syntheticPage as supportPage, syntheticName } from '../support/synthetic-pages.ts';

export { syntheticName };

/** The folder under content/pages/ (and the route prefix) the pages go in. */
export const SYNTHETIC_FOLDER = 'skala';
/** The seed of the bench's pages: the same Markdown in every run. */
const SEED = 17;

export const syntheticRoute = (index: number) => `/${SYNTHETIC_FOLDER}/${syntheticName(index)}`;

/** Page `index` of `count`: the same text for the same arguments. */
export function syntheticPage(index: number, count: number): string {
  return supportPage(index, count, SEED, SYNTHETIC_FOLDER).markdown;
}

/** Writes `count` pages into `<dir>/<SYNTHETIC_FOLDER>/`, with `change` applied to page `index` where given. */
export async function writeSyntheticPages(
  dir: string,
  count: number,
  change: (index: number, text: string) => string = (_, text) => text,
): Promise<void> {
  const folder = path.join(dir, SYNTHETIC_FOLDER);
  await mkdir(folder, { recursive: true });
  const batch = 200;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
        const index = start + offset;
        return writeFile(path.join(folder, `${syntheticName(index)}.md`), change(index, syntheticPage(index, count)));
      }),
    );
  }
}
