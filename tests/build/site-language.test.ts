/**
 * Issue 44: what the tool prints around the problems speaks the site's language. On a copy of the
 * club site (`lang: nb`) the summary of `build` and `check` (pages, sizes, the cache, the next
 * change, the build's instant on the site's wall clock) and every line `clubsite dev` prints
 * (started, watching, a page reloaded, a problem, its fix) are Norwegian; on the mini site
 * (`lang: en`) they are English. The dev lines are stamped with the time on the site's wall
 * clock (Europe/Oslo for both), whatever the machine's time zone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DevServer, startDevServer } from '../../generator/dev/dev-server.ts';
import { timeOfDayText } from '../../generator/now.ts';
import type { DevProject } from '../support/dev-project.ts';
import { projectOptions } from '../support/outside-project.ts';
import { buildIn, runClubsite } from '../support/run-cli.ts';
import { CLUB, MINI, type TestSite } from '../support/test-sites.ts';

const NOW = '2025-12-10T18:00';

interface Spoken {
  site: TestSite;
  /** The page saved in dev, under the site's pages folder. */
  page: string;
  /** What a build prints, line by line (`out` is the site's output folder). */
  build: (out: string) => RegExp[];
  checked: RegExp;
  /** The one warning of a cache folder that is a file. */
  cacheFault: RegExp;
  dev: { started: RegExp; watching: RegExp; reloaded: RegExp; problems: RegExp; fixed: RegExp };
  /** Words of the other language, which must not show. */
  foreign: RegExp;
}

const WALL = '\\d\\d:\\d\\d:\\d\\d';

const NORWEGIAN: Spoken = {
  site: CLUB,
  page: 'content/pages/om.md',
  build: (out) => [
    new RegExp(`^\\d+ sider → ${out} på \\d+ ms \\(nå: 2025-12-10 18:00\\)$`),
    /^ {2}HTML \d+,\d KB · JS \d+,\d KB · CSS \d+,\d KB · søkeindeks \d+,\d KB gzip \(\d+ dokumenter\)$/,
    /^ {2}\d+ laget på nytt, 0 gjenbrukt \(ingen hurtigbuffer ennå: alle sidene lages\) · neste endring: 2025-1\d-\d\d \d\d:\d\d \(content\/.+\)$/,
  ],
  checked:
    /^✔ innholdet er gyldig: \d+ sider på \d+ ms \(nå: 2025-12-10 18:00\)\n {2}HTML .+ søkeindeks .+\n {2}neste endring: /,
  cacheFault:
    /^⚠ Hurtigbufferen i en-fil kunne ikke brukes \(en del av stien er en fil, ikke en mappe\): nettstedet ble bygget uten den, og neste bygging prøver igjen\.$/m,
  dev: {
    started: /^clubsite dev: \d+ sider på \d+ ms → http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl\+C for å stoppe\)$/,
    watching: /^Følger med på content\/, .*templates\//,
    reloaded: new RegExp(
      `^(${WALL}) content/pages/om\\.md → sidene lastet på nytt, \\d+ fil(?:er)? endret \\(\\d+ ms\\)$`,
    ),
    problems: new RegExp(`^${WALL} content/pages/om\\.md → ✖ \\d+ feil \\(\\d+ ms\\)$`),
    fixed: new RegExp(`^${WALL} content/pages/om\\.md → ✔ rettet, ingenting annet endret \\(\\d+ ms\\)$`),
  },
  foreign:
    /\d+ pages\b|\brendered\b|\breused\b|next change|search index|\bdocuments\b|\(now:|\bnothing\b|Watching|\bchanged\b|\bfixed\b/,
};

