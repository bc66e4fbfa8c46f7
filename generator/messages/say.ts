/**
 * A problem's words: `say(key, values)` gives its text in English (ContentError.message, as
 * tests and threads see it) with the key and values it came from, so that a printer words it
 * again in the site's language (`wordedIn`). The site declares its language (`lang`); the
 * tool speaks English and Norwegian bokmål (nb, and no and nn, whose readers read bokmål
 * better than English), English for any other.
 */
import { en } from './en.ts';
import { nb } from './nb.ts';
import type { Text } from './values.ts';

export type Language = 'en' | 'nb';
export type MessageKey = keyof typeof en;

/** Which entry of the catalogue a message is, and with what: plain data. */
export interface Said {
  key: MessageKey;
  values?: unknown;
}

const CATALOGUES = { en, nb } as const;

export const LANGUAGES: readonly Language[] = ['en', 'nb'];

/** The tool's language for a site's `lang` (BCP 47). */
export function languageOf(lang: string | undefined): Language {
  return /^(nb|no|nn)\b/i.test(lang ?? '') ? 'nb' : 'en';
}

export function say<Key extends MessageKey>(
  key: Key,
  ...values: Parameters<(typeof en)[Key]>
): { message: string; hint: string; said: Said } {
  const [message, hint] = (en[key] as (...given: unknown[]) => Text)(...values);
  return { message, hint, said: values.length > 0 ? { key, values: values[0] } : { key } };
}

/** The message and hint in `language`; undefined for a key this version does not know. */
export function wordedIn(language: Language, said: Said): { message: string; hint: string } | undefined {
  const entry = (CATALOGUES[language] as Record<string, ((values: unknown) => Text) | undefined>)[said.key];
  if (!entry) return undefined;
  const [message, hint] = entry(said.values);
  return { message, hint };
}
