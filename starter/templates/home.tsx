import { Island } from 'clubsite/island';
import type { PageProps } from '../site/collections.ts';
import { longDate } from '../site/schemas.ts';
import { islands } from './islands.ts';
import { newestFirst, postRoute } from './news.tsx';

/** Forsiden: velkomstteksten, de nyeste nyhetene og aktivitetene med filteret. */
export function HomeTemplate({ page, data, href }: PageProps) {
  const news = newestFirst(data.news).slice(0, 3);
  return (
    <>
      <section className="prose">
        <h1>{page.title}</h1>
        <div dangerouslySetInnerHTML={{ __html: page.html }} />
      </section>
      <section aria-labelledby="nyheter">
        <h2 id="nyheter">Nyheter</h2>
        <ul className="news">
          {news.map((entry) => (
            <li key={entry.name}>
              <a href={href(postRoute(entry))}>{entry.data.title}</a> <small>{longDate(entry.data.date)}</small>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="aktiviteter">
        <h2 id="aktiviteter">Aktiviteter</h2>
        <Island island={islands['activity-filter']} props={{ activities: data.activities.activities }} />
      </section>
    </>
  );
}
