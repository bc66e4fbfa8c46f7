/**
 * The training times as calendars a phone can subscribe to: /treningstider.ics for every group
 * and /treningstider/<gruppe>.ics for one. Each slot is a weekly event in Oslo time from the
 * first such weekday of the season (or from the day the times were last changed, `updated`)
 * until the season's end, if content gives one. Everything comes from training-times.yaml:
 * DTSTAMP is `updated`, and a slot's UID is made of what the slot is (group, day, time, place),
 * so two builds of the same content give the same bytes and a calendar app keeps its events.
 */
import { addDays, normalizeWeekday, osloInstant, TIME_ZONE, WEEKDAYS_NB, weekdayOfDay } from '../dates.ts';
import type { TrainingSlot, TrainingTimes } from '../schemas/training-times.ts';
import { calendarFile, endOfOsloDay, icalText, localDateTime, OSLO_VTIMEZONE, utcDateTime } from './ical-text.ts';

/** The calendar of every group. */
export const TRAINING_CALENDAR = '/treningstider.ics';

/** A group's name as a file name: 'A' → 'a', 'Masters 1' → 'masters-1', 'Små' → 'sma'. */
export function groupSlug(group: string): string {
  return group
    .toLocaleLowerCase('nb-NO')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One group's calendar: /treningstider/a.ics. */
export function groupCalendarRoute(group: string): string {
  return `/treningstider/${groupSlug(group)}.ics`;
}

const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

export interface CalendarOptions {
  /** The calendar's name in the visitor's calendar app. */
  name: string;
  /** The club's name, for the product id and the events' text. */
  club: string;
  /** The page with the times (absolute). */
  page: string;
  /** The site's host, the right-hand side of every UID (www.ksa.no). */
  host: string;
}

/** The first day on or after `from` that is the slot's weekday. */
function firstDay(from: string, slot: TrainingSlot): string {
  const weekday = (WEEKDAYS_NB as readonly string[]).indexOf(normalizeWeekday(slot.day));
  return addDays(from, (weekday - weekdayOfDay(from) + 7) % 7);
}

function slotEvent(times: TrainingTimes, slot: TrainingSlot, options: CalendarOptions): string[] {
  const [from = '', to = ''] = slot.time.split(/\s*[-–]\s*/);
  const weekday = normalizeWeekday(slot.day);
  const day = firstDay(times.season?.start ?? times.updated, slot);
  const uid = [groupSlug(slot.group), weekday, from, to, slot.location]
    .map((part) => groupSlug(part.replace(/[:.]/g, '')))
    .join('-');
  const until = times.season?.end ? `;UNTIL=${endOfOsloDay(times.season.end)}` : '';
  const what = `Trening gruppe ${slot.group}${slot.basis ? ' (med basistrening)' : ''}`;
  return [
    'BEGIN:VEVENT',
    `UID:trening-${uid}@${options.host}`,
    `DTSTAMP:${utcDateTime(osloInstant(times.updated))}`,
    `DTSTART;TZID=${TIME_ZONE}:${localDateTime(day, from)}`,
    `DTEND;TZID=${TIME_ZONE}:${localDateTime(day, to)}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[(WEEKDAYS_NB as readonly string[]).indexOf(weekday)]}${until}`,
    `SUMMARY:${icalText(what)}`,
    `LOCATION:${icalText(slot.location)}`,
    `DESCRIPTION:${icalText(`${what}, ${slot.location}. Alle treningstidene til ${options.club}: ${options.page}`)}`,
    `URL:${options.page}`,
    'END:VEVENT',
  ];
}

/** A calendar of some of the slots (all of them, or one group's), as the text of an .ics file. */
export function trainingCalendar(times: TrainingTimes, slots: TrainingSlot[], options: CalendarOptions): string {
  return calendarFile([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icalText(options.club)}//Treningstider//NB`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${icalText(options.name)}`,
    `X-WR-CALNAME:${icalText(options.name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    // Calendar apps that honour it look for changed times once a day.
    'REFRESH-INTERVAL;VALUE=DURATION:P1D',
    'X-PUBLISHED-TTL:P1D',
    ...OSLO_VTIMEZONE,
    ...slots.flatMap((slot) => slotEvent(times, slot, options)),
    'END:VCALENDAR',
  ]);
}
