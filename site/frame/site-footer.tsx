import type { PageProps } from '../data.ts';
import { NEWS_ROUTE } from '../logic/news.ts';
import { ThemeSwitch } from './theme-switch.tsx';

/**
 * Copyright with the year of the build's clock (corrected in the browser if the build is
 * stale), the news, Spond, and the theme switch (fixed bottom right on screen, last in reading order).
 */
export function SiteFooter({ data, now, href }: PageProps) {
  return (
    <footer className="site-footer">
      <p>
        © <span data-current-year>{now.year()}</span> {data.site.name}
      </p>
      <p>
        <a href={href(NEWS_ROUTE)}>Nyheter</a>
      </p>
      <p>
        <a href={data.site.spond} target="_blank" rel="noopener noreferrer">
          Spond (medlemmer)
          <span className="visually-hidden"> (åpnes i ny fane)</span>
        </a>
      </p>
      <ThemeSwitch />
    </footer>
  );
}
