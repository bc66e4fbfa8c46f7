/**
 * The club site's definition for the generator: which content files hold which data, the
 * templates a page can pick, the islands (widgets that hydrate with React), and the scripts
 * and styles every page loads.
 */
import type { SiteDefinition } from '../generator/contract.ts';
import { TIME_ZONE } from '../site/dates.ts';
import { coursesSchema, type Courses } from '../site/schemas/courses.ts';
import { menuSchema, type Menu } from '../site/schemas/menu.ts';
import { siteSettingsSchema, type SiteSettings } from '../site/schemas/site-settings.ts';
import { trainingTimesSchema } from '../site/schemas/training-times.ts';
import { ArticleTemplate, articleSchema } from './article.tsx';
import { CalendarTemplate, calendarSchema } from './calendar.tsx';
import { CoursesTemplate, coursesPageSchema, coursesSearchText } from './courses.tsx';
import { Document } from './document.tsx';
import { GroupCardsTemplate, groupCardLinks, groupCardsSchema } from './group-cards.tsx';
import { HomeTemplate, homeLinks, homeSchema } from './home.tsx';
import { instagramPolicy } from './instagram-island.tsx';
import { MembershipTemplate, membershipSchema } from './membership.tsx';
import { NotFoundTemplate } from './not-found.tsx';
import { PlaceholderTemplate } from './placeholder.tsx';
import { SocialTemplate } from './social.tsx';
import { TrainingTimesTemplate, trainingTimesPageSchema } from './training-times.tsx';
import { SearchTemplate, searchPageSchema } from './search.tsx';

// The pages that embed the Instagram feed allow its service's hosts; no other page does.
const instagramFeedPolicy = ({ data }: { data: Record<string, unknown> }) =>
  instagramPolicy((data as { site: SiteSettings }).site.social.instagramWidget);

const site: SiteDefinition = {
  timeZone: TIME_ZONE,
  collections: {
    site: {
      file: 'site.yaml',
      schema: siteSettingsSchema,
      links: (settings: SiteSettings) =>
        Object.entries(settings.redirects).map(([from, to]) => ({ route: to, path: ['redirects', from] })),
    },
    menu: {
      file: 'menu.yaml',
      schema: menuSchema,
      links: (menu: Menu) =>
        menu.items.flatMap((item, index) => (item.to ? [{ route: item.to, path: ['items', index, 'to'] }] : [])),
    },
    courses: {
      file: 'courses.yaml',
      schema: coursesSchema,
      links: (courses: Courses) =>
        Object.entries(courses.levelFinder.results).flatMap(([key, result]) =>
          result.link ? [{ route: result.link, path: ['levelFinder', 'results', key, 'link'] }] : [],
        ),
    },
    trainingTimes: { file: 'training-times.yaml', schema: trainingTimesSchema },
  },
  templates: {
    article: { component: ArticleTemplate, schema: articleSchema },
    placeholder: { component: PlaceholderTemplate, noindex: true },
    courses: { component: CoursesTemplate, schema: coursesPageSchema, searchText: coursesSearchText },
    'training-times': { component: TrainingTimesTemplate, schema: trainingTimesPageSchema },
    'group-cards': { component: GroupCardsTemplate, schema: groupCardsSchema, links: groupCardLinks },
    membership: { component: MembershipTemplate, schema: membershipSchema },
    home: { component: HomeTemplate, schema: homeSchema, links: homeLinks, securityPolicy: instagramFeedPolicy },
    // The name is read by site/logic/calendar-season.ts: a page with it is a year's calendar.
    calendar: { component: CalendarTemplate, schema: calendarSchema },
    social: { component: SocialTemplate, securityPolicy: instagramFeedPolicy },
    'not-found': { component: NotFoundTemplate, noindex: true },
    // A results page: kept out of robots, the sitemap and its own index.
    search: { component: SearchTemplate, schema: searchPageSchema, noindex: true, usesSearchIndex: true },
  },
  document: Document,
  notFound: { template: 'not-found', title: 'Fant ikke siden', description: 'Siden finnes ikke.' },
  islands: {
    'level-finder': 'site/widgets/level-finder.tsx',
    'course-picker': 'site/widgets/course-picker.tsx',
    'training-table': 'site/widgets/training-table.tsx',
    'search-results': 'site/widgets/search-results.tsx',
    'instagram-feed': 'site/widgets/instagram-feed.tsx',
  },
  islandRuntime: 'client/island-runtime.ts',
  scripts: ['client/frame.ts'],
  headScripts: ['client/theme-head.ts'],
  styles: 'site/styles/index.css',
  // Photos in the text: at most 44rem wide (.prose), the full width of a phone below that.
  photos: { widths: [480, 800, 1200, 1600], sizes: '(min-width: 46rem) 44rem, calc(100vw - 2rem)' },
  pageFieldHelp: {
    title: 'Sidens tittel: overskriften og fanen i nettleseren',
    description: 'Én eller to setninger om siden, som søkemotorer viser under lenken',
    template: 'Hvordan siden vises (article hvis den utelates). placeholder: «Denne siden kommer snart.»',
    allowHtml: 'true lar siden bruke HTML i teksten; ellers vises HTML som tekst',
  },
};

export default site;
