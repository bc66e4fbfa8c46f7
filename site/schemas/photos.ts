/**
 * What the club knows about each photo it publishes (content/photos.yaml): what it shows,
 * whether people in it can be recognised, and, if they can, whose consent it has. NIF's
 * guidelines for pictures of children (written with Datatilsynet) ask for active consent from
 * everyone identifiable, and under 15 from both the child and a guardian; a photo of people
 * without it does not build. Photos without people need no line here.
 */
import { z } from 'zod';
import { editorChoices, isoDate, shareImageFile, text } from './common.ts';

/** The rule, as the build quotes it when a photo of people has no consent. */
export const PHOTO_CONSENT_RULE =
  'Et bilde der noen kan kjennes igjen, trenger samtykke fra hver av dem (under 15 år fra både barnet og en foresatt), eller en forklaring i «noConsentNeeded» på hvorfor det ikke trengs.';

const PEOPLE = ['ingen', 'ikke-gjenkjennelige', 'gjenkjennelige'] as const;

const consent = z.strictObject({
  person: text.meta({ title: 'Hvem på bildet' }).describe('Hvem samtykket gjelder, for eksempel «Kari N., svømmer»'),
  givenBy: text
    .meta({ title: 'Gitt av' })
    .describe('Hvem som ga samtykket: personen selv; for barn under 15 år både barnet og en foresatt'),
  date: isoDate.meta({ title: 'Dato' }).describe('Dagen samtykket ble gitt, ÅÅÅÅ-MM-DD'),
});

const photo = z
  .strictObject({
    file: shareImageFile.meta({ title: 'Bildet' }).describe('Bildet under content/, som images/stevne-2025.jpg'),
    shows: text.meta({ title: 'Hva bildet viser' }).describe('Hva bildet viser, med egne ord'),
    people: z
      .enum(PEOPLE)
      .meta({ title: 'Personer på bildet', ...editorChoices([...PEOPLE]) })
      .describe(
        'ingen: ingen personer; ikke-gjenkjennelige: personer ingen kan kjenne igjen (en tegning, fjernt, bakfra); gjenkjennelige: noen kan kjennes igjen',
      ),
    consent: z
      .array(consent)
      .default([])
      .meta({ title: 'Samtykker' })
      .describe('Ett samtykke for hver som kan kjennes igjen; kan utelates når ingen kan det'),
    noConsentNeeded: text
      .optional()
      .meta({ title: 'Hvorfor samtykke ikke trengs' })
      .describe(
        'Bare når ingen samtykke trengs for gjenkjennelige personer, for eksempel «publikum på tribunen, tatt på lang avstand»',
      ),
  })
  .superRefine((entry, context) => {
    if (entry.people === 'gjenkjennelige' && entry.consent.length === 0 && !entry.noConsentNeeded) {
      context.addIssue({
        code: 'custom',
        path: ['consent'],
        message: `${entry.file} viser personer som kan kjennes igjen, og har ikke samtykke`,
        input: entry.consent,
        params: { hint: PHOTO_CONSENT_RULE },
      });
    }
  });

export const photosSchema = z.strictObject({
  photos: z
    .array(photo)
    .default([])
    .meta({ title: 'Bildene' })
    .describe('Ett punkt for hvert bilde (JPEG eller PNG) som viser personer, og gjerne for de andre også'),
});

export type Photos = z.infer<typeof photosSchema>;
