import type { PageSummary } from 'clubsite';
import { osloTime } from '../dates.ts';

export const CALENDAR_TEMPLATE = 'calendar';

export interface CalendarSeason {
  year: number;
  route: string;
  /** The calendar's call to action shows until 24 December of its year, in Oslo. */
  open: boolean;
}

/**
 * The current season's Christmas calendar: the newest calendar page whose year has begun in
 * Oslo (or the oldest, before the first season). Adding content/pages/julekalender/2026.yaml
 * moves the menu entry and the home page's call to action to it.
 */
export function currentCalendar(pages: readonly PageSummary[], now: Date): CalendarSeason | undefined {
  // Every page's menu asks with the same list and clock: the answer is found once per build, not once per page.
  const known = seasons.get(pages);
  if (known && known.at === now.getTime()) return known.season && { ...known.season };
  const season = findCalendar(pages, now);
  seasons.set(pages, { at: now.getTime(), season });
  return season && { ...season };
}

const seasons = new WeakMap<readonly PageSummary[], { at: number; season: CalendarSeason | undefined }>();

function findCalendar(pages: readonly PageSummary[], now: Date): CalendarSeason | undefined {
  const calendars = pages
    .filter((page) => page.template === CALENDAR_TEMPLATE)
    .map((page) => ({ route: page.route, year: Number((page.data as { year?: number }).year) }))
    .sort((a, b) => a.year - b.year);
  const today = osloTime(now);
  const season = calendars.filter((calendar) => calendar.year <= today.year).at(-1) ?? calendars[0];
  if (!season) return undefined;
  return { ...season, open: today.date < `${season.year}-12-25` };
}
