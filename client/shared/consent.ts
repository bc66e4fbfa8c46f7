/**
 * A visitor's consent to a site's embeds, remembered in localStorage under one key: a JSON list
 * of embed names. Given on the embed's own placeholder, withdrawn on the site's cookie page; a
 * browser that refuses storage (private mode) simply asks again next time.
 */
export const CONSENT_KEY = 'clubsite-consent';

/** The embeds the visitor agreed to and asked to have remembered. */
export function rememberedConsents(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

export const hasConsent = (embed: string): boolean => rememberedConsents().includes(embed);

/** Remembers a yes to an embed. */
export function rememberConsent(embed: string): void {
  write([...new Set([...rememberedConsents(), embed])]);
}

/** Forgets it: the embed asks again on the next page that has it. */
export function withdrawConsent(embed: string): void {
  write(rememberedConsents().filter((name) => name !== embed));
}

function write(names: string[]): void {
  try {
    if (names.length === 0) localStorage.removeItem(CONSENT_KEY);
    else localStorage.setItem(CONSENT_KEY, JSON.stringify(names.sort()));
  } catch {
    // Storage refused: the choice holds for this page only.
  }
}
