import { z } from 'zod';
import { FaqList, faqSections } from '../site/blocks/faq-list.tsx';
import type { PageProps } from '../site/data.ts';
import { faqItem } from '../site/schemas/common.ts';

export const articleSchema = z.strictObject({
  /** Questions and answers shown as an accordion under the text. */
  faq: z.array(faqItem).optional(),
  faqTitle: z.string().optional(),
});

type Article = z.infer<typeof articleSchema>;

/** A page of text from Markdown, with an optional FAQ. */
export function ArticleTemplate({ page, slug }: PageProps<Article>) {
  return (
    <article className="article">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.data.faq ? <FaqList id="faq" title={page.data.faqTitle ?? 'Ofte stilte spørsmål'} items={page.data.faq} slug={slug} /> : null}
    </article>
  );
}

/** The FAQ questions, each a search result of its own (the Markdown sections come from the build). */
export function articleSearchSections({ page, slug }: PageProps<Article>) {
  return faqSections('faq', page.data.faq, slug);
}
