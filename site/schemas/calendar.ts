import { z } from 'zod';
import type { Clock, FieldProblem } from 'clubsite';
import { TIME_ZONE } from '../dates.ts';
import { DRAW_TIME, drawHasHappened, drawIsOverdue, isDrawn } from '../logic/calendar-doors.ts';
import { contentFile, editorMessage, isoDate, text } from './common.ts';

export const DOOR_COUNT = 24;

/** Text that may be left empty in YAML (`winner:` with nothing after it reads as null). */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').trim());

/** A prize's value in kroner as it is printed: digits followed by ",-", like 1090,- */
export const prizeValue = z
  .string()
  .regex(/^[1-9]\d*,-$/, 'et beløp i kroner fulgt av «,-», som 1090,-')
  .meta(editorMessage('Et beløp i kroner fulgt av ",-", som 1090,-'));

/** One door of the Christmas calendar: a day in December, a sponsor's prize and, once drawn, its winner. */
export const calendarDoor = z.strictObject({
  day: z
    .int('et helt tall fra 1 til 24')
    .min(1, 'en dag fra 1 til 24')
    .max(DOOR_COUNT, 'en dag fra 1 til 24')
    .describe('Lukenummeret, 1 til 24'),
  date: isoDate.describe('Datoen for trekningen, ÅÅÅÅ-12-DD i kalenderens år, for eksempel 2025-12-01'),
  sponsor: text.describe('Navnet på sponsoren'),
  prizeTitle: text.describe('Premien, kort'),
  /** May be empty: the title says enough. */
  prizeDesc: optionalText.describe('Mer om premien; kan stå tom'),
  prizeValue: prizeValue.describe('Verdien i kroner med «,-» etter, for eksempel 1090,-'),
  logo: contentFile.describe('Sponsorens logo under content/, for eksempel images/julekalender/sponsor.svg'),
  /** Empty, or a dash (-, – or —): not drawn yet. Otherwise a first name and a calendar number. */
  winner: optionalText
    .meta({ title: 'Vinner' })
    .describe('Vinneren når luken er trukket: fornavn og kalendernummer. Tom eller «-» til trekningen er gjort'),
});

export type CalendarDoor = z.infer<typeof calendarDoor>;

/**
 * A calendar page (content/pages/julekalender/<year>.yaml): its year, a few paragraphs of
 * introduction and 24 doors, one for each day from 1 to 24 December of that year.
 */
export const calendarSchema = z
  .strictObject({
    year: z
      .int('et år som 2025')
      .min(2000, 'et år som 2025')
      .max(2100, 'et år som 2025')
      .describe('Kalenderens år, for eksempel 2025'),
    /** Paragraphs above the doors: how the calendar works and when the draw is. */
    intro: z.array(text).min(1).describe('Avsnittene over lukene: hvordan kalenderen virker og når trekningen er'),
    doors: z
      .array(calendarDoor)
      .length(DOOR_COUNT, `nøyaktig ${DOOR_COUNT} luker, én for hver dag fra 1. til 24. desember`)
      .describe('Nøyaktig 24 luker, én for hver dag fra 1. til 24. desember'),
  })
  .superRefine((calendar, context) => {
    const seen = new Map<number, number>();
    calendar.doors.forEach((door, index) => {
      const earlier = seen.get(door.day);
      if (earlier !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['doors', index, 'day'],
          input: door.day,
          message: `Dag ${door.day} er allerede luke nummer ${earlier + 1} i lista: hver dag fra 1 til 24 én gang`,
        });
      }
      seen.set(door.day, index);
      const expected = `${calendar.year}-12-${String(door.day).padStart(2, '0')}`;
      if (!door.date.startsWith(`${calendar.year}-12-`)) {
        context.addIssue({
          code: 'custom',
          path: ['doors', index, 'date'],
          input: door.date,
          message: `Datoen må være i desember ${calendar.year} (kalenderens år): ${expected} for dag ${door.day}`,
        });
      } else if (door.date !== expected) {
        context.addIssue({
          code: 'custom',
          path: ['doors', index, 'date'],
          input: door.date,
          message: `Dag ${door.day} må ha datoen ${expected}`,
        });
      }
    });
  });

export type Calendar = z.infer<typeof calendarSchema>;

/**
 * Winners whose draw has not happened at the build's clock: a calendar copied from last year
 * with its winners left in would publish names that were never drawn.
 */
export function calendarProblems(calendar: Calendar, { now }: { now: Clock }): FieldProblem[] {
  return calendar.doors.flatMap((door, index) =>
    isDrawn(door.winner) && !drawHasHappened(door, now)
      ? [
          {
            path: ['doors', index, 'winner'],
            message: `Luke ${door.day} har en vinner («${door.winner}»), men trekningen er ${door.date} kl. ${DRAW_TIME} (${TIME_ZONE}), etter tidspunktet nettstedet bygges for.`,
            hint: 'La «winner:» stå tom til luken er trukket; en kalender kopiert fra i fjor har fjorårets vinnere.',
          },
        ]
      : [],
  );
}

/**
 * Doors whose draw is more than a day past with no winner (empty, or a dash): a warning each, so
 * the club fills in who won. The page still shows «Ikke trukket» for them (SPEC.md).
 */
export function calendarWarnings(calendar: Calendar, { now }: { now: Clock }): FieldProblem[] {
  return calendar.doors.flatMap((door, index) =>
    !isDrawn(door.winner) && drawIsOverdue(door, now)
      ? [
          {
            path: ['doors', index, 'winner'],
            message: `Luke ${door.day} ble trukket ${door.date} kl. ${DRAW_TIME} (${TIME_ZONE}), for mer enn ett døgn siden, og har ingen vinner.`,
            hint: 'Skriv vinneren som fornavn og kalendernummer, for eksempel «Kari (kalender 0412)».',
          },
        ]
      : [],
  );
}
