import type { PageProps } from '../data.ts';
import { osloTime } from '../dates.ts';

/** Copyright with the year of the build's clock (corrected in the browser if the build is stale), and Spond. */
export function SiteFooter({ data, now }: PageProps) {
  return (
    <footer className="site-footer">
      <p>
        © <span data-current-year>{osloTime(now).year}</span> {data.site.name}
      </p>
      <p>
        <a href={data.site.spond} target="_blank" rel="noopener noreferrer">
          Spond (medlemmer)
          <span className="visually-hidden"> (åpnes i ny fane)</span>
        </a>
      </p>
    </footer>
  );
}
