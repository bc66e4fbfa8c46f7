import { z } from 'zod';
import { FaqList } from '../site/blocks/faq-list.tsx';
import type { PageProps } from '../site/data.ts';
import { faqItem } from '../site/schemas/common.ts';

export const articleSchema = z.strictObject({
  /** Questions and answers shown as an accordion under the text. */
  faq: z.array(faqItem).optional(),
  faqTitle: z.string().optional(),
});

type Article = z.infer<typeof articleSchema>;

/** A page of text from Markdown, with an optional FAQ. */
export function ArticleTemplate({ page }: PageProps<Article>) {
  return (
    <article className="article">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.data.faq ? (
        <FaqList id="faq" title={page.data.faqTitle ?? 'Ofte stilte spørsmål'} items={page.data.faq} />
      ) : null}
    </article>
  );
}
