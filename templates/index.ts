/**
 * The club site's definition for the generator: which content files hold which data, the
 * templates a page can pick, the islands (widgets that hydrate with React), and the scripts
 * and styles every page loads.
 */
import { defineSite, defineTemplate, type RouteContext } from 'clubsite';
import { collections } from '../site/collections.ts';
import type { SiteData } from '../site/data.ts';
import { TIME_ZONE } from '../site/dates.ts';
import { SNIPPET_LENGTH } from '../site/logic/search-settings.ts';
import { SHARE_IMAGE } from '../site/schemas/site-settings.ts';
import { calendarProblems, calendarWarnings } from '../site/schemas/calendar.ts';
import { ArticleTemplate, articleSchema, articleSearchSections } from './article.tsx';
import { CalendarTemplate, calendarSchema, calendarSearchSections } from './calendar.tsx';
import { CoursesTemplate, coursesPageSchema, coursesSearchSections, coursesSearchText } from './courses.tsx';
import { Document } from './document.tsx';
import { GroupCardsTemplate, groupCardLinks, groupCardsSchema } from './group-cards.tsx';
import { HomeTemplate, homeLinks, homeSchema } from './home.tsx';
import { INSTAGRAM_EMBED, instagramPolicy } from './instagram-island.tsx';
import { CookiesTemplate, PrivacyTemplate } from './privacy-pages.tsx';
import { THEME_KEY } from '../site/scripts/theme-switch.ts';
import { MembershipTemplate, membershipSchema, membershipSearchSections } from './membership.tsx';
import { NewsListTemplate, newsListRoutes } from './news.tsx';
import { newsFeed } from './news-feed.ts';
import { trainingCalendars } from './training-calendars.ts';
import { NewsPostTemplate, newsPostRoutes } from './news-post.tsx';
import { NotFoundTemplate } from './not-found.tsx';
import { PlaceholderTemplate, placeholderSchema } from './placeholder.tsx';
import { SocialTemplate } from './social.tsx';
import { TrainingTimesTemplate, trainingTimesPageSchema } from './training-times.tsx';
import { computed } from '../site/computed.ts';
import { islands } from './islands.ts';
import { SearchTemplate, searchPageSchema } from './search.tsx';

// The pages that embed the Instagram feed allow its service's hosts; no other page does.
const instagramFeedPolicy = ({ data }: { data: SiteData }) => instagramPolicy(data.site.social.instagramWidget);

/** The files the site makes besides pages: the news feed and the training times as calendars to subscribe to. */
function siteFiles(context: RouteContext<SiteData>): Record<string, string> {
  return { ...newsFeed(context), ...trainingCalendars(context) };
}

