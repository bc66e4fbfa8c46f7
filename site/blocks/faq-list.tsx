import type { SearchSection } from 'clubsite';
import type { FaqItem } from '../schemas/common.ts';

/**
 * An exclusive accordion with no script: <details> sharing a name opens one at a time, and
 * clicking the open one closes it. Each question has an anchor of its own (its slug), which
 * the search index links to; site/scripts/open-target.ts opens the question a link points at.
 */
export function FaqList({
  id,
  title,
  items,
  slug,
}: {
  id: string;
  title: string;
  items: readonly FaqItem[];
  slug: (text: string) => string;
}) {
  return (
    <section className="faq" aria-labelledby={`${id}-tittel`}>
      <h2 id={`${id}-tittel`}>{title}</h2>
      {items.map((item) => (
        <details key={item.q} id={faqAnchor(id, item.q, slug)} className="faq__item" name={id}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </section>
  );
}

/** A question's anchor: the list's id and the question's slug, so a heading with the same words keeps its own. */
function faqAnchor(listId: string, question: string, slug: (text: string) => string): string {
  return `${listId}-${slug(question)}`;
}

/** Each question as a part of the page for the search index, at the anchor FaqList gives it. */
export function faqSections(
  listId: string,
  items: readonly FaqItem[] | undefined,
  slug: (text: string) => string,
): SearchSection[] {
  return (items ?? []).map((item) => ({ anchor: faqAnchor(listId, item.q, slug), title: item.q, text: item.a }));
}
