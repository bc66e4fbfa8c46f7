/**
 * Issue 28's first check, the scheduling rule: the next change a build computes is exactly when
 * its output changes by itself. A copy of the club's site with news posts at odd minutes (one
 * at 02:30 the night summer time starts, a time that never comes; one at 02:30 the night it ends,
 * a time that comes twice; one at 18:07; one at 00:07 on New Year's Day), a Christmas calendar
 * for December 2026 beside the club's 2025 one, and the footer's year. At each of 30 instants t,
 * a build gives the next change N; then cold builds at N − 1 ms and at N: the first is the same
 * as t's, file for file, and the second is not, in the files that should change then.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type BuildResult } from '../../generator/pipeline/build.ts';
import { NEXT_CHANGE_FILE } from '../../generator/publish/next-change.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';

/** File name → date: the decisions about the nights of summer time are in site/dates.ts (osloInstant). */
const POSTS: Record<string, string> = {
  '2026-03-29-sommertid.md': '2026-03-29 02:30',
  '2026-10-25-vintertid.md': '2026-10-25 02:30',
  '2026-11-27-adventsstevne.md': '2026-11-27 18:07',
  '2026-12-01-julekalenderen-2026.md': '2026-12-01',
  '2027-01-01-godt-nytt-ar.md': '2027-01-01 00:07',
};

const TRAINING = 'treningstider/index.html';
const CALENDAR_2026 = 'julekalender/2026/index.html';
/** A page whose only date is the footer's year. */
const FOOTER_ONLY = 'kurs/index.html';
const post = (slug: string) => `nyheter/${slug}/index.html`;

/**
 * [what, t, N, files that change at N], t and N as Oslo's wall clock with its offset. The next
 * change is at the latest midnight, when /treningstider bolds another weekday.
 */
const INSTANTS: Array<[string, string, string, string[]]> = [
  // The night summer time starts (02:00 → 03:00): the post dated 02:30 goes out at 03:30 summer time.
  ['the last instant of Saturday', '2026-03-28T23:59:59.999+01:00', '2026-03-29T00:00+01:00', [TRAINING]],
  ['midnight before summer time', '2026-03-29T00:00+01:00', '2026-03-29T03:30+02:00', [post('sommertid')]],
  ['the last instant of winter time', '2026-03-29T01:59:59.999+01:00', '2026-03-29T03:30+02:00', [post('sommertid')]],
  ['the first instant of summer time', '2026-03-29T03:00+02:00', '2026-03-29T03:30+02:00', [post('sommertid')]],
  ['a millisecond before the post', '2026-03-29T03:29:59.999+02:00', '2026-03-29T03:30+02:00', [post('sommertid')]],
  ['the post is out', '2026-03-29T03:30+02:00', '2026-03-30T00:00+02:00', [TRAINING]],
  // The night summer time ends (03:00 → 02:00): the post dated 02:30 goes out at the first 02:30.
  ['the last minute of Saturday', '2026-10-24T23:59+02:00', '2026-10-25T00:00+02:00', [TRAINING]],
  ['midnight before winter time', '2026-10-25T00:00+02:00', '2026-10-25T02:30+02:00', [post('vintertid')]],
  ['the first 02:29:59.999', '2026-10-25T02:29:59.999+02:00', '2026-10-25T02:30+02:00', [post('vintertid')]],
  ['the first 02:30', '2026-10-25T02:30+02:00', '2026-10-26T00:00+01:00', [TRAINING]],
  ['the second 02:29', '2026-10-25T02:29+01:00', '2026-10-26T00:00+01:00', [TRAINING]],
  ['the last instant of the long Sunday', '2026-10-25T23:59:59.999+01:00', '2026-10-26T00:00+01:00', [TRAINING]],
  // A post at 18:07.
  ['the morning of a post at 18:07', '2026-11-27T00:00+01:00', '2026-11-27T18:07+01:00', [post('adventsstevne')]],
  ['a millisecond before 18:07', '2026-11-27T18:06:59.999+01:00', '2026-11-27T18:07+01:00', [post('adventsstevne')]],
  ['18:07', '2026-11-27T18:07+01:00', '2026-11-28T00:00+01:00', [TRAINING]],
  // December 2026: a door a day from the 1st, the draw at 20:00 (its winner is entered by hand).
  [
    'the eve of the first door',
    '2026-11-30T23:00+01:00',
    '2026-12-01T00:00+01:00',
    [CALENDAR_2026, post('julekalenderen-2026'), TRAINING],
  ],
  ['the first door', '2026-12-01T00:00+01:00', '2026-12-02T00:00+01:00', [CALENDAR_2026, TRAINING]],
  ['just before a draw', '2026-12-10T19:59:59.999+01:00', '2026-12-11T00:00+01:00', [CALENDAR_2026, TRAINING]],
  ['a draw', '2026-12-10T20:00+01:00', '2026-12-11T00:00+01:00', [CALENDAR_2026, TRAINING]],
  ['before the last draw', '2026-12-24T19:59+01:00', '2026-12-25T00:00+01:00', [CALENDAR_2026, 'index.html']],
  ['the last draw', '2026-12-24T20:00+01:00', '2026-12-25T00:00+01:00', [CALENDAR_2026, 'index.html']],
  ['Christmas Day', '2026-12-25T00:00+01:00', '2026-12-26T00:00+01:00', [TRAINING]],
  // New Year: the footer's year on every page, then a post at 00:07.
  ['New Year’s Eve', '2026-12-31T12:00+01:00', '2027-01-01T00:00+01:00', [FOOTER_ONLY, TRAINING]],
  ['the last instant of 2026', '2026-12-31T23:59:59.999+01:00', '2027-01-01T00:00+01:00', [FOOTER_ONLY]],
  ['New Year', '2027-01-01T00:00+01:00', '2027-01-01T00:07+01:00', [post('godt-nytt-ar')]],
  ['the New Year post', '2027-01-01T00:07+01:00', '2027-01-02T00:00+01:00', [TRAINING]],
  // December 2025, the club's own calendar: winners up to door 9, entered after each draw.
  ['door 9’s draw', '2025-12-09T20:00+01:00', '2025-12-10T00:00+01:00', ['julekalender/2025/index.html']],
  ['just before door 10’s draw', '2025-12-10T19:59:59.999+01:00', '2025-12-11T00:00+01:00', [TRAINING]],
  ['the last draw of 2025', '2025-12-24T20:00+01:00', '2025-12-25T00:00+01:00', ['julekalender/2025/index.html']],
  // The year turns, and the 2026 calendar becomes the season's (the menu, the home page).
  ['an hour before 2026', '2025-12-31T23:00+01:00', '2026-01-01T00:00+01:00', [FOOTER_ONLY, 'index.html']],
];

