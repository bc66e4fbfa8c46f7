import { RecordingClock } from '../../generator/clock.ts';
import { describe, expect, test } from 'vitest';
import {
  doorState,
  drawHasHappened,
  isDrawn,
  isToday,
  pendingText,
  todaysDoor,
} from '../../site/logic/calendar-doors.ts';

describe('isDrawn: a winner is a name, not an empty field or a dash', () => {
  test.each(['Kari (kalender 0412)', 'Ola', ' Emma (kalender 0157) '])('"%s" is drawn', (winner) => {
    expect(isDrawn(winner)).toBe(true);
  });

  test.each(['', '   ', '-', '–', '—', ' — ', '--', '———'])('"%s" is not drawn', (winner) => {
    expect(isDrawn(winner)).toBe(false);
  });

  test('a name with a dash in it is still a name', () => {
    expect(isDrawn('Anne-Lise (kalender 0007)')).toBe(true);
  });
});

describe('doorState on 10 December 2025 (Oslo)', () => {
  const today = '2025-12-10';

  test('a drawn door shows its winner, whatever the day', () => {
    expect(doorState({ date: '2025-12-09', winner: 'Emma (kalender 0157)' }, today)).toBe('drawn');
    expect(doorState({ date: '2025-12-10', winner: 'Emma (kalender 0157)' }, today)).toBe('drawn');
  });

  test("today's door not yet drawn is published tonight", () => {
    expect(doorState({ date: '2025-12-10', winner: '' }, today)).toBe('tonight');
    expect(doorState({ date: '2025-12-10', winner: '—' }, today)).toBe('tonight');
    expect(pendingText({ date: '2025-12-10' }, today)).toBe('Publiseres i kveld');
  });

  test('any other door without a winner is not drawn', () => {
    expect(doorState({ date: '2025-12-11', winner: '' }, today)).toBe('not-drawn');
    expect(doorState({ date: '2025-12-09', winner: '-' }, today)).toBe('not-drawn');
    expect(pendingText({ date: '2025-12-24' }, today)).toBe('Ikke trukket');
  });
});

describe("today's door", () => {
  const doors = Array.from({ length: 24 }, (_, index) => ({
    day: index + 1,
    date: `2025-12-${String(index + 1).padStart(2, '0')}`,
    winner: '',
  }));

  test('is the door dated today in Oslo', () => {
    expect(todaysDoor(doors, '2025-12-10')?.day).toBe(10);
    expect(todaysDoor(doors, '2025-12-01')?.day).toBe(1);
    expect(todaysDoor(doors, '2025-12-24')?.day).toBe(24);
  });

  test('does not exist before 1 December or after 24 December', () => {
    expect(todaysDoor(doors, '2025-11-30')).toBeUndefined();
    expect(todaysDoor(doors, '2025-12-25')).toBeUndefined();
    expect(todaysDoor(doors, '2025-12-26')).toBeUndefined();
  });

  test('compares whole dates, not days of the month', () => {
    expect(isToday({ date: '2025-12-10' }, '2026-12-10')).toBe(false);
    expect(todaysDoor(doors, '2024-12-10')).toBeUndefined();
  });
});

/** The build's clock at an instant, in Oslo. */
const osloClock = (instant: string) => new RecordingClock(Date.parse(instant), 'Europe/Oslo');

describe("drawHasHappened: the draw is at 20:00 in Oslo on the door's date", () => {
  const door = { date: '2025-12-09' };
  test.each([
    ['2025-12-09T18:59:00Z', false], // 19:59 in Oslo
    ['2025-12-09T19:00:00Z', true], // 20:00 in Oslo
    ['2025-12-08T22:00:00Z', false], // the day before
    ['2025-12-10T00:30:00Z', true],
  ])('at %s: %s', (instant, happened) => {
    expect(drawHasHappened(door, osloClock(instant))).toBe(happened);
  });
});
