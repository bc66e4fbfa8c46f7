import { z } from 'zod';
import type { LinkReference } from 'clubsite';
import { NewsCard } from '../site/blocks/news-card.tsx';
import { PartnerGrid } from '../site/blocks/partner-grid.tsx';
import { SocialSection } from '../site/blocks/social-section.tsx';
import type { PageProps } from '../site/data.ts';
import { NEWS_ROUTE, newestFirst, summaryOf } from '../site/logic/news.ts';
import { contentFile, route, text } from '../site/schemas/common.ts';
import { InstagramIsland } from './instagram-island.tsx';

/** {year} in these texts becomes the current calendar's year. */
const withYear = text.describe('Tekst; {year} blir kalenderens år');

export const homeSchema = z.strictObject({
  /** The big picture link at the top. */
  hero: z
    .strictObject({
      image: contentFile.describe('Bildet, under content/'),
      label: text.describe('Teksten på bildet, som også sier hvor lenken går'),
      to: route.describe('Siden bildet lenker til, som /kurs'),
    })
    .describe('Den store bildelenken øverst på forsiden'),
  /** The page's main heading; the Markdown body is the welcome text under it. */
  welcome: text.describe('Hovedoverskriften; teksten under den står under front matter'),
  /** The Christmas calendar's call to action, shown until 24 December of the current calendar's year. */
  calendar: z
    .strictObject({ heading: withYear, text: withYear, button: withYear })
    .describe('Julekalenderens blokk, som vises fram til julaften: overskrift, tekst og knapp'),
  /** One more block beside it. */
  highlight: z
    .strictObject({
      heading: text.describe('Overskriften'),
      text: text.describe('Teksten'),
      button: text.describe('Teksten på knappen'),
      to: route.describe('Siden knappen lenker til, som /ny-i-klubben'),
    })
    .describe('En blokk til ved siden av kalenderen'),
  partnersTitle: text.describe('Overskriften over samarbeidspartnerne'),
});

type Home = z.infer<typeof homeSchema>;

export const homeLinks = (home: Home): LinkReference[] => [
  { route: home.hero.to, path: ['hero', 'to'] },
  { route: home.highlight.to, path: ['highlight', 'to'] },
];

const fillYear = (value: string, year: number) => value.replaceAll('{year}', String(year));

/** The home page: the way to swim courses, a welcome, the calendar, one more block, the newest news, social media and partners. */
export function HomeTemplate({ page, data, href, asset }: PageProps<Home>) {
  const home = page.data;
  const season = data.calendarSeason;
  const latest = newestFirst(data.news.filter((entry) => entry.status === 'published'))
    .slice(0, 3)
    .map(summaryOf);
  return (
    <div className="home">
      <a className="home-hero" href={href(home.hero.to)}>
        <img
          className="home-hero__image"
          src={asset(home.hero.image)}
          alt=""
          width="1200"
          height="560"
          fetchPriority="high"
        />
        <span className="home-hero__label">
          {home.hero.label}
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path
              d="M5 12h13M13 6l6 6-6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </a>

      <section className="home-welcome">
        <h1>{home.welcome}</h1>
        <p className="home-welcome__tagline">{data.site.tagline}</p>
        {page.html ? (
          <div className="prose home-welcome__text" dangerouslySetInnerHTML={{ __html: page.html }} />
        ) : null}
      </section>

      <div className="home-blocks">
        {season ? (
          <section
            className="home-card home-card--calendar"
            aria-labelledby="julekalender-tittel"
            data-show-until={`${season.year}-12-25`}
            hidden={!season.open}
          >
            <CalendarIcon />
            <h2 id="julekalender-tittel">{fillYear(home.calendar.heading, season.year)}</h2>
            <p>{fillYear(home.calendar.text, season.year)}</p>
            <a className="button home-card__button" href={href(season.route)}>
              {fillYear(home.calendar.button, season.year)}
            </a>
          </section>
        ) : null}
        <section className="home-card home-card--highlight" aria-labelledby="fremhevet-tittel">
          <h2 id="fremhevet-tittel">{home.highlight.heading}</h2>
          <p>{home.highlight.text}</p>
          <a className="button button--quiet home-card__button" href={href(home.highlight.to)}>
            {home.highlight.button}
          </a>
        </section>
      </div>

      <section className="home-news" aria-labelledby="nyheter-tittel">
        <h2 id="nyheter-tittel">Siste nytt</h2>
        {latest.length > 0 ? (
          <div className="home-news__list">
            {latest.map((post) => (
              <NewsCard key={post.route} post={post} level={3} href={href} asset={asset} />
            ))}
          </div>
        ) : null}
        <p>
          <a className="button button--quiet" href={href(NEWS_ROUTE)}>
            Se alle nyheter
          </a>
        </p>
      </section>

      <SocialSection
        social={data.site.social}
        level={2}
        instagramFeed={<InstagramIsland widget={data.site.social.instagramWidget} cookiesPage={href('/cookies')} />}
      />

      <PartnerGrid title={home.partnersTitle} partners={data.site.partners} asset={asset} />
    </div>
  );
}

/** A calendar page with a star: decoration for the call to action. */
function CalendarIcon() {
  return (
    <svg className="home-card__icon" aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
      <rect x="6" y="9" width="36" height="33" rx="6" fill="currentColor" opacity="0.14" />
      <rect x="6" y="9" width="36" height="33" rx="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M6 18h36M15 5v8M33 5v8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M24 23l2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.5-4.8 2.5.9-5.4-3.9-3.8 5.4-.8z" fill="currentColor" />
    </svg>
  );
}
