/**
 * A news post's front matter (content/nyheter/YYYY-MM-DD-adresse.md): its title, when it is
 * published (a day, or a day and a time, in Oslo), a short description for lists and the feed,
 * tags, an optional picture with its description, and whether it is still a draft.
 */
import { z } from 'zod';
import { isDateOrDateTime } from '../dates.ts';
import { contentFile, editorInput, editorMessage, text } from './common.ts';

/** A tag is one or more lower-case words joined by hyphens; Norwegian letters are welcome (svømming, sjøløve). */
export const tag = z
  .string()
  .regex(
    /^[a-zæøå0-9]+(-[a-zæøå0-9]+)*$/,
    'et emne med små bokstaver, ord bundet sammen med -, som svømmekurs eller skagerrak-swim',
  )
  .meta(editorMessage('Et tema med små bokstaver, ord bundet sammen med -, som svømmekurs eller skagerrak-swim'));

export const newsPostSchema = z
  .strictObject({
    title: text.meta({ title: 'Overskrift' }).describe('Overskriften på nyheten'),
    description: text
      .meta(editorInput('text'))
      .describe('Én eller to setninger som vises i lista, på forsiden og i nyhetsfeeden'),
    // A date's format issue: the generator's hint turns a date written 27.11.2026 around.
    date: z
      .string()
      .check((check) => {
        if (isDateOrDateTime(check.value)) return;
        check.issues.push({
          code: 'invalid_format',
          format: 'datetime',
          input: check.value,
          message:
            'en dato som finnes, som 2025-11-20, eller en dato og et klokkeslett i norsk tid, som 2025-11-20 18:00',
        });
      })
      .meta({ title: 'Publiseres', ...editorInput('datetime') })
      .describe(
        'Når nyheten publiseres: ÅÅÅÅ-MM-DD, eller med klokkeslett (norsk tid) som 2025-11-20 18:00; samme dag som i filnavnet',
      ),
    tags: z.array(tag).default([]).describe('Temaer, som [svømmekurs, dugnad]; kan utelates'),
    image: contentFile
      .optional()
      .meta({ title: 'Bilde' })
      .describe('Et bilde under content/, som images/bilde.svg; da må alt også være med'),
    /** What the picture shows, for those who cannot see it. */
    alt: text.optional().meta({ title: 'Bildetekst' }).describe('Hva bildet viser, for dem som ikke ser det'),
    draft: z
      .boolean()
      .default(false)
      .meta({ title: 'Utkast' })
      .describe('true holder nyheten unna nettsiden (et utkast)'),
  })
  .refine((post) => post.image === undefined || post.alt !== undefined, {
    message: 'Feltet «alt» mangler: en nyhet med «image» trenger det',
    params: {
      hint: 'Legg til «alt:» under «image:» med en kort tekst om hva bildet viser, for dem som ikke ser det.',
    },
    path: ['alt'],
  });

export type NewsPost = z.infer<typeof newsPostSchema>;

/** A post's file name: the day it was written, then its address (2025-11-20-pamelding-varkurs). */
export const NEWS_FILE_NAME = /^\d{4}-\d{2}-\d{2}-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
