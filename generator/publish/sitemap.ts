/** sitemap.xml: the indexable pages, with origin and base path, and when they last changed where that is known. */
import type { PageConsumerMaker } from '../model/pipeline.ts';
import { sitemapXml } from './site-files.ts';

export const sitemap: PageConsumerMaker = ({ urls }) => {
  const pages: Array<{ route: string; lastmod?: string }> = [];
  return {
    take(batch) {
      // The records a page cache holds are kept as they are (as in headers.ts): no copy of each.
      if (batch.records) {
        for (const record of batch.records) if (!record.noindex) pages.push(record);
      } else for (const { route, noindex, lastmod } of batch.pages) if (!noindex) pages.push({ route, lastmod });
    },
    files: () => [['sitemap.xml', sitemapXml(pages, urls)]],
  };
};
