/** sitemap.xml: the indexable pages, with origin and base path, and when they last changed where that is known. */
import type { PageConsumerMaker } from '../model/pipeline.ts';
import { sitemapXml } from './site-files.ts';

export const sitemap: PageConsumerMaker = ({ urls }) => {
  const pages: Array<{ route: string; lastmod?: string }> = [];
  return {
    take(batch) {
      for (const { route, noindex, lastmod } of batch.pages) if (!noindex) pages.push({ route, lastmod });
    },
    files: () => [['sitemap.xml', sitemapXml(pages, urls)]],
  };
};
