import { z } from 'zod';

/** A route inside the site: /kurs, /om/styret. */
export const route = z.string().regex(/^\/[a-z0-9\-/]*$/, 'an address inside the site starting with /, like /kurs');
/** A date as a calendar day: 2025-12-01. */
export const isoDate = z.iso.date();
/** A file under content/, like images/logo.svg. */
export const contentFile = z
  .string()
  .regex(/^[a-z0-9\-_/]+\.(svg|png|jpe?g|webp)$/, 'a file under content/, like images/logo.svg');
export const externalUrl = z.url({ protocol: /^https?$/ });
export const text = z.string().trim().min(1);

/** A question and its answer, for the FAQ accordions. */
export const faqItem = z.strictObject({ q: text, a: text });
export type FaqItem = z.infer<typeof faqItem>;
