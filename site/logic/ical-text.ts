/**
 * iCalendar (RFC 5545) as text: escaped values, lines folded at 75 octets, CRLF line ends,
 * and Europe/Oslo's time zone as a VTIMEZONE (the EU rule since 1996: summer time from the
 * last Sunday of March at 02:00 to the last Sunday of October at 03:00). Nothing here reads a
 * clock: the same events give the same bytes on any machine, in any time zone.
 */
import { osloInstant, TIME_ZONE } from '../dates.ts';

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export function icalText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A content line folded into lines of at most 75 octets, never inside a character (§3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A whole calendar file: each line folded, CRLF after every line, the last one too. */
export function calendarFile(lines: string[]): string {
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** '2025-10-09' and '16:00' → '20251009T160000': a local time, to be read with TZID=Europe/Oslo. */
export function localDateTime(isoDate: string, time: string): string {
  const [hour = '0', minute = '0'] = time.split(/[:.]/);
  return `${isoDate.replace(/-/g, '')}T${hour.padStart(2, '0')}${minute.padStart(2, '0')}00`;
}

/** An instant in UTC as iCalendar writes it: '20251009T000000Z'. */
export function utcDateTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The last second of a day in Oslo, in UTC: what a weekly rule's UNTIL is when its events are in Oslo time. */
export function endOfOsloDay(isoDate: string): string {
  return utcDateTime(new Date(osloInstant(`${isoDate} 23:59`).getTime() + 59_000));
}

/** Europe/Oslo as a VTIMEZONE, for events whose DTSTART and DTEND carry TZID=Europe/Oslo. */
export const OSLO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
