import { z } from 'zod';
import { Island } from 'clubsite/island';
import type { PageProps } from '../site/data.ts';
import { text } from '../site/schemas/common.ts';
import { EARLY_HITS_ATTRIBUTE, INDEX_LINK_ATTRIBUTE } from '../site/widgets/search-early.ts';
import { islands } from './islands.ts';

export const searchPageSchema = z.strictObject({
  /** Words offered as ready-made searches while the search field is empty. */
  suggestions: z.array(text).max(8).optional(),
});

type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * The search page. The results are a widget: it reads the query from the address and
 * fetches the prebuilt index, which no other page loads. The index starts downloading while
 * the page is still being read (preload), and the widget's module searches it and lists the
 * first hits before React has hydrated, so the first hits wait for neither.
 */
export function SearchTemplate({ page, href, searchIndex }: PageProps<SearchPage>) {
  if (!searchIndex)
    throw new Error('The search page needs the search index: register its template with usesSearchIndex.');
  const props = { indexUrl: searchIndex.url, action: href('/search'), suggestions: page.data.suggestions ?? [] };
  return (
    <div className="search-page">
      <link
        rel="preload"
        href={searchIndex.url}
        as="fetch"
        crossOrigin="anonymous"
        {...{ [INDEX_LINK_ATTRIBUTE]: '' }}
      />
      <Island island={islands['search-results']} props={props} when="load" />
      {/* The first hits, shown by the widget's module before React is here (site/widgets/search-early.ts). */}
      <ol className="search__hits search__hits--early" hidden {...{ [EARLY_HITS_ATTRIBUTE]: '' }} />
      <noscript>
        <p className="search-page__noscript">
          Søket trenger JavaScript for å vise treff. Slå på JavaScript i nettleseren, eller bruk menyen for å finne fram
          på sidene våre.
        </p>
      </noscript>
    </div>
  );
}
