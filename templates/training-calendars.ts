/**
 * The training times as calendar files (site/logic/training-calendar.ts): one for every group
 * and one a group, made from content/training-times.yaml like the news feed from the news.
 */
import type { RouteContext } from 'clubsite';
import type { SiteData } from '../site/data.ts';
import { groupCalendarRoute, TRAINING_CALENDAR, trainingCalendar } from '../site/logic/training-calendar.ts';

export const TRAINING_PAGE = '/treningstider';

export function trainingCalendars({ data, absolute }: RouteContext<SiteData>): Record<string, string> {
  const times = data.trainingTimes;
  const options = (name: string) => ({
    name,
    club: data.site.name,
    page: absolute(TRAINING_PAGE),
    host: new URL(data.site.origin).host,
  });
  const files: Record<string, string> = {
    [TRAINING_CALENDAR]: trainingCalendar(times, times.slots, options(`Treningstider ${data.site.shortName}`)),
  };
  for (const group of times.groups) {
    const slots = times.slots.filter((slot) => slot.group === group);
    files[groupCalendarRoute(group)] = trainingCalendar(
      times,
      slots,
      options(`Treningstider ${data.site.shortName} gruppe ${group}`),
    );
  }
  return files;
}

/** The calendars /treningstider offers to subscribe to: every group's, then each group's. */
export function trainingSubscribeFeeds(data: SiteData, absolute: (route: string) => string) {
  return [
    { group: '', url: absolute(TRAINING_CALENDAR) },
    ...data.trainingTimes.groups.map((group) => ({ group, url: absolute(groupCalendarRoute(group)) })),
  ];
}
