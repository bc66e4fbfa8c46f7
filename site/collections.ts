/**
 * The club's data collections: which YAML file under content/ holds which data, the schema it
 * must match, and the routes it names (checked with their line). Their TypeScript types come
 * from the schemas (site/data.ts), so there is no second copy to keep in step.
 */
import { defineCollection } from '../generator/contract.ts';
import { coursesSchema } from './schemas/courses.ts';
import { menuSchema } from './schemas/menu.ts';
import { siteSettingsSchema } from './schemas/site-settings.ts';
import { trainingTimesSchema } from './schemas/training-times.ts';

export const collections = {
  site: defineCollection({
    file: 'site.yaml',
    schema: siteSettingsSchema,
    links: (settings) => Object.entries(settings.redirects).map(([from, to]) => ({ route: to, path: ['redirects', from] })),
  }),
  menu: defineCollection({
    file: 'menu.yaml',
    schema: menuSchema,
    links: (menu) => menu.items.flatMap((item, index) => (item.to ? [{ route: item.to, path: ['items', index, 'to'] }] : [])),
  }),
  courses: defineCollection({
    file: 'courses.yaml',
    schema: coursesSchema,
    links: (courses) =>
      Object.entries(courses.levelFinder.results).flatMap(([key, result]) => (result.link ? [{ route: result.link, path: ['levelFinder', 'results', key, 'link'] }] : [])),
  }),
  trainingTimes: defineCollection({ file: 'training-times.yaml', schema: trainingTimesSchema }),
};
