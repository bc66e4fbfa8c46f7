import { describe, expect, test } from 'vitest';
import { RecordingClock } from '../../generator/clock.ts';
import { isWeekday, longDate, longDateAndTime, osloInstant, osloTime } from '../../site/dates.ts';
import { newsStatus } from '../../site/logic/news.ts';

/** The build's clock at an instant, in Oslo. */
const osloClock = (instant: string) => new RecordingClock(Date.parse(instant), 'Europe/Oslo');

describe('dates in Europe/Oslo', () => {
  test('half past midnight in Oslo is still the day before in UTC', () => {
    const time = osloTime(new Date('2025-12-10T23:30:00Z'));
    expect(time.date).toBe('2025-12-11');
    expect(time.hour).toBe(0);
    expect(time.weekday).toBe(3); // Thursday
  });

  test('summer time is two hours ahead of UTC', () => {
    expect(osloTime(new Date('2025-06-30T22:30:00Z')).date).toBe('2025-07-01');
  });

  test('New Year in Oslo comes before New Year in UTC', () => {
    expect(osloTime(new Date('2025-12-31T23:30:00Z')).year).toBe(2026);
  });

  test('weekday names compare case-insensitively with spaces folded', () => {
    const saturday = osloTime(new Date('2025-12-13T10:00:00Z'));
    expect(isWeekday('Lørdag', saturday)).toBe(true);
    expect(isWeekday('  LØRDAG ', saturday)).toBe(true);
    expect(isWeekday('Fredag', saturday)).toBe(false);
  });

  test('a long Norwegian date', () => {
    expect(longDate('2025-10-09')).toBe('9. oktober 2025');
    expect(longDate('2025-12-24')).toBe('24. desember 2025');
  });

  test('when a post written ahead goes out, in Norwegian: kl. 18.00, and kl. 00.00 for a day alone', () => {
    expect(longDateAndTime('2026-11-27 18:00')).toBe('27. november 2026 kl. 18.00');
    expect(longDateAndTime('2026-11-27T08:05')).toBe('27. november 2026 kl. 08.05');
    expect(longDateAndTime('2026-11-27')).toBe('27. november 2026 kl. 00.00');
  });

  test('the nights the clocks change: a time that comes twice is the first, one that never comes is an hour on', () => {
    // 25 October 2026, 03:00 summer time → 02:00 winter time: 02:30 is first at 00:30Z, again at 01:30Z.
    expect(osloInstant('2026-10-25 02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(osloInstant('2026-10-25 03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // 29 March 2026, 02:00 winter time → 03:00 summer time: 02:30 is read in winter time, 03:30 summer time.
    expect(osloInstant('2026-03-29 02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(longDateAndTime('2026-03-29 02:30')).toBe('29. mars 2026 kl. 03.30');
    expect(longDateAndTime('2026-10-25 02:30')).toBe('25. oktober 2026 kl. 02.30');
  });

  test('a post dated with a day alone goes out at midnight in Oslo that day, in winter and summer time', () => {
    const post = (date: string) => ({ title: 'T', description: 'D', date, tags: [], draft: false });
    expect(osloInstant('2026-11-27').toISOString()).toBe('2026-11-26T23:00:00.000Z');
    expect(newsStatus(post('2026-11-27'), osloClock('2026-11-26T22:59:59Z'))).toBe('scheduled');
    expect(newsStatus(post('2026-11-27'), osloClock('2026-11-26T23:00:00Z'))).toBe('published');
    expect(newsStatus(post('2026-06-01'), osloClock('2026-05-31T21:59:00Z'))).toBe('scheduled');
    expect(newsStatus(post('2026-06-01'), osloClock('2026-05-31T22:00:00Z'))).toBe('published');
  });
});
