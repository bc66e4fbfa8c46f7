import { z } from 'zod';

/**
 * What an editor says when a value does not fit its pattern (the YAML extension reads
 * `patternErrorMessage` from the JSON Schema, `clubsite schema`), in the volunteers' language as
 * the build's messages are (the site's `lang`).
 */
export const editorMessage = (patternErrorMessage: string) => ({ patternErrorMessage });

/**
 * Which input the editors' admin gives a text field (`x-input`: a picture to upload, a date, a
 * date and time in Oslo), and the list a field's value must be one of: fixed (`x-choices`) or
 * another field of the same file (`x-choices-from`: a slot's group is one of the file's groups).
 */
export const editorInput = (input: 'image' | 'file' | 'date' | 'datetime' | 'text') => ({ 'x-input': input });
export const editorChoices = (choices: readonly string[]) => ({ 'x-choices': [...choices] });
export const editorChoicesFrom = (field: string) => ({ 'x-choices-from': field });

/** A route inside the site: /kurs, /om/styret. */
export const route = z
  .string()
  .regex(/^\/[a-z0-9\-/]*$/, 'en adresse på nettstedet som begynner med /, som /kurs')
  .meta(
    editorMessage('En adresse på nettsiden som starter med /, med små bokstaver a-z, tall og bindestrek, som /kurs'),
  );
/** A date as a calendar day: 2025-12-01. */
export const isoDate = z.iso
  .date()
  .meta(editorMessage('En dato som finnes, skrevet ÅÅÅÅ-MM-DD: år, måned, dag, som 2025-10-09 (ikke 09.10.2025)'));
/** A file under content/, like images/logo.svg. */
export const contentFile = z
  .string()
  .regex(/^[a-z0-9\-_/]+\.(svg|png|jpe?g|webp)$/, 'en fil under content/, som images/logo.svg')
  .meta({
    ...editorMessage(
      'Et bilde under content/ (SVG, PNG, JPEG eller WebP), med små bokstaver uten mellomrom, som images/logo.svg',
    ),
    ...editorInput('image'),
  });
/** A picture for link previews (Facebook, Messenger, Slack): PNG or JPEG, never SVG. */
export const shareImageFile = z
  .string()
  .regex(/^[a-z0-9\-_/]+\.(png|jpe?g)$/, 'en PNG eller JPEG under content/, som images/deling.png')
  .meta({
    ...editorMessage(
      'Et PNG- eller JPEG-bilde under content/, med små bokstaver uten mellomrom, som images/deling.png',
    ),
    ...editorInput('image'),
  });
export const externalUrl = z
  .url({ protocol: /^https?$/ })
  .meta(editorMessage('En hel nettadresse som starter med https://, kopiert fra nettleseren'));
export const text = z.string().trim().min(1);

/** A question and its answer, for the FAQ accordions. */
export const faqItem = z.strictObject({
  q: text.describe('Spørsmålet, slik det vises i lista'),
  a: text.describe('Svaret, som vises når spørsmålet åpnes'),
});
/** Editor help for the heading over a page's questions and answers. */
export const FAQ_TITLE_HELP = 'Overskriften over spørsmålene, som «Ofte stilte spørsmål»';
/** The questions and answers under a page's text. */
export const faqList = z.array(faqItem).describe('Spørsmål og svar under teksten: «- q: …» og «a: …» for hvert');
export type FaqItem = z.infer<typeof faqItem>;
