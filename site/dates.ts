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

/** True when a Norwegian weekday name is the day of `time` in Oslo. */
export function isWeekday(name: string, time: OsloTime): boolean {
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
