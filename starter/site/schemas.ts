/** Skjemaene innholdsfilene må følge: et felt som mangler eller er feilstavet, er en feil med linjenummer. */
import type { Clock, EntryStatus } from 'clubsite';
import { z } from 'zod';

const text = z.string().trim().min(1);
const day = z.iso.date({ error: 'Expected a date like 2025-11-20' });

export const settingsSchema = z.strictObject({
  /** Klubbens navn: i toppen av hver side og i fanen. */
  name: text.meta({ title: 'Klubbens navn' }).describe('Klubbens navn: i toppen av hver side og i fanen'),
  /** Adressen nettstedet ligger på, for lenker som deles. */
  origin: z
    .url({ protocol: /^https?$/ })
    .meta({ title: 'Nettadressen' })
    .describe('Adressen nettstedet ligger på, som https://www.minklubb.no'),
  /** Logoen under content/, ikonet i fanen: images/logo.svg */
  logo: z
    .string()
    .regex(/^[a-z0-9\-_/]+\.(svg|png)$/, 'a picture under content/, like images/logo.svg')
    .meta({ title: 'Logo', 'x-input': 'image' })
    .describe('Logoen under content/, ikonet i fanen, som images/logo.svg'),
  /** Gamle adresser som skal sende videre til nye: /gammel: /ny */
  redirects: z
    .record(z.string().regex(/^\//), z.string().regex(/^\//))
    .default({})
    .describe('Gamle adresser som sender videre til nye: «/gammel: /ny»'),
});

export const activitiesSchema = z.strictObject({
  activities: z
    .array(
      z.strictObject({
        /** Gruppen aktiviteten er for, som filteret viser. */
        group: text.meta({ title: 'Gruppe' }).describe('Gruppen aktiviteten er for, som filteret viser'),
        /** Ukedagen, for eksempel Mandag. */
        day: text.meta({ title: 'Dag' }).describe('Ukedagen, for eksempel Mandag'),
        /** Klokkeslett, for eksempel 17:00 - 18:30. */
        time: text.meta({ title: 'Tid' }).describe('Klokkeslett, for eksempel 17:00 - 18:30'),
        /** Hvor aktiviteten er. */
        place: text.meta({ title: 'Sted' }).describe('Hvor aktiviteten er'),
      }),
    )
    .meta({ title: 'Aktiviteter' })
    .describe('Én linje per aktivitet: gruppe, dag, tid og sted'),
});

/** Filnavnet er adressen: nyheter/velkommen.md blir /nyheter/velkommen. */
export const NEWS_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const newsPostSchema = z.strictObject({
  title: text.meta({ title: 'Overskrift' }).describe('Overskriften på nyheten'),
  description: text
    .meta({ title: 'Ingress', 'x-input': 'text' })
    .describe('Én eller to setninger som vises i lista over nyheter'),
  /** Dagen nyheten kommer ut (fra midnatt), for eksempel 2025-11-20. */
  date: day.meta({ title: 'Dato' }).describe('Dagen nyheten kommer ut (fra midnatt), for eksempel 2025-11-20'),
  /** true: nyheten vises bare i `clubsite dev`, aldri på nettstedet. */
  draft: z
    .boolean()
    .default(false)
    .meta({ title: 'Utkast' })
    .describe('På: nyheten vises bare i `clubsite dev`, aldri på nettstedet'),
});

export type NewsPost = z.infer<typeof newsPostSchema>;

/** En nyhet er ute fra midnatt den dagen den har, og en kladd aldri. */
export function newsStatus(post: NewsPost, now: Clock): EntryStatus {
  if (post.draft) return 'draft';
  return post.date > now.date() ? 'scheduled' : 'published';
}

/** «20. november 2025» */
export const longDate = (date: string): string =>
  new Intl.DateTimeFormat('nb-NO', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
