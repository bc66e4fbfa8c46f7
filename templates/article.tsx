import { z } from 'zod';
import { FaqList, faqSections } from '../site/blocks/faq-list.tsx';
import type { PageProps } from '../site/data.ts';
import { FAQ_TITLE_HELP, faqList, shareImageFile, text } from '../site/schemas/common.ts';

export const articleSchema = z
  .strictObject({
    /** Questions and answers shown as an accordion under the text. */
    faq: faqList.optional(),
    faqTitle: z.string().optional().describe(FAQ_TITLE_HELP),
    /** The page's own picture when it is shared (instead of the one in site.yaml): 1200 × 630, with its description. */
    shareImage: shareImageFile
      .optional()
      .describe('Sidens eget bilde når den deles: PNG eller JPEG, 1200 × 630 piksler, med shareImageAlt'),
    shareImageAlt: text.optional().describe('Hva delingsbildet viser, for dem som ikke ser det'),
  })
  .refine((page) => (page.shareImage === undefined) === (page.shareImageAlt === undefined), {
    message: 'Feltene «shareImage» og «shareImageAlt» hører sammen: et bilde og hva det viser',
    params: { hint: 'Skriv begge, eller ingen av dem: «shareImageAlt:» sier med en kort tekst hva bildet viser.' },
    path: ['shareImageAlt'],
  });

type Article = z.infer<typeof articleSchema>;

/** A page of text from Markdown, with an optional FAQ. */
export function ArticleTemplate({ page, slug }: PageProps<Article>) {
  return (
    <article className="article">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.data.faq ? (
        <FaqList id="faq" title={page.data.faqTitle ?? 'Ofte stilte spørsmål'} items={page.data.faq} slug={slug} />
      ) : null}
    </article>
  );
}

/** The FAQ questions, each a search result of its own (the Markdown sections come from the build). */
export function articleSearchSections({ page, slug }: PageProps<Article>) {
  return faqSections('faq', page.data.faq, slug);
}
