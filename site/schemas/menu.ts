import { z } from 'zod';
import { route, text } from './common.ts';

/**
 * A menu entry links to a route (`to: /kurs`) or to the current season's Christmas calendar
 * (`calendar: current`), whose address and year follow the newest calendar page.
 */
const menuItem = z
  .strictObject({
    label: text.describe('Teksten i menyen'),
    to: route.optional().describe('Adressen menypunktet går til, som /kurs'),
    calendar: z
      .literal('current')
      .optional()
      .describe('Skriv «current» i stedet for «to» for å lenke til årets julekalender'),
    published: z
      .boolean()
      .meta({ title: 'Vises i menyen' })
      .describe('true: vises i menyen. false: skjult til siden er klar'),
  })
  .refine(
    (item) => (item.to === undefined) !== (item.calendar === undefined),
    'enten «to: /adresse» eller «calendar: current», ikke begge deler',
  );

export const menuSchema = z.strictObject({
  items: z.array(menuItem).min(1).describe('Menypunktene i den rekkefølgen de vises'),
});

export type Menu = z.infer<typeof menuSchema>;
export type MenuItem = Menu['items'][number];
