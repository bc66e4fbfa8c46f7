import { z } from 'zod';
import type { LinkReference } from 'clubsite';
import type { PageProps } from '../site/data.ts';
import { editorMessage, route, text } from '../site/schemas/common.ts';

/** One card: the group's letter, its name, one line about it, and the page it links to. */
const groupCard = z.strictObject({
  letter: z
    .string()
    .regex(/^[A-Z]$/, 'one capital letter, like A')
    .meta(editorMessage('Én stor bokstav, som A'))
    .describe('Gruppens bokstav, som A'),
  name: text.describe('Gruppens navn'),
  description: text.describe('Én linje om gruppen'),
  route: route.describe('Gruppens side, som /grupper/a'),
});

export const groupCardsSchema = z.strictObject({
  /** The cards, in the order they are shown. */
  groups: z.array(groupCard).min(1).describe('Ett kort per gruppe, i den rekkefølgen de vises'),
});

type GroupCards = z.infer<typeof groupCardsSchema>;

/** The routes the cards link to, so the build fails with file and line on a broken one. */
export function groupCardLinks(frontMatter: GroupCards): LinkReference[] {
  return frontMatter.groups.map((group, index) => ({ route: group.route, path: ['groups', index, 'route'] }));
}

/**
 * A page of text followed by one card per training group. The whole card is clickable, but
 * the link itself is the group's name, so a screen reader hears a short, clear link text.
 */
export function GroupCardsTemplate({ page, href }: PageProps<GroupCards>) {
  return (
    <article className="group-page">
      <h1>{page.title}</h1>
      {page.html ? <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} /> : null}
      <ul className="group-cards">
        {page.data.groups.map((group) => (
          <li key={group.route} className="group-card">
            <span className="group-card__letter" aria-hidden="true">
              {group.letter}
            </span>
            <div className="group-card__body">
              <h2 className="group-card__name">
                <a className="group-card__link" href={href(group.route)}>
                  {group.name}
                </a>
              </h2>
              <p className="group-card__text">{group.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
