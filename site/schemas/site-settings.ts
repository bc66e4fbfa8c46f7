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
  name: text,
  shortName: text,
  origin: externalUrl,
  tagline: text,
  description: text,
  banner: text,
  logo: contentFile,
  /** Shown when a page is shared: 1200 × 630 pixels (checked against the file), with a description for those who cannot see it. */
  shareImage: shareImageFile,
  shareImageAlt: text,
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

/** The size link previews show without cropping. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
