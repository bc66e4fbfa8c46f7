/**
 * The build's clock. Every date on the site comes from this one instant: `--now`, else
 * CLUBSITE_NOW, else the real clock. A time without a zone is read in the site's time zone,
 * so `--now 2025-12-10T18:00` means six in the evening in Kristiansand whatever the machine's TZ.
 */
export function resolveNow(
  flag: string | undefined,
  timeZone: string,
  env: string | undefined = process.env.CLUBSITE_NOW,
): Date {
  const text = flag ?? (env && env.trim() !== '' ? env : undefined);
  if (text === undefined) return new Date();
  const date = parseInstant(text.trim(), timeZone);
  if (!date) throw new RangeError(`"${text}" is not an ISO 8601 date or time (like 2025-12-10T18:00:00+01:00).`);
  return date;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseInstant(text: string, timeZone: string): Date | undefined {
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', ms = '0', zone] = match;
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], Number(ms.padEnd(3, '0')));
  const check = new Date(utc);
  if (
    check.getUTCMonth() !== fields[1] - 1 ||
    check.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59 ||
    fields[5] > 59
  )
    return undefined;
  if (zone === 'Z') return check;
  if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    return new Date(utc - offset * 60_000);
  }
  return new Date(wallClockInstant(utc, timeZone));
}

/** The instant a wall-clock time in a time zone is (month 1 to 12; a day or month past its end rolls over). */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  return wallClockInstant(Date.UTC(year, month - 1, day, hour, minute), timeZone);
}

const DAY = 24 * 60 * 60_000;

/**
 * The instant a wall-clock time (given as if it were UTC) is in a zone, as iCalendar (RFC 5545)
 * and JavaScript's Temporal read it: a time that comes twice (02:30 the night summer time ends)
 * is the first; a time the clocks skip (02:30 the night it starts) is read with the offset
 * before the change, so it is as long after the change as it would have been (03:30 summer time).
 */
function wallClockInstant(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const holds = (offset: number) => offsetAt(wall - offset * 60_000, timeZone) === offset;
  const offset = holds(before) || !holds(after) ? before : after;
  return wall - offset * 60_000;
}

/** A wall clock's reading in a time zone (month 1 to 12, weekday 0 Monday to 6 Sunday). */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** One format per zone: making an Intl.DateTimeFormat costs far more than using one. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** The last instants read: a build asks the same few many times, and formatToParts is slow. */
const walls = new Map<string, Wall>();

/** What the wall clock of `timeZone` shows at `instant`. */
export function wallAt(instant: number, timeZone: string): Wall {
  const key = `${timeZone} ${instant}`;
  let wall = walls.get(key);
  if (wall) return wall;
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  wall = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
  if (walls.size > 64) walls.clear();
  walls.set(key, wall);
  return wall;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `2026-11-27 18:00`: an instant as the wall clock of `timeZone` shows it. */
export function wallClockText(instant: number, timeZone: string): string {
  const { year, month, day, hour, minute } = wallAt(instant, timeZone);
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
}

function offsetAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute } = wallAt(instant, timeZone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** One format per zone for the time of day; `local` is the machine's own zone. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `17:18:36`: the time of day at `instant` on the wall clock of `timeZone` (the machine's own without one). */
export function timeOfDayText(instant: number, timeZone?: string): string {
  const key = timeZone ?? 'local';
  let format = timeFormats.get(key);
  if (!format) {
    const clock = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    format = new Intl.DateTimeFormat('en-GB', timeZone ? { ...clock, timeZone } : clock);
    timeFormats.set(key, format);
  }
  return format.format(instant);
}
