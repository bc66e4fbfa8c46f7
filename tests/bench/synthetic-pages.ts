/**
 * Synthetic Markdown pages for the scale benchmark and the large-site tests: deterministic (a
 * seeded generator, so every run writes the same bytes), about 600 words each, with front matter,
 * headings, lists, a table, a code block and links to other pages. The same files feed clubsite,
 * Hugo and Eleventy (see other-generators.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seeded } from '../support/synthetic-pages.ts';

/** The folder under content/pages/ (and the route prefix) the pages go in. */
export const SYNTHETIC_FOLDER = 'skala';

const WORDS = (
  'svømming trening basseng klubb stevne oppvarming teknikk crawl rygg bryst butterfly vending start ' +
  'sprint distanse trener svømmer foreldre dugnad sesong gruppe nivå økt landtrening tidtaker dommer ' +
  'medalje rekord garderobe badehette briller kurs vannet bølge bane tempo pust rytme kraft utholdenhet ' +
  'helg morgen kveld høst vinter vår sommer lag stafett mål plan øvelse skole glede trygghet fellesskap'
).split(' ');

export const syntheticName = (index: number) => `side-${String(index + 1).padStart(5, '0')}`;
export const syntheticRoute = (index: number) => `/${SYNTHETIC_FOLDER}/${syntheticName(index)}`;

/** Page `index` of `count`: the same text for the same arguments. */
export function syntheticPage(index: number, count: number): string {
  const next = seeded(index * 7919 + 17);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = (n: number) => {
    const text = words(n);
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 6 }, () => sentence(10 + Math.floor(next() * 6))).join(' ');
  const other = () => syntheticRoute(Math.floor(next() * count));
  const lines = [
    '---',
    `title: ${sentence(3).slice(0, -1)} ${index + 1}`,
    `description: ${sentence(10)}`,
    '---',
    '',
    paragraph(),
    '',
    `## ${sentence(3).slice(0, -1)}`,
    '',
    `${paragraph()} Les også [${words(2)}](${other()}) og [${words(2)}](${other()}).`,
    '',
    ...Array.from({ length: 4 }, () => `- ${sentence(6)}`),
    '',
    `### ${sentence(2).slice(0, -1)}`,
    '',
    paragraph(),
    '',
    '| Økt | Meter | Tid |',
    '| --- | ---: | ---: |',
    ...Array.from(
      { length: 4 },
      () => `| ${pick(WORDS)} | ${100 * Math.ceil(next() * 20)} | ${Math.ceil(next() * 59)} min |`,
    ),
    '',
    `## ${sentence(3).slice(0, -1)}`,
    '',
    paragraph(),
    '',
    '```',
    `økt: ${pick(WORDS)}`,
    `meter: ${100 * Math.ceil(next() * 40)}`,
    '```',
    '',
    ...Array.from({ length: 3 }, (_, item) => `${item + 1}. ${sentence(7)}`),
    '',
    `${paragraph()} Se [${words(2)}](${other()}).`,
    '',
    `## ${sentence(2).slice(0, -1)}`,
    '',
    paragraph(),
    '',
    paragraph(),
    '',
  ];
  return lines.join('\n');
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
