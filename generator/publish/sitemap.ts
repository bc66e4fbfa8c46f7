/** sitemap.xml: the indexable pages, with origin and base path, and when they last changed where that is known. */
import type { PageConsumerMaker } from '../model/pipeline.ts';
import { sitemapXml } from './site-files.ts';

type SitemapPage = { route: string; noindex: boolean; lastmod?: string | undefined };

export const sitemap: PageConsumerMaker = ({ urls }) => {
  const runs: SitemapPage[][] = [];
  return {
    take(batch) {
      // A run from a page cache brings the records the build keeps anyway: held, not copied (10,000 objects less).
      runs.push(batch.records ?? batch.pages.map(({ route, noindex, lastmod }) => ({ route, noindex, lastmod })));
    },
    files: () => [['sitemap.xml', sitemapXml(indexable(runs), urls)]],
  };
};

/** The pages a search engine is told of: not those kept out of search. */
function indexable(runs: SitemapPage[][]): SitemapPage[] {
  const pages: SitemapPage[] = [];
  for (const run of runs) for (const page of run) if (!page.noindex) pages.push(page);
  return pages;
}
