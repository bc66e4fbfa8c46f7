/**
 * A visitor's consent to a site's embeds, remembered in localStorage under one key: a JSON list
 * of embed names. Given on the embed's own placeholder, withdrawn on the site's cookie page; a
 * browser that refuses storage (private mode) simply asks again next time.
 */
import { CONSENT_KEY, ISLAND_CONSENT } from '../shared/consent-markup.ts';

export { CONSENT_KEY };

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

/**
 * The gate an embed's island module calls from its `mount`: while the visitor has not said yes
 * to the island's embed (its `consent`, as the markup's data-consent), the placeholder's
 * `[data-consent-accept]` buttons (hidden in the server markup: without script they would do
 * nothing) and its `[data-consent-remember]` box are shown, and a press runs `start`,
 * remembered if the box is ticked. A remembered yes runs it at once. Until then the module loads
 * nothing from the third party. It lives here, not in the island runtime, so pages without an
 * embed do not pay for it (the runtime is on every page with an island; /kurs is 26 bytes under
 * its 75 KB budget).
 */
export function awaitConsent(root: HTMLElement, start: () => void): void {
  const embed = root.closest(`[${ISLAND_CONSENT}]`)?.getAttribute(ISLAND_CONSENT) ?? '';
  if (hasConsent(embed)) {
    start();
    return;
  }
  let started = false;
  const remember = root.querySelector<HTMLInputElement>('[data-consent-remember]');
  const label = remember?.closest('label');
  if (label) label.hidden = false;
  for (const button of root.querySelectorAll<HTMLElement>('[data-consent-accept]')) {
    button.hidden = false;
    button.addEventListener('click', () => {
      if (started) return;
      started = true;
      if (remember?.checked) rememberConsent(embed);
      start();
    });
  }
}
