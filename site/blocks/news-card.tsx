import { longDate, longDateAndTime, osloInstant } from '../dates.ts';
import type { PostSummary } from '../logic/news.ts';

/** How a post not yet published is marked while editing (`clubsite dev`): the public never sees one. */
export function NewsStatus({ post }: { post: Pick<PostSummary, 'status' | 'date'> }) {
  if (post.status === 'published') return null;
  if (post.status === 'draft') return <strong className="news-status">Utkast – ikke publisert</strong>;
  return (
    <strong className="news-status">
      Planlagt – publiseres <time dateTime={osloInstant(post.date).toISOString()}>{longDateAndTime(post.date)}</time>
    </strong>
  );
}

/** One post in a list: its title as a link, its date in Norwegian, its description and picture. */
export function NewsCard({
  post,
  level,
  href,
  asset,
}: {
  post: PostSummary;
  level: 2 | 3;
  href: (route: string) => string;
  asset: (file: string) => string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="news-card">
      {post.image ? (
        <img className="news-card__image" src={asset(post.image)} alt={post.alt ?? ''} width="480" height="270" />
      ) : null}
      <div className="news-card__text">
        <Heading className="news-card__title">
          <a href={href(post.route)}>{post.title}</a>
        </Heading>
        <p className="news-card__date">
          <time dateTime={post.day}>{longDate(post.day)}</time>
        </p>
        <NewsStatus post={post} />
        <p>{post.description}</p>
      </div>
    </article>
  );
}
