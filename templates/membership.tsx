import { z } from 'zod';
import { FaqList, faqSections } from '../site/blocks/faq-list.tsx';
import type { PageProps } from '../site/data.ts';
import { FAQ_TITLE_HELP, faqList, text } from '../site/schemas/common.ts';

export const membershipSchema = z.strictObject({
  /** A short paragraph above the sign-up button. */
  intro: text.describe('Et kort avsnitt over knappen for innmelding'),
  /** The button's text; it links to `membershipUrl` in content/site.yaml. */
  signupLabel: text.describe('Teksten på knappen; den lenker til membershipUrl i site.yaml'),
  /** One line beside the button: what happens when you click it. */
  signupNote: text.optional().describe('Én linje ved knappen om hva som skjer når du trykker'),
  /** «Viktig å vite»: the membership rules, each a bold sentence and an explanation. */
  rules: z
    .strictObject({
      title: text.describe('Overskriften over reglene, som «Viktig å vite»'),
      items: z
        .array(
          z.strictObject({
            rule: text.describe('Regelen, i fet skrift'),
            text: text.optional().describe('Forklaringen under regelen'),
            mailto: z
              .literal('withdrawalEmail')
              .optional()
              .describe('withdrawalEmail: legger til e-postadressen for utmelding fra site.yaml som lenke'),
          }),
        )
        .min(1)
        .describe('Reglene, én per punkt'),
    })
    .optional()
    .describe('Reglene for medlemskap, under knappen'),
  faq: faqList.optional(),
  faqTitle: z.string().optional().describe(FAQ_TITLE_HELP),
});

type Membership = z.infer<typeof membershipSchema>;

/**
 * The membership page: an intro, the sign-up button (the address lives in site.yaml, so it is
 * written in one place only), the rules (the withdrawal rule carries the withdrawal e-mail
 * from site.yaml as a mailto link), then the Markdown text and an optional FAQ.
 */
export function MembershipTemplate({ page, data, slug }: PageProps<Membership>) {
  const rules = page.data.rules;
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
      {rules ? (
        <section className="prose membership__rules" aria-labelledby={slug(rules.title)}>
          <h2 id={slug(rules.title)}>{rules.title}</h2>
          <ul>
            {rules.items.map((item) => (
              <li key={item.rule}>
                <strong>{item.rule}</strong>
                {item.text ? ` ${item.text}` : null}
                {item.mailto ? (
                  <>
                    {' '}
                    <a href={`mailto:${data.site[item.mailto]}`}>{data.site[item.mailto]}</a>.
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.data.faq ? (
        <FaqList id="faq" title={page.data.faqTitle ?? 'Ofte stilte spørsmål'} items={page.data.faq} slug={slug} />
      ) : null}
    </article>
  );
}

/** The rules (one part, under their heading) and the FAQ questions, each a search result of its own. */
export function membershipSearchSections({ page, data, slug }: PageProps<Membership>) {
  const rules = page.data.rules;
  const ruleText = (rules?.items ?? []).map((item) =>
    [item.rule, item.text, item.mailto ? `${data.site[item.mailto]}.` : ''].filter(Boolean).join(' '),
  );
  return [
    ...(rules ? [{ anchor: slug(rules.title), title: rules.title, text: ruleText.join(' ') }] : []),
    ...faqSections('faq', page.data.faq, slug),
  ];
}