const site = defineSite({
  timeZone: TIME_ZONE,
  lang: 'nb',
  collections,
  computed,
  settings: 'site',
  pages: 'pages',
  templates: {
    article: defineTemplate({
      component: ArticleTemplate,
      schema: articleSchema,
      searchSections: articleSearchSections,
      images: (page) =>
        page.shareImage
          ? [{ file: page.shareImage, path: ['shareImage'], kinds: ['png', 'jpeg'], ...SHARE_IMAGE }]
          : [],
    }),
    placeholder: defineTemplate({ component: PlaceholderTemplate, schema: placeholderSchema, noindex: true }),
    // /cookies and /personvern: the club's text, then what the site declares below (storage, embeds).
    cookies: defineTemplate({ component: CookiesTemplate }),
    privacy: defineTemplate({ component: PrivacyTemplate }),
    courses: defineTemplate({
      component: CoursesTemplate,
      schema: coursesPageSchema,
      searchText: coursesSearchText,
      searchSections: coursesSearchSections,
      // Without JavaScript the course picker is a form sent to the sign-up site.
      securityPolicy: ({ data }) => ({ 'form-action': [new URL(data.site.courseSignup).origin] }),
    }),
    'training-times': defineTemplate({ component: TrainingTimesTemplate, schema: trainingTimesPageSchema }),
    'group-cards': defineTemplate({ component: GroupCardsTemplate, schema: groupCardsSchema, links: groupCardLinks }),
    membership: defineTemplate({
      component: MembershipTemplate,
      schema: membershipSchema,
      searchSections: membershipSearchSections,
    }),
    home: defineTemplate({
      component: HomeTemplate,
      schema: homeSchema,
      links: homeLinks,
      securityPolicy: instagramFeedPolicy,
    }),
    // The name is read by site/logic/calendar-season.ts: a page with it is a year's calendar.
    calendar: defineTemplate({
      component: CalendarTemplate,
      schema: calendarSchema,
      check: calendarProblems,
      warnings: calendarWarnings,
      searchSections: calendarSearchSections,
    }),
    social: defineTemplate({ component: SocialTemplate, securityPolicy: instagramFeedPolicy }),
    // The news: lists and posts made from content/nyheter/ (the names are read by templates/document.tsx).
    'news-list': defineTemplate({ component: NewsListTemplate, routes: newsListRoutes }),
    'news-post': defineTemplate({ component: NewsPostTemplate, routes: newsPostRoutes }),
    'not-found': defineTemplate({ component: NotFoundTemplate, noindex: true }),
    // A results page: kept out of robots, the sitemap and its own index.
    search: defineTemplate({
      component: SearchTemplate,
      schema: searchPageSchema,
      noindex: true,
      usesSearchIndex: true,
    }),
  },
  document: Document,
  notFound: { template: 'not-found', title: 'Fant ikke siden', description: 'Siden finnes ikke.' },
  islands,
  scripts: ['site/scripts/frame.ts', 'site/scripts/open-target.ts'],
  // What the site's own scripts keep in a visitor's browser (named on /cookies).
  storage: [
    {
      key: THEME_KEY,
      holds: 'Fargetemaet du valgte med knappen for lyst og mørkt tema: «light» eller «dark».',
      lasts: 'Til du velger et annet tema eller sletter nettstedsdata i nettleseren.',
    },
  ],
  // Third parties a page can show, each only after the visitor's yes (named on /cookies and /personvern).
  embeds: {
    [INSTAGRAM_EMBED]: {
      title: 'Instagram-bilder',
      provider: 'Elfsight (elfsight.com), som henter bildene fra Instagram (Meta)',
      hosts: [
        'elfsightcdn.com',
        '*.elfsight.com',
        '*.elfsightcdn.com',
        '*.cdninstagram.com',
        '*.fbcdn.net',
        'www.instagram.com',
      ],
      stores:
        'Når du sier ja, får Elfsight og Instagram IP-adressen din, nettleseren din og hvilken side du er på, og Elfsight kan lagre egne opplysninger i nettleseren din.',
      privacyPolicy: 'https://elfsight.com/privacy-policy/',
      securityPolicy: instagramPolicy({ script: 'https://elfsightcdn.com/platform.js', className: '' }),
    },
  },
  headScripts: ['site/scripts/theme-head.ts'],
  styles: 'site/styles/index.css',
  files: siteFiles,
  // Årsmøte notices, minutes, accounts: linked as files/… and published under /files/… as they are.
  documents: {
    folder: 'files',
    kinds: ['pdf', 'docx', 'xlsx', 'odt', 'ods', 'txt', 'csv'],
    maxBytes: 20 * 1024 * 1024,
  },
  // Photos in the text: at most 44rem wide (.prose), the full width of a phone below that.
  photos: { widths: [480, 800, 1200, 1600], sizes: '(min-width: 46rem) 44rem, calc(100vw - 2rem)' },
  search: { snippet: SNIPPET_LENGTH },
  markdownLabels: {
    footnote: (number) => `Fotnote ${number}`,
    footnotes: 'Fotnoter',
    backToText: (number) => `Tilbake til fotnote ${number} i teksten`,
    headingLink: (heading) => `Lenke til «${heading}»`,
  },
  pageFieldHelp: {
    title: 'Sidens tittel: overskriften og fanen i nettleseren',
    description: 'Én eller to setninger om siden, som søkemotorer viser under lenken',
    template: 'Hvordan siden vises (article hvis den utelates). placeholder: «Denne siden kommer snart.»',
    allowHtml: 'true lar siden bruke HTML i teksten; ellers vises HTML som tekst',
  },
});

export default site;