const ENGLISH: Spoken = {
  site: MINI,
  page: 'data/routes/om.md',
  build: (out) => [
    new RegExp(`^\\d+ pages → ${out} in \\d+ ms \\(now: 2025-12-10 18:00\\)$`),
    /^ {2}HTML \d+\.\d KB · JS \d+\.\d KB · CSS \d+\.\d KB · search index \d+\.\d KB gzip \(\d+ documents\)$/,
    /^ {2}\d+ rendered, 0 reused \(no page cache yet: every page is rendered\) · next change: every build \(data\/routes\/index\.md shows the build's time\)$/,
  ],
  checked:
    /^✔ content is valid: \d+ pages in \d+ ms \(now: 2025-12-10 18:00\)\n {2}HTML .+ search index .+\n {2}next change: /,
  cacheFault:
    /^⚠ The build cache in en-fil could not be used \(a part of the path is a file, not a folder\): the site was built without it, and the next build will try again\.$/m,
  dev: {
    started: /^clubsite dev: \d+ pages in \d+ ms → http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl\+C to stop\)$/,
    watching: /^Watching data\//,
    reloaded: new RegExp(`^(${WALL}) data/routes/om\\.md → pages reloaded, \\d+ files? changed \\(\\d+ ms\\)$`),
    problems: new RegExp(`^${WALL} data/routes/om\\.md → ✖ \\d+ problems? \\(\\d+ ms\\)$`),
    fixed: new RegExp(`^${WALL} data/routes/om\\.md → ✔ fixed, nothing else changed \\(\\d+ ms\\)$`),
  },
  foreign: /\d+ sider\b|\blaget\b|gjenbrukt|neste endring|søkeindeks|\(nå:|Følger|\bendret\b|\brettet\b/,
};

describe.each([NORWEGIAN, ENGLISH])('the words around the problems on $site.name', (spoken) => {
  let project: DevProject;

  beforeAll(async () => {
    project = await spoken.site.copy();
  }, 60_000);

  afterAll(() => project?.remove());

  test('build and check end with the summary in the site language, the instant on its wall clock', async () => {
    const built = await buildIn(project.root, ['--out', spoken.site.out], NOW);
    expect(built.code, built.stderr).toBe(0);
    const lines = built.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const [index, line] of spoken.build(spoken.site.out).entries()) expect(lines[index]).toMatch(line);
    expect(built.stdout).not.toMatch(spoken.foreign);
    // Built again: every page from the cache, said in the same language.
    const again = await buildIn(project.root, ['--out', spoken.site.out], NOW);
    expect(again.stdout.split('\n')[2]).toMatch(spoken === NORWEGIAN ? /^ {2}0 laget på nytt, / : /^ {2}0 rendered, /);
    expect(again.stdout).not.toMatch(spoken.foreign);
    // A cache the disk refuses (here a file where its folder goes): one warning, in the same language.
    await writeFile(project.at('en-fil'), 'ikke en mappe\n');
    const faulted = await buildIn(project.root, ['--out', spoken.site.out, '--cache-dir', 'en-fil'], NOW);
    expect(faulted.code, faulted.stderr).toBe(0);
    expect(faulted.stderr).toMatch(spoken.cacheFault);
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
    const checked = await runClubsite(['check', '--now', NOW], {
      cwd: project.root,
      env: { ...env, CLUBSITE_NOW: '', GITHUB_ACTIONS: '' },
    });
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(spoken.checked);
    expect(checked.stdout).not.toMatch(spoken.foreign);
  }, 120_000);

  test('dev says what it serves, watches and did at each save, stamped on the site wall clock', async () => {
    const terminal: string[] = [];
    const dev: DevServer = await startDevServer({
      ...(await projectOptions(project.root)),
      port: 0,
      now: NOW,
      log: (line) => terminal.push(line),
    });
    /** The first line printed from `from` on that matches `pattern`. */
    const printed = async (pattern: RegExp, from: number) => {
      await expect
        .poll(() => terminal.slice(from).some((line) => pattern.test(line)), {
          timeout: 60_000,
          message: `no line like ${pattern} in:\n${terminal.slice(from).join('\n')}`,
        })
        .toBe(true);
      return terminal.slice(from).find((line) => pattern.test(line)) ?? '';
    };
    try {
      expect(terminal[0]).toMatch(spoken.dev.started);
      expect(terminal[1]).toMatch(spoken.dev.watching);
      const page = await readFile(project.at(spoken.page), 'utf8');
      const before = timeOfDayText(Date.now(), 'Europe/Oslo').slice(0, 5);
      let from = terminal.length;
      await writeFile(project.at(spoken.page), `${page}\nOne more paragraph. Ett avsnitt til.\n`);
      const reloaded = await printed(spoken.dev.reloaded, from);
      const after = timeOfDayText(Date.now(), 'Europe/Oslo').slice(0, 5);
      // The hour and minute the Oslo wall clock showed while the save was built (this machine's may be UTC).
      expect([before, after]).toContain(spoken.dev.reloaded.exec(reloaded)?.[1]?.slice(0, 5));
      from = terminal.length;
      await writeFile(project.at(spoken.page), page.replace(/^title:.*$/m, 'title:'));
      await printed(spoken.dev.problems, from);
      from = terminal.length;
      await writeFile(project.at(spoken.page), `${page}\nOne more paragraph. Ett avsnitt til.\n`);
      await printed(spoken.dev.fixed, from);
      await dev.idle();
      const said = terminal.filter((line) => !line.startsWith('✖') && !line.startsWith('  ') && !line.startsWith('⚠'));
      expect(said.join('\n')).not.toMatch(spoken.foreign);
    } finally {
      await dev.close();
    }
  }, 180_000);
});

describe("the club site's own schema words among the tool's", () => {
  let project: DevProject;

  beforeAll(async () => {
    project = await CLUB.copy();
  }, 60_000);

  afterAll(() => project?.remove());

  test('a schema description inside the tool’s frame, and a rule of the site, print wholly Norwegian', async () => {
    const file = project.at('content/pages/om.md');
    const page = await readFile(file, 'utf8');
    await writeFile(file, page.replace(/^title:/m, 'shareImage: images/Deling.gif\ntitle:'));
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
    const checked = await runClubsite(['check', '--now', NOW], {
      cwd: project.root,
      env: { ...env, CLUBSITE_NOW: '', GITHUB_ACTIONS: '' },
    });
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      '  Her skal det stå en PNG eller JPEG under content/, som images/deling.png, men det står "images/Deling.gif".',
    );
    expect(checked.stderr).toContain(
      '  Feltene «shareImage» og «shareImageAlt» hører sammen: et bilde og hva det viser.',
    );
    expect(checked.stderr).toContain('  Tips: Skriv begge, eller ingen av dem:');
    expect(checked.stderr).not.toMatch(/Expected|found|together|Hint:/);
    expect(checked.stderr.trim().split('\n').at(-1)).toBe('2 feil funnet.');
  }, 120_000);
});
