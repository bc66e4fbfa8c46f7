import type { FaqItem } from '../schemas/common.ts';

/**
 * An exclusive accordion with no script: <details> sharing a name opens one at a time, and
 * clicking the open one closes it.
 */
export function FaqList({ id, title, items }: { id: string; title: string; items: readonly FaqItem[] }) {
  return (
    <section className="faq" aria-labelledby={`${id}-tittel`}>
      <h2 id={`${id}-tittel`}>{title}</h2>
      {items.map((item) => (
        <details key={item.q} className="faq__item" name={id}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </section>
  );
}
