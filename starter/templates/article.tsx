import type { PageProps } from '../site/collections.ts';

/** En vanlig side: tittelen og teksten fra Markdown-filen. */
export function ArticleTemplate({ page }: PageProps) {
  return (
    <article className="prose">
      <h1>{page.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
