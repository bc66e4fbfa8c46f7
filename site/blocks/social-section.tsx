import type { ReactNode } from 'react';
import type { SiteSettings } from '../schemas/site-settings.ts';

type Social = SiteSettings['social'];
type SocialCard = Social['cards'][number];

interface SocialSectionProps {
  social: Social;
  /** 2 on the home page (under its h1); 1 where the section is the page (/sosiale-medier). */
  level: 1 | 2;
  /** Text between the heading and the cards. */
  children?: ReactNode;
  /** The Instagram card's feed: the template puts the island here (site/ does not import client/). */
  instagramFeed?: ReactNode;
}

/** «Følg oss på sosiale medier»: one card per network, in a grid that wraps on narrow screens. */
export function SocialSection({ social, level, children, instagramFeed }: SocialSectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`social social--level-${level}`} aria-labelledby="sosiale-medier-tittel">
      <Heading id="sosiale-medier-tittel">{social.title}</Heading>
      {children}
      <ul className="social__cards">
        {social.cards.map((card) => (
          <li key={card.network}>
            <SocialCardView card={card} level={level} feed={card.network === 'instagram' ? instagramFeed : undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SocialCardView({ card, level, feed }: { card: SocialCard; level: 1 | 2; feed: ReactNode }) {
  const Title = level === 1 ? 'h2' : 'h3';
  return (
    <article className={`social-card social-card--${card.network}`}>
      <header className="social-card__top">
        <span className="social-card__icon" aria-hidden="true">
          <NetworkIcon network={card.network} />
        </span>
        <Title className="social-card__title">{card.title}</Title>
      </header>
      {card.closed ? (
        <p className="social-card__closed">
          <LockIcon />
          Lukket gruppe – innlogging/medlemskap kreves
        </p>
      ) : null}
      {feed ?? null}
      {card.text ? <p className="social-card__text">{card.text}</p> : null}
      <div className="social-card__action">
        {card.href ? (
          <a className="button" href={card.href} target="_blank" rel="noopener noreferrer">
            {card.button}
            <span className="visually-hidden"> (åpnes i ny fane)</span>
          </a>
        ) : (
          <p className="social-card__soon">Lenke kommer snart</p>
        )}
      </div>
    </article>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className="social-card__lock">
      <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** Simple drawn symbols for the networks (a camera, a note, an f), not their trademarks. */
function NetworkIcon({ network }: { network: SocialCard['network'] }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg viewBox="0 0 24 24" width="28" height="28">
      {network === 'instagram' ? (
        <>
          <rect x="3" y="3" width="18" height="18" rx="5" {...common} />
          <circle cx="12" cy="12" r="4.2" {...common} />
          <circle cx="17.3" cy="6.7" r="1" fill="currentColor" />
        </>
      ) : network === 'tiktok' ? (
        <path d="M13 3v12.5a3.5 3.5 0 1 1-3.5-3.5M13 3c.5 3 2.5 5 5.5 5.2" {...common} />
      ) : (
        <path
          d="M14.5 21v-8h3l.5-3.5h-3.5V7.5c0-1 .4-1.8 1.9-1.8H18V2.6A24 24 0 0 0 15.4 2.5c-2.7 0-4.4 1.6-4.4 4.6v2.4H8V13h3v8"
          {...common}
        />
      )}
    </svg>
  );
}
