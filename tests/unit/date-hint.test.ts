import { describe, expect, test } from 'vitest';
import { dayFirstAsIso } from '../../generator/validate/date-hint.ts';

describe('a date written day first, turned around for the hint', () => {
  test.each([
    ['27.11.2026', '2026-11-27'],
    ['27/11/2026', '2026-11-27'],
    ['27-11-2026', '2026-11-27'],
    ['27.11.26', '2026-11-27'],
    ['1.2.2026', '2026-02-01'],
    [' 29.02.2028 ', '2028-02-29'],
  ])('%s is %s', (typed, iso) => {
    expect(dayFirstAsIso(typed, { time: false })).toBe(iso);
  });

  test('with a time where the field takes one, and without where it does not', () => {
    expect(dayFirstAsIso('20.11.2025 18:00', { time: true })).toBe('2025-11-20 18:00');
    expect(dayFirstAsIso('20.11.2025 kl. 8.30', { time: true })).toBe('2025-11-20 08:30');
    expect(dayFirstAsIso('20.11.2025 18:00', { time: false })).toBe('2025-11-20');
  });

  test('nothing for what is no day of the calendar, mixed separators, or not a date at all', () => {
    for (const typed of ['31.11.2025', '29.02.2026', '27.13.2026', '27.11/2026', '2026-11-27', '9. oktober 2025', 42])
      expect(dayFirstAsIso(typed, { time: false })).toBeUndefined();
    expect(dayFirstAsIso('20.11.2025 25:00', { time: true })).toBeUndefined();
  });
});
