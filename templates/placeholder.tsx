import { z } from 'zod';
import type { PageProps } from '../site/data.ts';
import { text } from '../site/schemas/common.ts';

export const placeholderSchema = z.strictObject({
  /** A short list under the text, one line each, like the annual meetings year by year. */
  list: z
    .strictObject({
      title: text.describe('Overskriften over lista'),
      items: z
        .array(
          z.strictObject({
            label: text.describe('Det som står først på linjen, som et årstall'),
            text: text.describe('Resten av linjen'),
          }),
        )
        .min(1)
        .describe('Linjene i lista'),
    })
    .optional()
    .describe('En kort liste under teksten, én linje per punkt (som årsmøtene år for år)'),
});

type Placeholder = z.infer<typeof placeholderSchema>;

/** A page whose content is not written yet: a friendly sentence, noindex, not in search or sitemap. */
export function PlaceholderTemplate({ page, href }: PageProps<Placeholder>) {
  const list = page.data.list;
  return (
    <article className="article placeholder">
      <h1>{page.title}</h1>
      {page.html ? <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} /> : null}
      {list ? (
        <section className="prose" aria-labelledby="liste">
          <h2 id="liste">{list.title}</h2>
          <ul>
            {list.items.map((item) => (
              <li key={item.label}>
                {item.label} – {item.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="placeholder__note">Denne siden kommer snart.</p>
      <p>
        <a href={href('/')}>Til forsiden</a>
      </p>
    </article>
  );
}
