import { z } from 'zod';
import { contentFile, externalUrl, route, shareImageFile, text } from './common.ts';

const partner = z.strictObject({ title: text, img: contentFile, alt: text, href: externalUrl });

const socialCard = z.strictObject({
  network: z.enum(['instagram', 'tiktok', 'facebook']),
  title: text,
  /** Empty: the card says the link is coming soon. */
  href: externalUrl.or(z.literal('')).default(''),
  button: text,
  /** What shows where a feed would be, when the account is not public. */
  text: z.string().default(''),
  /** Closed group: members only. */
  closed: z.boolean().default(false),
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
  withdrawalEmail: z.email().describe('E-postadressen for utmelding'),
  courseSignup: z
    .string()
    .regex(/\{type\}/, 'an address with {type} where the course type goes')
    .describe('Påmeldingslenken, med {type} der kurstypen skal stå'),
  redirects: z.record(route, route).default({}).describe('Gamle adresser som sender videre til nye: «/gammel: /ny»'),
  partners: z.array(partner).length(3).describe('De tre samarbeidspartnerne nederst på forsiden'),
  social: z.strictObject({
    title: text,
    cards: z.array(socialCard).min(1),
    instagramWidget: z.strictObject({ script: externalUrl, className: text }),
  }),
});

/** The size link previews show without cropping. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
