import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { isDrawn } from '../../site/logic/calendar-doors.ts';
import { calendarSchema, type Calendar } from '../../site/schemas/calendar.ts';
import { projectRoot } from '../support/site-build.ts';

/** The calendar page's own fields (front matter minus title, description and template). */
function calendarFile(year: number): Record<string, unknown> {
  const text = readFileSync(path.join(projectRoot, `content/pages/julekalender/${year}.yaml`), 'utf8');
  const { title: _t, description: _d, template: _template, ...fields } = parse(text) as Record<string, unknown>;
  return fields;
}

function validCalendar(): { year: number; intro: string[]; doors: Array<Record<string, unknown>> } {
  return {
    year: 2025,
    intro: ['Trekning hver kveld kl. 20.00.'],
    doors: Array.from({ length: 24 }, (_, index) => ({
      day: index + 1,
      date: `2025-12-${String(index + 1).padStart(2, '0')}`,
      sponsor: 'Testbakeriet',
      prizeTitle: 'Gavekort',
      prizeDesc: '',
      prizeValue: '1090,-',
      logo: 'images/julekalender/test.svg',
      winner: '',
    })),
  };
}

function issues(input: unknown): Array<{ path: string; message: string }> {
  const result = calendarSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('the calendar schema', () => {
  test('accepts 24 doors dated 1–24 December of the year', () => {
    expect(issues(validCalendar())).toEqual([]);
  });

  test('reads an empty "winner:" or "prizeDesc:" (null in YAML) as not given', () => {
    const calendar = validCalendar();
    calendar.doors[0] = { ...calendar.doors[0], winner: null, prizeDesc: null };
    const parsed = calendarSchema.parse(calendar);
    expect(parsed.doors[0]?.winner).toBe('');
    expect(parsed.doors[0]?.prizeDesc).toBe('');
  });

  test('wants exactly 24 doors', () => {
    const calendar = validCalendar();
    calendar.doors.pop();
    expect(issues(calendar)).toEqual([
      { path: 'doors', message: 'nøyaktig 24 luker, én for hver dag fra 1. til 24. desember' },
    ]);
  });

  test('wants each day once, from 1 to 24', () => {
    const calendar = validCalendar();
    calendar.doors[4] = { ...calendar.doors[4], day: 4, date: '2025-12-04' };
    expect(issues(calendar)).toEqual([
      { path: 'doors.4.day', message: 'Dag 4 er allerede luke nummer 4 i lista: hver dag fra 1 til 24 én gang' },
    ]);
    calendar.doors[4] = { ...calendar.doors[4], day: 25, date: '2025-12-25' };
    expect(issues(calendar)[0]?.message).toBe('en dag fra 1 til 24');
  });

  test("wants the date to match the day, in December of the calendar's year", () => {
    const calendar = validCalendar();
    calendar.doors[2] = { ...calendar.doors[2], date: '2025-12-04' };
    expect(issues(calendar)).toEqual([{ path: 'doors.2.date', message: 'Dag 3 må ha datoen 2025-12-03' }]);
    calendar.doors[2] = { ...calendar.doors[2], date: '2024-12-03' };
    expect(issues(calendar)).toEqual([
      {
        path: 'doors.2.date',
        message: 'Datoen må være i desember 2025 (kalenderens år): 2025-12-03 for dag 3',
      },
    ]);
  });

  test('wants prize values as kroner followed by ",-"', () => {
    for (const value of ['1090', '1090 kr', 'kr 1090,-', '1090,00', '0990,-']) {
      const calendar = validCalendar();
      calendar.doors[0] = { ...calendar.doors[0], prizeValue: value };
      expect(issues(calendar)).toEqual([
        { path: 'doors.0.prizeValue', message: 'et beløp i kroner fulgt av «,-», som 1090,-' },
      ]);
    }
  });

  test('rejects a misspelt field', () => {
    const calendar = validCalendar();
    calendar.doors[0] = { ...calendar.doors[0], vinner: 'Kari' };
    expect(issues(calendar).map((issue) => issue.path)).toEqual(['doors.0']);
  });
});

describe('the 2025 calendar content', () => {
  const calendar: Calendar = calendarSchema.parse(calendarFile(2025));
  const values = calendar.doors.map((door) => Number(door.prizeValue.replace(',-', '')));

  test('has prizes worth 1090,- to 8999,-, from local sponsors and one from the club', () => {
    expect(Math.min(...values)).toBe(1090);
    expect(Math.max(...values)).toBe(8999);
    expect(
      calendar.doors.filter((door) => door.sponsor === 'Kristiansand Svømmeallianse').map((door) => door.prizeTitle),
    ).toEqual(['Svømmekurs for ett barn']);
    expect(calendar.doors.some((door) => door.prizeDesc === '')).toBe(true);
  });

  test('has the draws done up to 9 December, with winners as a first name and a calendar number', () => {
    const drawn = calendar.doors.filter((door) => isDrawn(door.winner));
    expect(drawn.map((door) => door.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const door of drawn) expect(door.winner).toMatch(/^\p{Lu}\p{Ll}+ \(kalender \d{4}\)$/u);
    const pending = calendar.doors.filter((door) => !isDrawn(door.winner)).map((door) => door.winner);
    expect(new Set(pending)).toEqual(new Set(['', '—']));
  });
});
