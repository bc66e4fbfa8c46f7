/**
 * Issue 45: the training times as calendars a family subscribes to. The real club site's
 * /treningstider.ics and /treningstider/<gruppe>.ics, parsed with a maintained iCalendar library
 * (ical.js): two weeks around the start of summer time expand to exactly the slots of
 * content/training-times.yaml, at their times on Oslo's clock; a group's file holds that group
 * alone; and the bytes do not depend on the build's clock or the machine's time zone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { osloTime, WEEKDAYS_NB, weekdayName } from '../../site/dates.ts';
import { trainingCalendar } from '../../site/logic/training-calendar.ts';
import { type TrainingTimes, trainingTimesSchema } from '../../site/schemas/training-times.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

let result: BuildResult;
let times: TrainingTimes;
const machineZone = process.env.TZ;

beforeAll(async () => {
  result = await buildSite('2026-03-25T12:00');
  times = trainingTimesSchema.parse(
    parse(await readFile(path.join(projectRoot, 'content', 'training-times.yaml'), 'utf8')),
  );
}, 120_000);

afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

function fileText(files: BuildResult['files'], name: string): string {
  const file = files.get(name);
  if (file === undefined) throw new Error(`the build has no ${name}`);
  return typeof file === 'string' ? file : Buffer.from(file).toString('utf8');
}

interface Occurrence {
  group: string;
  day: string;
  time: string;
  location: string;
  /** The start as an instant, to see the clocks change. */
  utc: string;
}

/** Every event of a calendar file that starts between two instants, read on Oslo's clock. */
function occurrences(text: string, from: Date, to: Date): Occurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const found: Occurrence[] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toJSDate() < to; next = iterator.next()) {
      const start = next.toJSDate();
      if (start < from) continue;
      const end = new Date(start.getTime() + event.duration.toSeconds() * 1000);
      const clock = (instant: Date) => {
        const { hour, minute } = osloTime(instant);
        return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
      };
      found.push({
        group: /gruppe (\S+)/.exec(event.summary)?.[1] ?? '',
        day: weekdayName(WEEKDAYS_NB[osloTime(start).weekday] ?? ''),
        time: `${clock(start)} - ${clock(end)}`,
        location: event.location,
        utc: start.toISOString(),
      });
    }
  }
  return found;
}

const expected = (slots: TrainingTimes['slots']) =>
  slots.map(({ group, day, time, location }) => ({ group, day, time, location })).sort(byText);
const byText = (a: object, b: object) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
const withoutInstant = (list: Occurrence[]) => list.map(({ utc: _, ...rest }) => rest).sort(byText);

// Summer time starts on Sunday 29 March 2026 at 02:00 in Oslo.
const WEEK_BEFORE = [new Date('2026-03-22T23:00:00Z'), new Date('2026-03-29T00:00:00Z')] as const;
const WEEK_AFTER = [new Date('2026-03-29T22:00:00Z'), new Date('2026-04-05T22:00:00Z')] as const;

describe('/treningstider.ics', () => {
  test('is served as a calendar file beside the page', () => {
    const text = fileText(result.files, 'treningstider.ics');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Oslo\r\n');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  test('the week before and the week after summer time starts are exactly the slots of training-times.yaml, on Oslo time', () => {
    const text = fileText(result.files, 'treningstider.ics');
    const before = occurrences(text, ...WEEK_BEFORE);
    const after = occurrences(text, ...WEEK_AFTER);
    expect(withoutInstant(before)).toEqual(expected(times.slots));
    expect(withoutInstant(after)).toEqual(expected(times.slots));
    // Group A's Monday at 16:00 in Oslo: 15:00 UTC in winter time, 14:00 UTC in summer time.
    const monday = (list: Occurrence[]) =>
      list.find((item) => item.group === 'A' && item.day === 'Mandag' && item.time.startsWith('16:00'))?.utc;
    expect(monday(before)).toBe('2026-03-23T15:00:00.000Z');
    expect(monday(after)).toBe('2026-03-30T14:00:00.000Z');
  });

  test('a group’s calendar holds that group’s slots and no other', () => {
    for (const group of times.groups) {
      const text = fileText(result.files, `treningstider/${group.toLowerCase()}.ics`);
      const week = occurrences(text, ...WEEK_AFTER);
      expect(withoutInstant(week)).toEqual(expected(times.slots.filter((slot) => slot.group === group)));
    }
  });

  test('every event has a UID of its own and DTSTAMP from the content’s updated date, not the build’s clock', () => {
    const text = fileText(result.files, 'treningstider.ics');
    const uids = [...text.matchAll(/^UID:(.+)$/gm)].map((match) => match[1]);
    expect(uids).toHaveLength(times.slots.length);
    expect(new Set(uids).size).toBe(times.slots.length);
    const stamps = new Set([...text.matchAll(/^DTSTAMP:(.+)\r$/gm)].map((match) => match[1]));
    // updated: 2025-10-09, midnight in Oslo.
    expect([...stamps]).toEqual(['20251008T220000Z']);
  });

  test('two builds, at another clock and in other time zones of the machine, give the same bytes', async () => {
    const calendars = (files: BuildResult['files']) =>
      [...files.keys()].filter((name) => name.endsWith('.ics')).map((name) => [name, fileText(files, name)]);
    process.env.TZ = 'America/Los_Angeles';
    const west = await buildSite('2026-11-02T08:00');
    process.env.TZ = 'Pacific/Kiritimati';
    const east = await buildSite('2026-11-02T08:00');
    expect(new Date('2026-01-01T00:00:00Z').getTimezoneOffset()).toBe(-840);
    expect(calendars(west.files)).toEqual(calendars(result.files));
    expect(calendars(east.files)).toEqual(calendars(result.files));
    expect(calendars(result.files)).toHaveLength(1 + times.groups.length);
  }, 240_000);
});

describe('a season in training-times.yaml', () => {
  const options = {
    name: 'Treningstider',
    club: 'Klubben',
    page: 'https://example.org/treningstider',
    host: 'example.org',
  };

  test('the events start on the season’s first such weekday and end with its last day', () => {
    const season = { ...times, season: { start: '2026-08-17', end: '2026-12-18' } };
    const text = trainingCalendar(season, season.slots, options);
    const all = occurrences(text, new Date('2026-01-01T00:00:00Z'), new Date('2027-12-31T00:00:00Z'));
    const days = all.map((item) => osloTime(new Date(item.utc)).date).sort();
    expect(days[0]).toBe('2026-08-17');
    expect(days.at(-1)).toBe('2026-12-18');
    // 18 weeks from 17 August to 18 December, every slot each week; the Saturday slots one week less.
    const saturdays = season.slots.filter((slot) => slot.day === 'Lørdag').length;
    expect(all).toHaveLength(18 * season.slots.length - saturdays);
  });

  test('without an end the events go on every week', () => {
    const text = trainingCalendar(times, times.slots, options);
    const year = occurrences(text, new Date('2030-01-06T23:00:00Z'), new Date('2030-01-13T23:00:00Z'));
    expect(year).toHaveLength(times.slots.length);
  });
});
