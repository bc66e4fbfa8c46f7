import { z } from 'zod';
import { Island } from 'clubsite/island';
import type { PageProps } from '../site/data.ts';
import { text } from '../site/schemas/common.ts';
import { islands } from './islands.ts';

export const searchPageSchema = z.strictObject({
  /** Words offered as ready-made searches while the search field is empty. */
  suggestions: z
    .array(text)
    .max(8)
    .optional()
    .describe('Søkeord som vises som forslag før noen har skrevet noe (høyst 8)'),
});

type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * The search page. The results are a widget: it reads the query from the address and
 * fetches the prebuilt index, which no other page loads. The index starts downloading while
 * the page is still being read (preload); the widget's module, plain DOM code without React
 * (site/widgets/search-results.ts), searches it as soon as the page has run its scripts.
 */
export function SearchTemplate({ page, href, searchIndex }: PageProps<SearchPage>) {
  if (!searchIndex)
    throw new Error('The search page needs the search index: register its template with usesSearchIndex.');
  const props = { indexUrl: searchIndex.url, action: href('/search'), suggestions: page.data.suggestions ?? [] };
  return (
    <div className="search-page">
      <link rel="preload" href={searchIndex.url} as="fetch" crossOrigin="anonymous" />
      {/* In view at once; not `load`, which would preload React, that this widget does without. */}
      <Island island={islands['search-results']} props={props} when="visible" />
      <noscript>
        <p className="search-page__noscript">
          Søket trenger JavaScript for å vise treff. Slå på JavaScript i nettleseren, eller bruk menyen for å finne fram
          på sidene våre.
        </p>
      </noscript>
    </div>
  );
}
