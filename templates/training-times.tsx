import { z } from 'zod';
import { Island } from 'clubsite/island';
import type { PageProps } from '../site/data.ts';
import { longDate } from '../site/dates.ts';
import { trainingSubscribeFeeds } from './training-calendars.ts';
import { CalendarSubscribe } from '../site/blocks/calendar-subscribe.tsx';
import { islands } from './islands.ts';

/** The page reads nothing but its text: the times are in content/training-times.yaml. */
export const trainingTimesPageSchema = z.strictObject({});

/**
 * /treningstider: a short text, when the times were last changed, and the table with its
 * filter. The table is whole in the server's markup: React comes only with the first touch of
 * the filter (or at once when the build is from another weekday: see the widget's outOfDate).
 */
export function TrainingTimesTemplate({ page, data, now, absolute }: PageProps) {
  const times = data.trainingTimes;
  return (
    <article className="training-page">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <p className="training-page__updated">
        Sist oppdatert <time dateTime={times.updated}>{longDate(times.updated)}</time>
      </p>
      <div className="training-page__card">
        <Island
          island={islands['training-table']}
          props={{ groups: times.groups, slots: times.slots, today: { weekday: now.weekday() } }}
          when="interaction"
        />
      </div>
      <CalendarSubscribe feeds={trainingSubscribeFeeds(data, absolute)} />
    </article>
  );
}
