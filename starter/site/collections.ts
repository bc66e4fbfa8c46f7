/**
 * Klubbens data: hvilken fil (eller mappe) under content/ som har hvilke data, og skjemaet de må
 * følge. Typene malene får, kommer fra skjemaene (site/schemas.ts).
 */
import { type DataOf, defineCollection, type TemplateProps } from 'clubsite';
import { activitiesSchema, NEWS_NAME, newsPostSchema, newsStatus, settingsSchema } from './schemas.ts';

export const collections = {
  site: defineCollection({ file: 'site.yaml', label: 'Klubben', schema: settingsSchema }),
  activities: defineCollection({ file: 'aktiviteter.yaml', label: 'Aktiviteter', schema: activitiesSchema }),
  news: defineCollection({
    files: 'nyheter/*.md',
    label: 'Nyheter',
    schema: newsPostSchema,
    name: { pattern: NEWS_NAME, example: 'velkommen.md' },
    status: newsStatus,
  }),
};

export type SiteData = DataOf<typeof collections>;
export type PageProps<FrontMatter = Record<string, unknown>> = TemplateProps<FrontMatter, SiteData>;
