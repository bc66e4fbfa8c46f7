/**
 * A news post's page: its title, date in Norwegian, tags linking to their lists, picture and
 * text, and links to the older and newer post. One page a post of the news collection, at
 * /nyheter/<adresse> (the file name without its date).
 */
import type { RouteContext, TemplateRoute } from 'clubsite';
import { NewsStatus } from '../site/blocks/news-card.tsx';
import type { PageProps, SiteData } from '../site/data.ts';
import { longDate } from '../site/dates.ts';
import { NEWS_ROUTE, newestFirst, type PostSummary, summaryOf, tagRoute } from '../site/logic/news.ts';

export interface NewsPostPage {
  post: PostSummary;
  tags: Array<{ name: string; route: string }>;
  newer?: { route: string; title: string };
  older?: { route: string; title: string };
}

export function newsPostRoutes({ data, slug }: RouteContext<SiteData>): TemplateRoute<NewsPostPage>[] {
  const posts = newestFirst(data.news);
  const link = (index: number) => {
    const entry = posts[index];
    return entry ? { route: summaryOf(entry).route, title: entry.data.title } : undefined;
  };
  return posts.map((entry, index) => {
    const post = summaryOf(entry);
    const newer = link(index - 1);
    const older = link(index + 1);
    return {
      route: post.route,
      title: post.title,
      description: post.description,
      entry,
      lastmod: post.day,
      // A draft or a post dated later is only built while editing: never in the sitemap or the search.
      noindex: post.status !== 'published',
      data: {
        post,
        tags: entry.data.tags.map((name) => ({ name, route: tagRoute(slug(name)) })),
        ...(newer ? { newer } : {}),
        ...(older ? { older } : {}),
      },
    };
  });
}

export function NewsPostTemplate({ page, href, asset }: PageProps<NewsPostPage>) {
  const { post, tags, newer, older } = page.data;
  return (
    <article className="article news-post">
      <p className="news-post__back">
        <a href={href(NEWS_ROUTE)}>Nyheter</a>
      </p>
      <h1>{page.title}</h1>
      {post.status === 'published' ? (
        <p className="news-post__date">
          Publisert <time dateTime={post.day}>{longDate(post.day)}</time>
        </p>
      ) : (
        // Shown only while editing: a post dated later or a draft says so, never «Publisert».
        <NewsStatus post={post} />
      )}
      {tags.length > 0 ? (
        <nav aria-label="Temaer">
          <ul className="tag-list">
            {tags.map((tag) => (
              <li key={tag.route}>
                <a href={href(tag.route)}>{tag.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {post.image ? (
        <img className="news-post__image" src={asset(post.image)} alt={post.alt ?? ''} width="960" height="540" />
      ) : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {newer || older ? (
        <nav className="news-post__neighbours" aria-label="Andre nyheter">
          {older ? (
            <a className="news-post__older" href={href(older.route)}>
              <span className="news-post__direction">Eldre nyhet</span> {older.title}
            </a>
          ) : null}
          {newer ? (
            <a className="news-post__newer" href={href(newer.route)}>
              <span className="news-post__direction">Nyere nyhet</span> {newer.title}
            </a>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
