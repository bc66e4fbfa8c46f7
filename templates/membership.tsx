import { z } from 'zod';
import { FaqList } from '../site/blocks/faq-list.tsx';
import type { PageProps } from '../site/data.ts';
import { faqItem, text } from '../site/schemas/common.ts';

export const membershipSchema = z.strictObject({
  /** A short paragraph above the sign-up button. */
  intro: text,
  /** The button's text; it links to `membershipUrl` in content/site.yaml. */
  signupLabel: text,
  /** One line beside the button: what happens when you click it. */
  signupNote: text.optional(),
  faq: z.array(faqItem).optional(),
  faqTitle: z.string().optional(),
});

type Membership = z.infer<typeof membershipSchema>;

/**
 * The membership page: an intro, the sign-up button (the address lives in site.yaml, so it is
 * written in one place only), then the Markdown text and an optional FAQ.
 */
export function MembershipTemplate({ page, data }: PageProps<Membership>) {
  return (
    <article className="article membership">
      <h1>{page.title}</h1>
      <p className="membership__intro">{page.data.intro}</p>
      <div className="membership__signup">
        <a
          className="button membership__button"
          href={data.site.membershipUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {page.data.signupLabel}
          <span className="visually-hidden"> (åpnes i ny fane)</span>
        </a>
        {page.data.signupNote ? <p className="membership__note">{page.data.signupNote}</p> : null}
      </div>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.data.faq ? (
        <FaqList id="faq" title={page.data.faqTitle ?? 'Ofte stilte spørsmål'} items={page.data.faq} />
      ) : null}
    </article>
  );
}
