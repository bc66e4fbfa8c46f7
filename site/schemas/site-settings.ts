import { z } from 'zod';
import { contentFile, externalUrl, route, text } from './common.ts';

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
  name: text,
  shortName: text,
  origin: externalUrl,
  tagline: text,
  description: text,
  banner: text,
  logo: contentFile,
  spond: externalUrl,
  membershipUrl: externalUrl,
  withdrawalEmail: z.email(),
  courseSignup: z.string().regex(/\{type\}/, 'an address with {type} where the course type goes'),
  redirects: z.record(route, route).default({}),
  partners: z.array(partner).length(3),
  social: z.strictObject({
    title: text,
    cards: z.array(socialCard).min(1),
    instagramWidget: z.strictObject({ script: externalUrl, className: text }),
  }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
