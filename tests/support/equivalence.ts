/**
 * Incremental equals cold, byte for byte: a seeded sequence of edits applied to a copy of a site
 * (pages and posts edited, added, deleted and renamed; a collection edited; a template, a
 * stylesheet and a browser script changed; the clock moved across a minute, midnight, a month,
 * a season and a year; a draft published; a post written ahead reaching its time), and after
 * each one a build with the page cache compared with a cold build of the same state, every file.
 * `npm run equivalence` runs hundreds of edits; tests/build/incremental-equivalence.test.ts a slice.
 */
import { readdir, readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../generator/pipeline/build.ts';
import { BuildFailed, formatError } from '../../generator/errors.ts';
import { differences } from './output-tree.ts';
import { openOutput } from '../../generator/publish/write-output.ts';
import { seeded } from './synthetic-pages.ts';

export interface Step {
  /** What the edit did, for the report. */
  did: string;
  /** Pages the incremental build rendered and reused (undefined: the build failed, as the cold one did). */
  rendered?: number;
  reused?: number;
  /** Files that differ between the two builds (none: equal). */
  differences: string[];
}

export interface State {
  now: number;
  added: string[];
  posts: string[];
  drafts: string[];
  count: number;
}

export type Edit = (site: string, state: State, random: () => number) => Promise<string>;

const pick = <T>(items: readonly T[], random: () => number): T | undefined =>
  items[Math.floor(random() * items.length)];
const day = 24 * 60 * 60_000;
const iso = (at: number) => new Date(at).toISOString().slice(0, 16).concat('Z');
/** An Oslo wall-clock date and time for a post, from an instant (close enough: winter or summer time shifts an hour). */
const osloDate = (at: number) => new Date(at + 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

async function change(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.md')).sort();
}

const words = ['svømming', 'trening', 'dugnad', 'kurs', 'basseng', 'stevne', 'klubb', 'vann', 'sommer', 'vinter'];
const sentence = (random: () => number) =>
  `${Array.from({ length: 6 }, () => pick(words, random)).join(' ')} ${Math.floor(random() * 1000)}.`;

/** The edits, each a few lines: what a volunteer, a maintainer or the clock does to a site. */
export const EDITS: Array<[weight: number, edit: Edit]> = [
  [
    6,
    async (site, _, random) => {
      const file = pick(await markdownFiles(path.join(site, 'content/pages')), random);
      if (!file) return 'nothing';
      await change(path.join(site, 'content/pages', file), (text) => `${text}\n${sentence(random)}\n`);
      return `a paragraph added to pages/${file}`;
    },
  ],
  [
    2,
    async (site, _, random) => {
      const file = pick(await markdownFiles(path.join(site, 'content/pages')), random);
      if (!file) return 'nothing';
      await change(path.join(site, 'content/pages', file), (text) =>
        text.replace(/^title: (.*)$/m, (_, title) => `title: ${title} ${Math.floor(random() * 9)}`),
      );
      return `the title of pages/${file} changed`;
    },
  ],
  [
    3,
    async (site, state, random) => {
      state.count += 1;
      const name = `tillegg/side-${state.count}.md`;
      await mkdir(path.join(site, 'content/pages/tillegg'), { recursive: true });
      await writeFile(
        path.join(site, 'content/pages', name),
        `---\ntitle: Side ${state.count}\ndescription: ${sentence(random)}\n---\n\n${sentence(random)}\n`,
      );
      state.added.push(name);
      return `pages/${name} added`;
    },
  ],
  [
    2,
    async (site, state, random) => {
      const name = pick(state.added, random);
      if (!name) return 'nothing';
      state.added = state.added.filter((added) => added !== name);
      await rm(path.join(site, 'content/pages', name));
      return `pages/${name} deleted`;
    },
  ],
  [
    1,
    async (site, state, random) => {
      const name = pick(state.added, random);
      if (!name) return 'nothing';
      state.count += 1;
      const to = `tillegg/flyttet-${state.count}.md`;
      await rename(path.join(site, 'content/pages', name), path.join(site, 'content/pages', to));
      state.added = state.added.map((added) => (added === name ? to : added));
      return `pages/${name} renamed ${to}`;
    },
  ],
  [
    4,
    async (site, state, random) => {
      state.count += 1;
      // A post dated up to three days either side of the clock, at an odd minute: some are written ahead.
      const at = state.now + Math.floor(((random() - 0.5) * 6 * day) / 60_000) * 60_000;
      const date = osloDate(at);
      const draft = random() < 0.2;
      const name = `${date.slice(0, 10)}-nyhet-${state.count}.md`;
      const tag = pick(['dugnad', 'svømmekurs', 'stevne'], random);
      await writeFile(
        path.join(site, 'content/nyheter', name),
        `---\ntitle: Nyhet ${state.count}\ndescription: ${sentence(random)}\ndate: ${date}\ntags: [${tag}]\n${draft ? 'draft: true\n' : ''}---\n\n${sentence(random)}\n`,
      );
      (draft ? state.drafts : state.posts).push(name);
      return `nyheter/${name} added${draft ? ' as a draft' : ''} (dated ${date})`;
    },
  ],
  [
    1,
    async (site, state, random) => {
      const name = pick(state.drafts, random);
      if (!name) return 'nothing';
      state.drafts = state.drafts.filter((draft) => draft !== name);
      state.posts.push(name);
      await change(path.join(site, 'content/nyheter', name), (text) => text.replace('draft: true\n', ''));
      return `nyheter/${name} published`;
    },
  ],
  [
    2,
    async (site, state, random) => {
      const name = pick(state.posts, random);
      if (!name) return 'nothing';
      state.posts = state.posts.filter((post) => post !== name);
      await rm(path.join(site, 'content/nyheter', name));
      return `nyheter/${name} deleted`;
    },
  ],
  [
    2,
    async (site, _, random) => {
      const label = pick(['Forside', 'Svømmeopplæring', 'Treningstider'], random) ?? 'Forside';
      await change(path.join(site, 'content/menu.yaml'), (text) =>
        text.replace(new RegExp(`label: ${label}( \\d+)?\\n`), `label: ${label} ${Math.floor(random() * 9)}\n`),
      );
      return `the menu's «${label}» renamed`;
    },
  ],
  [
    1,
    async (site, _, random) => {
      await change(path.join(site, 'content/training-times.yaml'), (text) =>
        text.replace(/time: 16:00 - 18:00/, `time: 16:0${Math.floor(random() * 9)} - 18:00`),
      );
      return 'a training time changed';
    },
  ],
  [
    1,
    async (site, _, random) => {
      await change(path.join(site, 'templates/article.tsx'), (text) =>
        text.replace(/<article( data-edit="\d+")?/, `<article data-edit="${Math.floor(random() * 99)}"`),
      );
      return 'the article template changed';
    },
  ],
  [
    1,
    async (site, _, random) => {
      await change(
        path.join(site, 'site/styles/base.css'),
        (text) => `${text}\n.edit-${Math.floor(random() * 99)} { color: inherit; }\n`,
      );
      return 'the stylesheet changed';
    },
  ],
  [
    1,
    async (site, _, random) => {
      await change(
        path.join(site, 'site/scripts/theme-switch.ts'),
        (text) => `${text}\nexport const edit${Math.floor(random() * 99)} = ${Math.floor(random() * 99)};\n`,
      );
      return 'a browser script changed';
    },
  ],
  [
    3,
    async (_, state, random) => {
      const steps: Array<[string, () => number]> = [
        ['a minute', () => state.now + 60_000],
        ['an hour', () => state.now + 60 * 60_000],
        ['to the next midnight', () => Math.ceil((state.now + 60 * 60_000) / day) * day - 60 * 60_000 + 60_000],
        ['a day', () => state.now + day],
        ['a month', () => state.now + 30 * day],
        ['to 24 December 23:59', () => Date.UTC(new Date(state.now).getUTCFullYear(), 11, 24, 22, 59)],
        ['to 25 December', () => Date.UTC(new Date(state.now).getUTCFullYear(), 11, 24, 23, 1)],
        ['to 1 November', () => Date.UTC(new Date(state.now).getUTCFullYear(), 9, 31, 23, 1)],
        ['to New Year', () => Date.UTC(new Date(state.now).getUTCFullYear() + 1, 0, 0, 23, 0, 30)],
        ['to a draw at 20:00', () => Date.UTC(2025, 11, 10 + Math.floor(random() * 10), 19, 0)],
        ['back a day', () => state.now - day],
      ];
      const [what, to] = pick(steps, random) ?? steps[0]!;
      state.now = to();
      return `the clock moved ${what} (${iso(state.now)})`;
    },
  ],
];

/** A build into `out`, the page cache in `cacheDir` (none: cold): its problems, or what the cache did. */
async function buildInto(site: string, out: string, now: number, cacheDir?: string) {
  // As `clubsite build` does: with a cache, the site the swap replaces goes to the cache's trash (no spare folder: issue 43).
  const kept = cacheDir ? { trash: path.join(cacheDir, 'trash') } : {};
  const output = await openOutput(out, { project: site, ...kept });
  try {
    const result = await build({
      root: site,
      now: new Date(now),
      publisher: output,
      ...(cacheDir ? { cacheDir } : {}),
    });
    await output.commit();
    await output.settled();
    return { cache: result.cache };
  } catch (error) {
    await output.abort();
    if (error instanceof BuildFailed) return { problems: error.errors.map(formatError).join('\n') };
    throw error;
  }
}

/** Applies `count` seeded edits to the site at `site` (a copy: it is changed), comparing after each. */
export async function* equivalence(
  site: string,
  count: number,
  seed: number,
  start = Date.UTC(2025, 11, 10, 17, 0),
): AsyncGenerator<Step> {
  const random = seeded(seed);
  const state: State = { now: start, added: [], posts: [], drafts: [], count: 0 };
  const total = EDITS.reduce((sum, [weight]) => sum + weight, 0);
  /** The edit whose share of the weights `roll` (0 to total) falls in. */
  const pick = (roll: number) => {
    let left = roll;
    for (const [weight, edit] of EDITS) {
      left -= weight;
      if (left < 0) return edit;
    }
    return EDITS[0]![1];
  };
  const cacheDir = path.join(site, '.clubsite/cache');
  const [incremental, cold] = [path.join(site, 'out-incremental'), path.join(site, 'out-cold')];
  await buildInto(site, incremental, state.now, cacheDir);
  for (let step = 0; step < count; step += 1) {
    const edit = pick(random() * total);
    const did = await edit(site, state, random);
    const made = await buildInto(site, incremental, state.now, cacheDir);
    const reference = await buildInto(site, cold, state.now);
    const failedAlike = 'problems' in made && made.problems === reference.problems;
    const bothBuilt = !('problems' in made) && !('problems' in reference);
    yield {
      did,
      ...(made.cache ? { rendered: made.cache.rendered, reused: made.cache.reused } : {}),
      differences: failedAlike
        ? []
        : bothBuilt
          ? await differences(incremental, cold)
          : ['(one build failed, the other did not, or with other problems)'],
    };
  }
}
