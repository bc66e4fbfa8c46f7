import { z } from 'zod';
import { stepProblems } from '../logic/level-finder.ts';
import { contentFile, editorMessage, route, text } from './common.ts';

/** A short key in small letters: a course's id, a level finder result's name. */
const key = (expected: string) =>
  z
    .string()
    .regex(/^[a-z]+$/, expected)
    .meta(editorMessage('En kort nøkkel med små bokstaver a-z, uten æ, ø og å, som hval'));

/** A swim course of the club, as the sign-up service knows it (its course type). */
const course = z.strictObject({
  /** A short key the level finder refers to: hval, sjolove. */
  id: key('en kort nøkkel med små bokstaver a-z, som hval').describe('Kort nøkkel med små bokstaver a-z, som hval'),
  name: text.describe('Kursets navn, som Hval'),
  /** The course type in the sign-up address (`{type}` in courseSignup in site.yaml). */
  type: z.number().int().positive().describe('Kurstypen i påmeldingslenken hos Trygg i vann (et tall)'),
  image: contentFile.describe('Bildet av kurset under content/, som images/kurs/hval.svg'),
  alt: text.describe('Hva bildet viser, for dem som ikke ser det'),
  summary: text.describe('Én setning om kurset'),
  /** Length of one session. */
  minutes: z.number().int().positive().describe('Hvor lenge én økt varer, i minutter'),
});

const branch = z.union([
  z.strictObject({ next: z.number().int().nonnegative().describe('Nummeret på neste spørsmål, fra 0') }),
  z.strictObject({ result: z.string().min(1).describe('Nøkkelen til resultatet under «results», som hval') }),
]);

/** A question of the level finder, with its picture (a drawing of what is asked) and the picture's description. */
const step = z.strictObject({
  question: text.describe('Spørsmålet foreldrene svarer ja eller nei på'),
  image: contentFile.describe('Tegningen ved spørsmålet, under content/, som images/niva-dykke.svg'),
  alt: text.describe('Hva tegningen viser, for dem som ikke ser den'),
  yes: branch.describe('Ved ja: «next: <nummer>» (neste spørsmål, fra 0) eller «result: <nøkkel>»'),
  no: branch.describe('Ved nei: «next: <nummer>» (neste spørsmål, fra 0) eller «result: <nøkkel>»'),
});

/**
 * A result either recommends a course (name, picture and sign-up link come from the course),
 * or stands on its own with a level, a picture and a link to a page of the site.
 */
const result = z
  .strictObject({
    course: z.string().optional().describe('Kurset resultatet anbefaler, med nøkkelen fra «courses», som hval'),
    level: text.optional().describe('Uten «course»: navnet på resultatet, som Gratulerer!'),
    message: text.describe('Anbefalingen foreldrene får se'),
    image: contentFile.optional().describe('Uten «course»: bildet ved resultatet, under content/'),
    alt: text.optional().describe('Hva bildet viser, for dem som ikke ser det'),
    link: route.optional().describe('Uten «course»: siden knappen lenker til, som /kontakt'),
    linkText: text.optional().describe('Uten «course»: teksten på knappen'),
  })
  .refine(
    (value) =>
      (value.course !== undefined) !==
      (value.level !== undefined && value.link !== undefined && value.linkText !== undefined),
    'Her skal det stå enten «course: hval», eller «level», «link» og «linkText» (ikke begge deler)',
  );

export const coursesSchema = z
  .strictObject({
    courses: z.array(course).min(1).describe('Kursene klubben har'),
    levelFinder: z
      .strictObject({
        steps: z.array(step).min(1).describe('Spørsmålene i nivåtesten, i rekkefølge; det første er nummer 0'),
        results: z
          .record(key('en kort nøkkel med små bokstaver a-z'), result)
          .describe('Resultatene nivåtesten kan gi, hvert med en kort nøkkel'),
      })
      .describe('Nivåtesten: spørsmål med ja og nei, og resultatene de fører til'),
  })
  .superRefine((data, context) => {
    const ids = data.courses.map((entry) => entry.id);
    data.courses.forEach((entry, index) => {
      if (ids.indexOf(entry.id) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['courses', index, 'id'],
          message: 'Her skal det stå en nøkkel ingen andre kurs har',
          input: entry.id,
        });
      }
    });
    for (const [key, value] of Object.entries(data.levelFinder.results)) {
      if (value.course !== undefined && !ids.includes(value.course)) {
        context.addIssue({
          code: 'custom',
          path: ['levelFinder', 'results', key, 'course'],
          message: `Her skal det stå et av kursene: ${ids.join(', ')}`,
          input: value.course,
        });
      }
    }
    for (const problem of stepProblems(data.levelFinder.steps, Object.keys(data.levelFinder.results))) {
      context.addIssue({
        code: 'custom',
        path: ['levelFinder', 'steps', ...problem.path],
        message: problem.message,
        input: problem.input,
      });
    }
  });

export type Courses = z.infer<typeof coursesSchema>;
export type Course = Courses['courses'][number];
export type LevelResult = Courses['levelFinder']['results'][string];
