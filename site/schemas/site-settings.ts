import { z } from 'zod';
import { contentFile, editorMessage, externalUrl, route, shareImageFile, text } from './common.ts';

const partner = z.strictObject({
  title: text.describe('Partnerens navn'),
  img: contentFile.describe('Logoen, under content/, som images/partner-antidoping.svg'),
  alt: text.describe('Hva logoen viser, med partnerens navn, for dem som ikke ser den'),
  href: externalUrl.describe('Partnerens nettside; den åpnes i en ny fane'),
});

const socialCard = z.strictObject({
  network: z.enum(['instagram', 'tiktok', 'facebook']).describe('Nettverket: instagram, tiktok eller facebook'),
  title: text.describe('Overskriften på kortet'),
  /** Empty: the card says the link is coming soon. */
  href: externalUrl.or(z.literal('')).default('').describe('Lenken til profilen; tom gir «Lenke kommer snart»'),
  button: text.describe('Teksten på knappen'),
  /** What shows where a feed would be, when the account is not public. */
  text: z.string().default('').describe('Teksten der en feed ellers ville stått, når kontoen ikke er offentlig'),
  /** Closed group: members only. */
  closed: z.boolean().default(false).describe('true for en lukket gruppe: innlogging eller medlemskap kreves'),
});

export const siteSettingsSchema = z.strictObject({
  name: text.describe('Klubbens fulle navn'),
  shortName: text.describe('Forkortelsen, som KSA'),
  origin: externalUrl.describe('Nettstedets adresse, som https://www.ksa.no'),
  tagline: text.describe('Slagordet på forsiden'),
  description: text.describe('Beskrivelsen søkemotorer viser for forsiden'),
  banner: text.describe('Teksten i banneret øverst på alle sider'),
  logo: contentFile.describe('Logoen under content/, som images/ksa-logo.svg'),
  /** Shown when a page is shared: 1200 × 630 pixels (checked against the file), with a description for those who cannot see it. */
  shareImage: shareImageFile.describe('Bildet som vises når en side deles: PNG eller JPEG, 1200 × 630 piksler'),
  shareImageAlt: text.describe('Hva delingsbildet viser, for dem som ikke ser det'),
  spond: externalUrl.describe('Lenken til Spond i bunnteksten'),
  membershipUrl: externalUrl.describe('Lenken til innmelding'),
  withdrawalEmail: z
    .email()
    .meta(editorMessage('En e-postadresse, som navn@ksa.no'))
    .describe('E-postadressen for utmelding'),
  courseSignup: z
    .string()
    .regex(/\{type\}/, 'en adresse med {type} der kurstypen skal stå')
    .meta(editorMessage('Adressen til påmeldingen, med {type} der kurstypen (et tall) skal stå'))
    .describe('Påmeldingslenken, med {type} der kurstypen skal stå'),
  redirects: z.record(route, route).default({}).describe('Gamle adresser som sender videre til nye: «/gammel: /ny»'),
  partners: z.array(partner).length(3).describe('De tre samarbeidspartnerne nederst på forsiden'),
  social: z
    .strictObject({
      title: text.describe('Overskriften, som «Følg oss på sosiale medier»'),
      cards: z.array(socialCard).min(1).describe('Ett kort per nettverk'),
      instagramWidget: z
        .strictObject({
          script: externalUrl.describe('Skriptet fra tjenesten som viser Instagram-feeden'),
          className: text.describe('Klassenavnet tjenesten gir feeden, som elfsight-app-…'),
        })
        .describe('Instagram-feeden fra en ekstern tjeneste'),
    })
    .describe('Sosiale medier: overskrift, kortene og Instagram-feeden'),
});

/** The size link previews show without cropping. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
