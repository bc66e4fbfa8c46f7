/**
 * The one place for dates. The club lives in Europe/Oslo: "today", the weekday, the hour and
 * the year are always read there, whatever the time zone of the machine or browser. A date
 * in content (2025-12-10) is a calendar day, never an instant: it is compared as text, never
 * turned into `new Date('2025-12-10')` (that would be midnight UTC).
 */
export const TIME_ZONE = 'Europe/Oslo';

export interface OsloTime {
  /** 2025-12-10 */
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
});

const WEEKDAYS_EN = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The last instant asked for: a build asks for its clock once per page, and formatToParts is slow. */
let last: { at: number; time: OsloTime } | undefined;

/** The wall clock in Oslo at an instant. */
export function osloTime(instant: Date | number): OsloTime {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  if (last?.at !== at) last = { at, time: readOsloTime(instant) };
  return { ...last.time };
}

function readOsloTime(instant: Date | number): OsloTime {
  const map = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  const year = Number(map.year);
  const month = Number(map.month);
  const day = Number(map.day);
  return {
    date: `${map.year}-${map.month}-${map.day}`,
    year,
    month,
    day,
    hour: Number(map.hour),
    minute: Number(map.minute),
    weekday: WEEKDAYS_EN.indexOf(map.weekday ?? ''),
  };
}

export const WEEKDAYS_NB = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'] as const;
const MONTHS_NB = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
];

/** A weekday name as people write it ('  Lørdag ', 'LØRDAG') in the form it is compared in: 'lørdag'. */
export function normalizeWeekday(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb-NO');
}

/** A weekday as the site shows it, however it was typed: ' fredag' → 'Fredag'. */
export function weekdayName(name: string): string {
  const normal = normalizeWeekday(name);
  return normal.charAt(0).toLocaleUpperCase('nb-NO') + normal.slice(1);
}

/** True when a Norwegian weekday name is the day of `time` in Oslo. */
export function isWeekday(name: string, time: Pick<OsloTime, 'weekday'>): boolean {
  return normalizeWeekday(name) === WEEKDAYS_NB[time.weekday];
}

/** '2025-10-09' → '9. oktober 2025' */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day}. ${MONTHS_NB[(month ?? 1) - 1]} ${year}`;
}

/** '2025-12-10' → '10. desember' */
export function dayAndMonth(isoDate: string): string {
  return longDate(isoDate).replace(/ \d{4}$/, '');
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

/** The numbers a DATE_TIME match holds (a missing time is 00:00). */
const numbers = (match: RegExpExecArray | null): number[] =>
  [...(match ?? []).slice(1)].map((part) => (part === undefined ? 0 : Number(part)));

/** True for a day that exists (2025-11-20), optionally with a time of day (2025-11-20 18:00 or 2025-11-20T18:00). */
export function isDateOrDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = numbers(match);
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d && h <= 23 && mi <= 59;
}

/**
 * The instant a day (its start) or a day and time on the wall clock in Oslo is:
 * '2025-11-20' → 2025-11-19T23:00:00Z, '2025-07-01 08:00' → 2025-07-01T06:00:00Z. The nights
 * summer time starts and ends are read as the build's clock reads `--now` (generator/now.ts):
 * '2026-10-25 02:30' comes twice and is the first (summer time, 00:30Z); '2026-03-29 02:30' never
 * comes (the clocks go from 02:00 to 03:00) and is read in winter time, so it is 03:30 summer time.
 */
export function osloInstant(text: string): Date {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0] = numbers(DATE_TIME.exec(text));
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Oslo's offset from UTC at an instant, in milliseconds.
  const offsetAt = (at: number) => {
    const time = osloTime(at);
    return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute) - Math.floor(at / 60_000) * 60_000;
  };
  // The offsets a day before and after: the first that holds at the time, else (a skipped time) the one before.
  const [before, after] = [offsetAt(wall - DAY_MS), offsetAt(wall + DAY_MS)];
  const holds = (offset: number) => offsetAt(wall - offset) === offset;
  return new Date(wall - (holds(before) || !holds(after) ? before : after));
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * When a post dated later goes out, as Norwegians write it: '2026-11-27 18:00' → '27. november
 * 2026 kl. 18.00'. A day alone goes out as it starts, at midnight in Oslo: '… kl. 00.00'. Read
 * from the instant (osloInstant), so a time the clocks skip says when it really goes out:
 * '2026-03-29 02:30' → '29. mars 2026 kl. 03.30'.
 */
export function longDateAndTime(text: string): string {
  const { date, hour, minute } = osloTime(osloInstant(text));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${longDate(date)} kl. ${two(hour)}.${two(minute)}`;
}

/** The day part of a date or date and time: '2025-11-20 18:00' → '2025-11-20'. */
export function dayOf(text: string): string {
  return text.slice(0, 10);
}

/** A calendar day some days later (or earlier): ('2025-10-09', 3) → '2025-10-12'. Day arithmetic only, no instant. */
export function addDays(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of a calendar day (0 = Monday … 6 = Sunday): '2025-10-09' → 3 (a Thursday). */
export function weekdayOfDay(isoDate: string): number {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}
