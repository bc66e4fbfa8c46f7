/**
 * What the generator itself reads of the site: the settings collection's `origin` and
 * `redirects`, and the site definition's own numbers (search.snippet). A wrong one is told
 * with the content's problems.
 */
import { z } from 'zod';
import type { SiteDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import { say } from '../messages/say.ts';

/** The fields of the settings collection the generator reads; the site may have more. */
export const siteSettingsSchema = z.object({
  origin: z.url({ protocol: /^https?$/ }),
  redirects: z
    .record(z.string().regex(/^\//, 'a route starting with /'), z.string().regex(/^\//, 'a route starting with /'))
    .default({}),
});

/** Characters of a document's text its hit shows (and the index keeps), unless the site says (SiteDefinition.search). */
export const SNIPPET_LENGTH = 120;

/**
 * The snippet length the site declares, or SNIPPET_LENGTH. One that is not a whole number of 1
 * or more is a problem told with the content's, in the site definition's `file`.
 */
export function snippetLength(site: Pick<SiteDefinition, 'search'>, file: string, errors: ContentError[]): number {
  const snippet = site.search?.snippet ?? SNIPPET_LENGTH;
  if (Number.isInteger(snippet) && snippet >= 1) return snippet;
  errors.push(
    new ContentError({
      code: 'invalid-field',
      file,
      field: 'search.snippet',
      ...say('invalid-field/snippet', { snippet: String(snippet), fallback: SNIPPET_LENGTH }),
    }),
  );
  return SNIPPET_LENGTH;
}
