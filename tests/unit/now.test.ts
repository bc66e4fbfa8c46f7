import { describe, expect, test } from 'vitest';
import { RecordingClock } from '../../generator/clock.ts';
import { resolveNow } from '../../generator/now.ts';

describe('the build clock', () => {
  test('a time without zone is read in the site time zone, in winter and in summer', () => {
    expect(resolveNow('2025-12-10T18:00', 'Europe/Oslo', '').toISOString()).toBe('2025-12-10T17:00:00.000Z');
    expect(resolveNow('2025-06-10T18:00', 'Europe/Oslo', '').toISOString()).toBe('2025-06-10T16:00:00.000Z');
    expect(resolveNow('2025-12-11', 'Europe/Oslo', '').toISOString()).toBe('2025-12-10T23:00:00.000Z');
  });

  test('the nights the clocks change are read as site/dates.ts reads a post’s time: twice is the first, never is an hour on', () => {
    expect(resolveNow('2026-10-25T02:30', 'Europe/Oslo', '').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(resolveNow('2026-03-29T02:30', 'Europe/Oslo', '').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  test('a day that starts at 01:00 (the clocks skip midnight in Santiago) lasts until then', () => {
    // 6 September 2026 in Chile: 00:00 (−04:00) → 01:00 (−03:00), at 04:00Z.
    const clock = new RecordingClock(Date.parse('2026-09-05T23:30-04:00'), 'America/Santiago');
    expect(clock.date()).toBe('2026-09-05');
    expect(new Date(clock.until).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(resolveNow('2026-09-06', 'America/Santiago', '').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  test('an explicit zone or Z wins', () => {
    expect(resolveNow('2025-12-10T23:30:00Z', 'Europe/Oslo', '').toISOString()).toBe('2025-12-10T23:30:00.000Z');
    expect(resolveNow('2025-12-10T18:00:00+05:30', 'Europe/Oslo', '').toISOString()).toBe('2025-12-10T12:30:00.000Z');
  });

  test('the flag wins over CLUBSITE_NOW, which wins over the clock', () => {
    expect(resolveNow(undefined, 'Europe/Oslo', '2025-12-24T12:00Z').toISOString()).toBe('2025-12-24T12:00:00.000Z');
    expect(resolveNow('2025-12-01T12:00Z', 'Europe/Oslo', '2025-12-24T12:00Z').toISOString()).toBe(
      '2025-12-01T12:00:00.000Z',
    );
    const before = Date.now();
    expect(resolveNow(undefined, 'Europe/Oslo', '').getTime()).toBeGreaterThanOrEqual(before);
  });

  test('nonsense and impossible dates are refused with the text that was given', () => {
    expect(() => resolveNow('tomorrow', 'Europe/Oslo', '')).toThrow('"tomorrow" is not an ISO 8601 date or time');
    expect(() => resolveNow('2025-02-30', 'Europe/Oslo', '')).toThrow(/not an ISO 8601/);
    expect(() => resolveNow('2025-12-10T25:00', 'Europe/Oslo', '')).toThrow(/not an ISO 8601/);
  });
});
