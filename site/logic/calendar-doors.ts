/**
 * What a Christmas-calendar door shows. Pure functions of the door and of "today" in Oslo
 * (a date like 2025-12-10), shared by the server render and the browser's date correction.
 */

import type { Clock } from 'clubsite';
import { osloInstant } from '../dates.ts';

export type DoorState = 'drawn' | 'tonight' | 'not-drawn';

/** What the door says before its winner is known. */
export const DOOR_STATUS_TEXT = {
  tonight: 'Publiseres i kveld',
  'not-drawn': 'Ikke trukket',
} as const satisfies Record<Exclude<DoorState, 'drawn'>, string>;

/** «Dagens trekning» on a day without a door, when a stale build showed one (templates/calendar.tsx). */
export const NO_DRAW_TODAY = 'Ingen trekning i dag. Alle lukene står under.';

interface DoorFacts {
  date: string;
  winner: string;
}

/** A dash alone (-, – or —), as volunteers write "nobody yet". */
const DASH_ONLY = /^[-‐‑‒–—―]+$/;

/** True when the winner field names a winner: not empty, and not just a dash. */
export function isDrawn(winner: string): boolean {
  const trimmed = winner.trim();
  return trimmed !== '' && !DASH_ONLY.test(trimmed);
}

/** True when the door belongs to today (both dates as YYYY-MM-DD in Oslo). */
export function isToday(door: Pick<DoorFacts, 'date'>, today: string): boolean {
  return door.date === today;
}

/** Drawn shows the winner; today's door not yet drawn is published tonight; any other is not drawn. */
export function doorState(door: DoorFacts, today: string): DoorState {
  if (isDrawn(door.winner)) return 'drawn';
  return isToday(door, today) ? 'tonight' : 'not-drawn';
}

/** The status line of a door that is not drawn: «Publiseres i kveld» today, else «Ikke trukket». */
export function pendingText(door: Pick<DoorFacts, 'date'>, today: string): string {
  return isToday(door, today) ? DOOR_STATUS_TEXT.tonight : DOOR_STATUS_TEXT['not-drawn'];
}

/** Today's door, if the calendar has one for today. */
export function todaysDoor<Door extends Pick<DoorFacts, 'date'>>(
  doors: readonly Door[],
  today: string,
): Door | undefined {
  return doors.find((door) => isToday(door, today));
}

/** The draw is at 20:00 in Oslo on the door's date. */
export const DRAW_TIME = '20:00';

/** True once the door's draw has happened: asked of the clock, it changes only when the draw does. */
export function drawHasHappened(door: Pick<DoorFacts, 'date'>, now: Clock): boolean {
  return !now.isBefore(osloInstant(`${door.date} ${DRAW_TIME}`));
}

/** True once the door's draw is more than a day past: a door still without a winner then is overdue. */
export function drawIsOverdue(door: Pick<DoorFacts, 'date'>, now: Clock): boolean {
  return !now.isBefore(new Date(osloInstant(`${door.date} ${DRAW_TIME}`).getTime() + 24 * 60 * 60_000));
}

/**
 * Today's date in Oslo as the calendar needs it: while its doors open, the date; before the
 * first door and after the last, '' (no door is today's, and the page is the same every day,
 * so the clock is asked only whether the season has begun or ended).
 */
export function calendarToday(doors: ReadonlyArray<Pick<DoorFacts, 'date'>>, now: Clock): string {
  const dates = doors.map((door) => door.date).sort();
  const first = dates[0];
  const last = dates.at(-1);
  if (first === undefined || last === undefined) return '';
  if (now.isBefore(osloInstant(first))) return '';
  const [year = 0, month = 1, day = 1] = last.split('-').map(Number);
  const afterLast = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  if (!now.isBefore(osloInstant(afterLast))) return '';
  return now.date();
}