let project: DevProject;

beforeAll(async () => {
  project = await copyProject();
  for (const [name, date] of Object.entries(POSTS))
    await writeFile(
      project.at(`content/nyheter/${name}`),
      `---\ntitle: Nyhet ${name.slice(11, -3)}\ndescription: En nyhet til ${date}.\ndate: ${date}\n---\n\nNyheten kommer ut ${date}.\n`,
    );
  // Next year's calendar as the volunteers' guide says to make it: this year's copied, new dates, no winners yet.
  const calendar = await readFile(project.at('content/pages/julekalender/2025.yaml'), 'utf8');
  await writeFile(
    project.at('content/pages/julekalender/2026.yaml'),
    calendar.replaceAll('2025', '2026').replace(/^( {4}winner:).*$/gm, '$1'),
  );
}, 60_000);

afterAll(() => project.remove());

/** What the checks compare of a build: each file's hash, each page's file and the end of its clock, the next change. */
interface Output {
  files: Map<string, string>;
  pages: Array<{ route: string; file: string; until: number }>;
  next?: number;
}

/** The one place an output records the build's own time (see the last test): left out of its hash. */
const withoutBuiltAt = (data: string | Uint8Array) => {
  const { builtAt: _, ...rest } = JSON.parse(Buffer.from(data).toString());
  return JSON.stringify(rest);
};

const hash = (data: string | Uint8Array) => createHash('sha256').update(data).digest('base64');

function outputOf(result: BuildResult): Output {
  const files = new Map<string, string>();
  for (const [file, data] of result.files)
    files.set(file, hash(file === NEXT_CHANGE_FILE ? withoutBuiltAt(data) : data));
  const pages = result.pages.map(({ route, file, clock }) => ({ route, file, until: clock.until }));
  return { files, pages, ...(result.nextChange ? { next: result.nextChange.at } : {}) };
}

/** Cold builds in memory (no page cache), by instant: most instants are asked by several rows. */
const builds = new Map<number, Promise<Output>>();

function buildAt(at: number): Promise<Output> {
  let made = builds.get(at);
  if (!made) {
    made = build({ root: project.root, now: new Date(at) }).then(outputOf);
    builds.set(at, made);
  }
  return made;
}

/** The files two outputs differ in. */
function differences(a: Output, b: Output): string[] {
  const names = [...new Set([...a.files.keys(), ...b.files.keys()])].sort();
  return names.filter((name) => a.files.get(name) !== b.files.get(name));
}

describe('the next change is when the output changes, at 30 instants', () => {
  test.each(INSTANTS)(
    '%s (%s): next change %s',
    async (_, t, expected, changing) => {
      const now = await buildAt(Date.parse(t));
      const next = now.next ?? Number.NaN;
      expect(new Date(next).toISOString()).toBe(new Date(Date.parse(expected)).toISOString());
      // Not before: a millisecond earlier the output is t's, file for file.
      expect(differences(now, await buildAt(next - 1))).toEqual([]);
      // At the instant: it changes, in the files that should.
      expect(differences(now, await buildAt(next))).toEqual(expect.arrayContaining(changing));
      // No page asks the clock more finely than it shows: each changes when its own answers end.
      const unchanged: string[] = [];
      for (const { route, file, until } of now.pages.filter((page) => Number.isFinite(page.until))) {
        const [before, then] = [await buildAt(until - 1), await buildAt(until)];
        if (before.files.get(file) === then.files.get(file))
          unchanged.push(`${route} at ${new Date(until).toISOString()}`);
      }
      expect(unchanged).toEqual([]);
    },
    60_000,
  );

  test('two builds a millisecond apart differ in the next-change file’s builtAt alone, the build’s clock', async () => {
    const noon = Date.parse('2026-11-27T12:00+01:00');
    const at = (instant: number) => build({ root: project.root, now: new Date(instant) });
    const [one, other] = await Promise.all([at(noon), at(noon + 1)]);
    const builtAt = (result: BuildResult) => JSON.parse(String(result.files.get(NEXT_CHANGE_FILE))).builtAt;
    expect([builtAt(one), builtAt(other)]).toEqual(['2026-11-27T11:00:00.000Z', '2026-11-27T11:00:00.001Z']);
    expect(differences(outputOf(one), outputOf(other))).toEqual([]);
  });
});
