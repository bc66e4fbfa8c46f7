/**
 * Synthetic Markdown pages for scale tests and benchmarks (the search's, and the scale bench's
 * through tests/bench/synthetic-pages.ts), the same for the same seed: about 600 words each of
 * Norwegian-looking text (a lexicon of a few thousand words drawn with a Zipf-like bias, as
 * real text is), with front matter, sections, lists, a table, a code block and links between
 * the pages. Each page also holds two words of its own (a name, a place), one of them in the
 * middle of its text, as real pages hold rare words.
 */
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const SYLLABLES = (
  'ba be bi bo bu da de di do du fa fe fi fo ga ge gi go ha he hi ho hu ja je jo ka ke ki ko ku la le li lo lu ' +
  'ma me mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo sk st sv ' +
  'kr br fr gr tr ø å æ øy ei au ar er ir or ur an en in on el il ol al ek ik ok ag eg ig og'
).split(' ');
const ENDINGS = ['', '', 'en', 'et', 'er', 'ene', 'ing', 'ning', 'lig', 'het', 'sk', 'e', 'a'];
const LEXICON_SIZE = 4000;

/** A small, fast, seeded random number generator (mulberry32): [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wordFrom(random: () => number, syllables: number): string {
  let word = '';
  for (let at = 0; at < syllables; at += 1) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)] ?? '';
  return word + (ENDINGS[Math.floor(random() * ENDINGS.length)] ?? '');
}

function lexicon(seed: number): string[] {
  const random = seeded(seed);
  const words = new Set<string>();
  while (words.size < LEXICON_SIZE) words.add(wordFrom(random, 1 + Math.floor(random() * 3)));
  return [...words];
}

export interface SyntheticPage {
  /** Path under content/pages. */
  file: string;
  route: string;
  title: string;
  /** A word of this page only, in the middle of its text. */
  middleWord: string;
  markdown: string;
}

const lexicons = new Map<number, string[]>();
const lexiconOf = (seed: number) => {
  let words = lexicons.get(seed);
  if (!words) {
    words = lexicon(seed);
    lexicons.set(seed, words);
  }
  return words;
};

/** The file name (without .md) of page `page`: side-00001, side-00002, … */
export const syntheticName = (page: number) => `side-${String(page + 1).padStart(5, '0')}`;

/**
 * Page `page` of `count` under content/pages/<folder>/: the same text for the same arguments,
 * whatever other pages are made (each page draws from its own seeded stream). Front matter,
 * `##` and `###` sections, a bulleted and a numbered list, a table with a number column, a
 * code block and links to other pages of the set: what Hugo and Eleventy build as well.
 */
export function syntheticPage(page: number, count: number, seed = 1, folder = 'arkiv'): SyntheticPage {
  const words = lexiconOf(seed);
  const random = seeded(Math.imul(seed, 7919) + Math.imul(page + 1, 104_729));
  // Zipf-like: a few words very often, most words seldom.
  const common = () => words[Math.floor(words.length ** random()) - 1] ?? 'og';
  const sentence = (length: number) => {
    const text = Array.from({ length }, common).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const phrase = (length: number) => sentence(length).slice(0, -1);
  const paragraph = (sentences: number) =>
    Array.from({ length: sentences }, () => sentence(6 + Math.floor(random() * 10))).join(' ');
  const link = () => `[${common()} ${common()}](/${folder}/${syntheticName(Math.floor(random() * count))})`;
  const own = `${wordFrom(random, 3)}${page.toString(36)}`;
  const middleWord = `${wordFrom(random, 3)}${(page * 7 + 3).toString(36)}`;
  const title = `${phrase(3)} ${page + 1}`;
  const markdown = [
    '---',
    `title: ${title}`,
    `description: ${sentence(10)}`,
    '---',
    '',
    `${paragraph(6)} ${own[0]?.toUpperCase()}${own.slice(1)} ${sentence(5)} Se også ${link()}.`,
    '',
    `## ${phrase(3)}`,
    '',
    paragraph(8),
    '',
    Array.from({ length: 4 }, () => `- ${sentence(4)}`).join('\n'),
    '',
    `### ${phrase(2)}`,
    '',
    paragraph(6),
    '',
    `## ${phrase(2)}`,
    '',
    `${paragraph(5)} ${phrase(4)} ${middleWord} ${sentence(5).charAt(0).toLowerCase()}${sentence(5).slice(1)} ${paragraph(5)}`,
    '',
    `| ${phrase(1)} | Meter | ${phrase(1)} |`,
    '| --- | ---: | --- |',
    ...Array.from({ length: 4 }, () => `| ${common()} | ${100 * Math.ceil(random() * 20)} | ${common()} |`),
    '',
    '```',
    `${common()} = ${Math.floor(random() * 100)}`,
    '```',
    '',
    ...Array.from({ length: 3 }, (_, item) => `${item + 1}. ${sentence(7)}`),
    '',
    `## ${phrase(3)}`,
    '',
    `${paragraph(8)} Les mer i ${link()} og ${link()}.`,
    '',
  ].join('\n');
  const name = syntheticName(page);
  return { file: `${folder}/${name}.md`, route: `/${folder}/${name}`, title, middleWord, markdown };
}

/** `count` pages under content/pages/<folder>/, deterministic for a seed. */
export function syntheticPages(count: number, seed = 1, folder = 'arkiv'): SyntheticPage[] {
  return Array.from({ length: count }, (_, page) => syntheticPage(page, count, seed, folder));
}

/**
 * A copy of a content folder with `count` synthetic pages added, in a temporary folder: build
 * it with `contentDir`. Returns the folder and the pages; the caller removes the folder.
 */
export async function contentWithSyntheticPages(
  contentDir: string,
  count: number,
  seed = 1,
): Promise<{ dir: string; pages: SyntheticPage[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-synthetic-'));
  await cp(contentDir, dir, { recursive: true });
  const pages = syntheticPages(count, seed);
  await mkdir(path.join(dir, 'pages', 'arkiv'), { recursive: true });
  await Promise.all(pages.map((page) => writeFile(path.join(dir, 'pages', page.file), page.markdown)));
  return { dir, pages };
}
