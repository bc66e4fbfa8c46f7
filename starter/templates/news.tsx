/** Nyhetene: listen på /nyheter og én side per nyhet på /nyheter/<filnavn>, laget av content/nyheter/. */
import type { Entry, RouteContext, TemplateRoute } from 'clubsite';
import type { PageProps, SiteData } from '../site/collections.ts';
import { longDate, type NewsPost } from '../site/schemas.ts';

export const postRoute = (entry: Entry<NewsPost>) => `/nyheter/${entry.name}`;

/** Nyeste først; nyheter fra samme dag etter filnavn, så rekkefølgen aldri kommer an på disken. */
export const newestFirst = (entries: Entry<NewsPost>[]) =>
  [...entries].sort((a, b) => b.data.date.localeCompare(a.data.date) || a.name.localeCompare(b.name));

export function newsListRoutes(): TemplateRoute[] {
  return [{ route: '/nyheter', title: 'Nyheter', description: 'Nytt fra klubben.', data: {} }];
}

export function newsPostRoutes({ data }: RouteContext<SiteData>): TemplateRoute<{ date: string; status: string }>[] {
  return data.news.map((entry) => ({
    route: postRoute(entry),
    title: entry.data.title,
    description: entry.data.description,
    data: { date: entry.data.date, status: entry.status },
    entry,
    noindex: entry.status !== 'published',
    lastmod: entry.data.date,
  }));
}

export function NewsListTemplate({ page, data, href }: PageProps) {
  return (
    <section className="prose">
      <h1>{page.title}</h1>
      <ul className="news">
        {newestFirst(data.news).map((entry) => (
          <li key={entry.name}>
            <a href={href(postRoute(entry))}>{entry.data.title}</a> <small>{longDate(entry.data.date)}</small>
            <p>{entry.data.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NewsPostTemplate({ page }: PageProps<{ date: string; status: string }>) {
  const { date, status } = page.data;
  return (
    <article className="prose">
      <h1>{page.title}</h1>
      <p>
        <small>
          {status === 'published' ? 'Publisert' : status === 'draft' ? 'Kladd – publiseres ikke' : 'Planlagt til'}{' '}
          {status === 'draft' ? null : longDate(date)}
        </small>
      </p>
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
