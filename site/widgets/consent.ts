/**
 * On /cookies: each embed the visitor said yes to in this browser, and a button that withdraws
 * it at once (no reload): the next page with it shows its placeholder again. Plain DOM code
 * over the server's markup (consent-choices-view.tsx); no React.
 */
import { hasConsent, withdrawConsent } from 'clubsite/consent';

export interface ConsentChoicesProps {
  embeds: Array<{ name: string; title: string }>;
}

export const CHOICE_TEXT = {
  given: (title: string) => `Du har sagt ja til å vise ${title} i denne nettleseren.`,
  none: (title: string) => `Du har ikke lagret noe ja til ${title} i denne nettleseren.`,
  withdrawn: (title: string) => `Samtykket til ${title} er trukket tilbake. Ingenting hentes før du sier ja igjen.`,
};

export function mount(root: HTMLElement): void {
  for (const row of root.querySelectorAll<HTMLElement>('[data-consent-embed]')) {
    const name = row.dataset.consentEmbed ?? '';
    const title = row.dataset.consentTitle ?? name;
    const status = row.querySelector<HTMLElement>('[data-consent-status]');
    const button = row.querySelector<HTMLButtonElement>('[data-consent-withdraw]');
    if (!status || !button) continue;
    const given = hasConsent(name);
    status.textContent = given ? CHOICE_TEXT.given(title) : CHOICE_TEXT.none(title);
    button.hidden = !given;
    button.addEventListener('click', () => {
      withdrawConsent(name);
      status.textContent = CHOICE_TEXT.withdrawn(title);
      button.hidden = true;
    });
  }
}
