/**
 * Nettstedets definisjon for clubsite: hvilke innholdsfiler som har hvilke data (site/collections.ts),
 * malene en side kan velge, øya (en widget som får liv i nettleseren) og stilarket.
 */
import { defineSite, defineTemplate } from 'clubsite';
import { collections } from '../site/collections.ts';
import { ArticleTemplate } from './article.tsx';
import { Document } from './document.tsx';
import { HomeTemplate } from './home.tsx';
import { islands } from './islands.ts';
import { NewsListTemplate, NewsPostTemplate, newsListRoutes, newsPostRoutes } from './news.tsx';

export default defineSite({
  timeZone: 'Europe/Oslo',
  lang: 'nb',
  collections,
  settings: 'site',
  pages: 'pages',
  templates: {
    article: defineTemplate({ component: ArticleTemplate }),
    home: defineTemplate({ component: HomeTemplate }),
    'news-list': defineTemplate({ component: NewsListTemplate, routes: newsListRoutes }),
    'news-post': defineTemplate({ component: NewsPostTemplate, routes: newsPostRoutes }),
    'not-found': defineTemplate({ component: ArticleTemplate, noindex: true }),
  },
  document: Document,
  notFound: { template: 'not-found', title: 'Fant ikke siden', description: 'Siden finnes ikke.' },
  islands,
  scripts: [],
  headScripts: [],
  styles: 'site/style.css',
  pageFieldHelp: {
    title: 'Sidens tittel: overskriften og fanen i nettleseren',
    description: 'Én eller to setninger om siden, som søkemotorer viser under lenken',
    template: 'Hvordan siden vises (article hvis den utelates)',
    allowHtml: 'true lar siden bruke HTML i teksten; ellers vises HTML som tekst',
  },
});
