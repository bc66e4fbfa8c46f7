/**
 * A date written the way people write it by hand (27.11.2026, 27/11/2026, 27-11-2026, 27.11.26,
 * with a time or not) turned around into the form content files take (2026-11-27), for the
 * hint of a field that wants a date: the volunteer reads back what they meant.
 */

/** Day, month, year (two or four digits), then perhaps a time: «kl. 18.00», «18:00». */
const DAY_FIRST = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?:(?:\s+kl\.?)?\s+(\d{1,2})[:.](\d{2}))?$/i;

const pad = (number: string) => number.padStart(2, '0');

/**
 * `27.11.2026` → `2026-11-27`, `20.11.2025 18.00` → `2025-11-20 18:00`; undefined when the
 * value is not such a date, or when turned around it is no day of the calendar. The day comes
 * first, as in Norway and most of the world; a two-digit year is in this century.
 */
export function dayFirstAsIso(value: unknown, options: { time: boolean }): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DAY_FIRST.exec(value.trim());
  if (!match) return undefined;
  const [, day = '', , month = '', shortOrLongYear = '', hour, minute] = match;
  const year = shortOrLongYear.length === 2 ? `20${shortOrLongYear}` : shortOrLongYear;
  // A day of the calendar: Date.UTC rolls 31.02 over into March, so compare what comes back.
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return undefined;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  if (hour === undefined || !options.time) return iso;
  return Number(hour) < 24 && Number(minute) < 60 ? `${iso} ${pad(hour)}:${minute}` : undefined;
}
