import type { ConsentChoicesProps } from './consent.ts';

/**
 * The visitor's choices as the server renders them: one line an embed. The browser fills in
 * what this browser remembers (site/widgets/consent.ts); without script a visitor has
 * no choice stored here to withdraw (the embeds need script to load at all).
 */
export default function ConsentChoicesView({ embeds }: ConsentChoicesProps) {
  return (
    <ul className="consent-choices">
      {embeds.map(({ name, title }) => (
        <li key={name} data-consent-embed={name} data-consent-title={title}>
          <span data-consent-status="" aria-live="polite">
            {`Valget ditt for ${title} vises her når siden er lastet.`}
          </span>{' '}
          <button type="button" className="button" data-consent-withdraw="" hidden>
            Trekk tilbake samtykket til {title}
          </button>
        </li>
      ))}
    </ul>
  );
}
