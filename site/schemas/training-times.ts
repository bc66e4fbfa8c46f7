import { z } from 'zod';
import { normalizeWeekday, WEEKDAYS_NB, weekdayName } from '../dates.ts';
import { editorChoices, editorChoicesFrom, editorMessage, isoDate, text } from './common.ts';

/** A weekday in Norwegian, in any case and spacing (SPEC: «fredag» is Fredag), shown as 'Fredag'. */
const weekday = text
  .refine(
    (day) => (WEEKDAYS_NB as readonly string[]).includes(normalizeWeekday(day)),
    'Her skal det stå en ukedag på norsk, som Mandag',
  )
  .transform(weekdayName);

const slot = z.strictObject({
  group: text
    .meta({ title: 'Gruppe', ...editorChoicesFrom('groups') })
    .describe('Gruppen som trener, en av «groups», for eksempel A'),
  day: weekday
    .meta(editorChoices(WEEKDAYS_NB.map(weekdayName)))
    .describe('Ukedagen på norsk: Mandag, Tirsdag, Onsdag, Torsdag, Fredag, Lørdag eller Søndag'),
  /** As it is shown: 16:00 - 18:00. */
  time: z
    .string()
    .regex(/^\d{1,2}[:.]\d{2}\s*[-–]\s*\d{1,2}[:.]\d{2}$/, 'et tidsrom som 16:00 - 18:00')
    .meta({
      title: 'Fra og til',
      ...editorMessage('Fra og til med klokkeslett, som "16:00 - 18:00" (med anførselstegn)'),
    })
    .describe('Fra og til, som «16:00 - 18:00» (med anførselstegn)'),
  location: text
    .meta({ title: 'Sted', ...editorChoicesFrom('locations') })
    .describe('Stedet, ett av «locations», for eksempel Aquarama'),
  /** Base training (strength on land) in the session: shown with 🏋️. */
  basis: z
    .boolean()
    .default(false)
    .meta({ title: 'Basistrening' })
    .describe('true når økta har basistrening på land (vises med 🏋️); kan utelates'),
});

/** '16:00 - 18:00' → [960, 1080], minutes after midnight. */
export function slotMinutes(time: string): [start: number, end: number] {
  const [start = 0, end = 0] = [...time.matchAll(/(\d{1,2})[:.](\d{2})/g)].map(
    (match) => Number(match[1]) * 60 + Number(match[2]),
  );
  return [start, end];
}

/** The training times: when each group trains, and where. Groups and venues are listed once, and every row must use them. */
export const trainingTimesSchema = z
  .strictObject({
    updated: isoDate
      .meta({ title: 'Sist endret' })
      .describe(
        'Dato tidene sist ble endret, ÅÅÅÅ-MM-DD, for eksempel 2025-10-09. Oppdater den hver gang du endrer tidene.',
      ),
    season: z
      .strictObject({
        start: isoDate
          .optional()
          .meta({ title: 'Første treningsdag' })
          .describe('Første dag tidene gjelder, ÅÅÅÅ-MM-DD, for eksempel 2026-08-17; kan utelates'),
        end: isoDate
          .optional()
          .meta({ title: 'Siste treningsdag' })
          .describe('Siste dag tidene gjelder, ÅÅÅÅ-MM-DD, for eksempel 2027-06-18; kan utelates'),
      })
      .optional()
      .meta({ title: 'Sesongen' })
      .describe(
        'Når sesongen starter og slutter, for kalenderne man kan abonnere på; uten slutt gjentas treningene hver uke',
      ),
    groups: z.array(text).min(1).meta({ title: 'Gruppene' }).describe('Alle treningsgruppene, for eksempel [A, B, C]'),
    locations: z
      .array(text)
      .min(1)
      .meta({ title: 'Stedene' })
      .describe('Alle stedene det trenes, for eksempel [Aquarama, Spicheren]'),
    slots: z
      .array(slot)
      .min(1)
      .meta({ title: 'Treninger' })
      .describe('Én linje per økt: gruppe, ukedag, tid, sted og eventuelt basis'),
  })
  .superRefine((data, context) => {
    const { start, end } = data.season ?? {};
    if (start && end && end < start) {
      context.addIssue({
        code: 'custom',
        path: ['season', 'end'],
        message: `Sesongen må slutte samme dag som den starter eller senere (den starter ${start})`,
        input: end,
      });
    }
    data.slots.forEach((entry, index) => {
      if (!data.groups.includes(entry.group)) {
        context.addIssue({
          code: 'custom',
          path: ['slots', index, 'group'],
          message: `Her skal det stå en av gruppene: ${data.groups.join(', ')}`,
          input: entry.group,
        });
      }
      if (!data.locations.includes(entry.location)) {
        context.addIssue({
          code: 'custom',
          path: ['slots', index, 'location'],
          message: `Her skal det stå et av stedene: ${data.locations.join(', ')}`,
          input: entry.location,
        });
      }
      const [start, end] = slotMinutes(entry.time);
      if (end <= start) {
        context.addIssue({
          code: 'custom',
          path: ['slots', index, 'time'],
          message: 'Økta må slutte etter at den begynner, som 16:00 - 18:00',
          input: entry.time,
        });
        return;
      }
      const earlier = data.slots.findIndex((other, otherIndex) => {
        if (
          otherIndex >= index ||
          other.group !== entry.group ||
          normalizeWeekday(other.day) !== normalizeWeekday(entry.day)
        )
          return false;
        const [otherStart, otherEnd] = slotMinutes(other.time);
        return otherStart < end && start < otherEnd && otherEnd > otherStart;
      });
      if (earlier !== -1) {
        const other = data.slots[earlier];
        context.addIssue({
          code: 'custom',
          path: ['slots', index, 'time'],
          message: `Gruppe ${entry.group} trener allerede ${other?.day} ${other?.time} (økt ${earlier + 1} i lista): øktene til én gruppe samme dag kan ikke overlappe`,
          input: entry.time,
        });
      }
    });
  });

export type TrainingTimes = z.infer<typeof trainingTimesSchema>;
export type TrainingSlot = TrainingTimes['slots'][number];
