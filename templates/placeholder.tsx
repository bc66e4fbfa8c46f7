import type { PageProps } from '../site/data.ts';

/** A page whose content is not written yet: a friendly sentence, noindex, not in search or sitemap. */
export function PlaceholderTemplate({ page, href }: PageProps) {
  return (
    <article className="article placeholder">
      <h1>{page.title}</h1>
      {page.html ? <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} /> : null}
      <p className="placeholder__note">Denne siden kommer snart.</p>
      <p>
        <a href={href('/')}>Til forsiden</a>
      </p>
    </article>
  );
}
