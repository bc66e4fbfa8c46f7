/**
 * The news lists: /nyheter (newest first, ten a page, then /nyheter/side/2 and on) and one list
 * per tag at /nyheter/tema/<tag>. The pages are made from the news collection (`routes`), not
 * from page files.
 */
import { paginate, type RouteContext, type TemplateRoute } from 'clubsite';
import { NewsCard } from '../site/blocks/news-card.tsx';
import { Pagination, type PaginationData } from '../site/blocks/pagination.tsx';
import type { PageProps, SiteData } from '../site/data.ts';
import {
  listRoute,
  NEWS_FEED,
  NEWS_PAGE_SIZE,
  NEWS_ROUTE,
  newestFirst,
  type PostSummary,
  summaryOf,
  tagRoute,
  tagsOf,
} from '../site/logic/news.ts';

export interface NewsList {
  heading: string;
  intro: string;
  /** The tag this list is for, if it is one. */
  tag?: string;
  posts: PostSummary[];
  pagination: PaginationData;
  /** Every tag with its list, for the list of themes. */
  tags: Array<{ name: string; route: string }>;
}

export function newsListRoutes({ data, slug }: RouteContext<SiteData>): TemplateRoute<NewsList>[] {
  const posts = newestFirst(data.news);
  const tags = tagsOf(posts).map((name) => ({ name, route: tagRoute(slug(name)) }));
  const lists: Array<{
    base: string;
    tag?: string;
    posts: typeof posts;
    heading: string;
    intro: string;
    description: string;
  }> = [
    {
      base: NEWS_ROUTE,
      posts,
      heading: 'Nyheter',
      intro: 'Nytt fra Kristiansand Svømmeallianse: kurs, arrangementer, dugnader og livet i klubben.',
      description:
        'Nyheter fra Kristiansand Svømmeallianse: påmelding til kurs, julekalender, dugnad og arrangementer.',
    },
    ...tags.map(({ name, route }) => ({
      base: route,
      tag: name,
      posts: posts.filter((post) => post.data.tags.includes(name)),
      heading: `Nyheter om ${name}`,
      intro: `Alle nyheter fra klubben merket «${name}».`,
      description: `Nyheter fra Kristiansand Svømmeallianse om ${name}.`,
    })),
  ];
  return lists.flatMap((list) =>
    paginate(list.posts, NEWS_PAGE_SIZE, (page) => listRoute(list.base, page)).map((page) => ({
      route: page.route,
      title: page.page === 1 ? list.heading : `${list.heading} – side ${page.page}`,
      description: list.description,
      // While editing, a list showing a draft or a post dated later stays out of the sitemap and search.
      noindex: page.items.some((post) => post.status !== 'published'),
      data: {
        heading: list.heading,
        intro: list.intro,
        ...(list.tag === undefined ? {} : { tag: list.tag }),
        posts: page.items.map(summaryOf),
        pagination: { page: page.page, count: page.count, routes: page.routes, prev: page.prev, next: page.next },
        tags,
      },
    })),
  );
}

/** A page of a news list. */
export function NewsListTemplate({ page, href, asset }: PageProps<NewsList>) {
  const list = page.data;
  const { pagination } = list;
  return (
    <div className="news">
      <header className="news__header">
        <h1>
          {list.heading}
          {pagination.page > 1 ? <span className="news__page"> – side {pagination.page}</span> : null}
        </h1>
        <p>{list.intro}</p>
        <p className="news__links">
          {/* A space between the links: the flex layout hides it, and text read from the page (search) keeps the words apart. */}
          {list.tag ? (
            <>
              <a href={href(NEWS_ROUTE)}>Alle nyheter</a>{' '}
            </>
          ) : null}
          <a href={href(NEWS_FEED)} type="application/atom+xml">
            Abonner på nyhetene (Atom-feed)
          </a>
        </p>
      </header>
      {list.posts.length === 0 ? (
        <p>Det er ingen nyheter her ennå.</p>
      ) : (
        <div className="news__list">
          {list.posts.map((post) => (
            <NewsCard key={post.route} post={post} level={2} href={href} asset={asset} />
          ))}
        </div>
      )}
      <Pagination
        pagination={pagination}
        label={list.tag ? `Sider med nyheter om ${list.tag}` : 'Sider i nyhetsarkivet'}
        href={href}
      />
      {list.tags.length > 0 ? (
        <nav className="news__tags" aria-label="Temaer">
          <h2>Temaer</h2>
          <ul className="tag-list">
            {list.tags.map((tag) => (
              <li key={tag.route}>
                <a href={href(tag.route)} aria-current={tag.name === list.tag ? 'page' : undefined}>
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
