/**
 * Issue 45: a calendar a year later. Built at 2026-12-01, /julekalender/2025 says at the top that
 * the calendar is over (its doors, winners and «Ikke trukket» stay as a record), and
 * `clubsite check` warns at each door whose draw is more than a day past without a winner.
 */
import { describe, expect, test } from 'vitest';
import { formatWarning } from '../../generator/errors.ts';
import { runClubsite } from '../support/run-cli.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

const CALENDAR = 'content/pages/julekalender/2025.yaml';
const html = (files: Map<string, string | Uint8Array>, file: string) => String(files.get(file) ?? '');
const notice = 'Julekalenderen 2025 er avsluttet.';

describe('/julekalender/2025 a year after', () => {
  test('built at 2026-12-01 it says the calendar is over, keeps its doors, and warns at doors 10 to 24', async () => {
    const result = await buildSite('2026-12-01T12:00');
    const page = html(result.files, 'julekalender/2025/index.html');
    expect(page).toContain(notice);
    expect(page.indexOf(notice)).toBeLessThan(page.indexOf('Alle lukene'));
    expect(page).toContain('<strong>9</strong> av 24 luker er trukket.');
    expect(page.match(/Ikke trukket/g)?.length).toBeGreaterThanOrEqual(15);
    const overdue = result.warnings.filter((warning) => warning.code === 'overdue');
    expect(overdue.map((warning) => warning.field)).toEqual(
      Array.from({ length: 15 }, (_, index) => `doors[${index + 9}].winner`),
    );
    expect(overdue.every((warning) => warning.file === CALENDAR && (warning.line ?? 0) > 0)).toBe(true);
    expect(formatWarning(overdue[0] as (typeof overdue)[number])).toContain(
      'Luke 10 ble trukket 2025-12-10 kl. 20:00 (Europe/Oslo), for mer enn ett døgn siden, og har ingen vinner.',
    );
  }, 120_000);

  test('during the season it says nothing of the sort, and a door drawn last night is not yet overdue', async () => {
    const result = await buildSite('2025-12-11T12:00');
    expect(html(result.files, 'julekalender/2025/index.html')).not.toContain('er avsluttet');
    // Door 10 was drawn yesterday at 20:00, 16 hours ago: the club has until tonight.
    expect(result.warnings.filter((warning) => warning.code === 'overdue')).toEqual([]);
  }, 120_000);

  test('`clubsite check` lists the doors without a winner, and succeeds', async () => {
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...env } = process.env;
    const outcome = await runClubsite(['check', '--now', '2026-12-01T12:00'], {
      cwd: projectRoot,
      env: { ...env, NO_COLOR: '1', CLUBSITE_NOW: '', GITHUB_ACTIONS: '' },
    });
    expect(outcome.code).toBe(0);
    const printed = outcome.stdout + outcome.stderr;
    for (const day of [10, 17, 24]) expect(printed).toContain(`Luke ${day} ble trukket`);
    expect(printed).not.toContain('Luke 9 ble trukket');
    // The site's own rule speaks the site's language, as the tool's words around it do.
    expect(printed).toContain('Tips: Skriv vinneren som fornavn og kalendernummer');
    expect(printed).not.toMatch(/\b(was drawn|has no winner|Write the winner)\b/);
    expect(printed).toContain(`${CALENDAR}:`);
  }, 120_000);
});
