import { describe, expect, test } from 'vitest';
import { isWeekday, longDate, osloTime } from '../../site/dates.ts';

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
});
