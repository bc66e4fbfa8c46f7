import type { Clock, ComputeContext, PageSummary } from 'clubsite';
import { osloInstant } from '../dates.ts';

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
 * moves the menu entry and the home page's call to action to it. A computed value of the site
 * (templates/index.ts): found once a build, and a page that shows it depends on the season,
 * not on every page's summary it was found among. It asks the clock for the year and whether
 * 25 December has come, so it changes at New Year and on Christmas Day, not every day.
 */
export function calendarSeason({ pages, now }: Pick<ComputeContext, 'pages' | 'now'>): CalendarSeason | undefined {
  const calendars = calendarsOf(pages);
  const year = now.year();
  const season = calendars.filter((calendar) => calendar.year <= year).at(-1) ?? calendars[0];
  if (!season) return undefined;
  return { ...season, open: !seasonIsOver(season.year, now) };
}

/** A year's calendar is over on Christmas Day in Oslo, the day after its last door. */
export function seasonIsOver(year: number, now: Pick<Clock, 'isBefore'>): boolean {
  return !now.isBefore(osloInstant(`${year}-12-25`));
}

function calendarsOf(pages: readonly PageSummary[]): Array<{ route: string; year: number }> {
  return pages
    .filter((page) => page.template === CALENDAR_TEMPLATE)
    .map((page) => ({ route: page.route, year: Number((page.data as { year?: number }).year) }))
    .sort((a, b) => a.year - b.year);
}
