/**
 * The club's data collections: which YAML file (or folder of Markdown files) under content/
 * holds which data, the schema it must match, and the routes it names (checked with their line). Their TypeScript types come
 * from the schemas (site/data.ts), so there is no second copy to keep in step.
 */
import { defineCollection } from 'clubsite';
import { coursesSchema } from './schemas/courses.ts';
import { newsStatus, newsWarnings } from './logic/news.ts';
import { menuSchema } from './schemas/menu.ts';
import { NEWS_FILE_NAME, newsPostSchema } from './schemas/news.ts';
import { SHARE_IMAGE, siteSettingsSchema } from './schemas/site-settings.ts';
import { trainingTimesSchema } from './schemas/training-times.ts';
import { photosSchema } from './schemas/photos.ts';

export const collections = {
  site: defineCollection({
    file: 'site.yaml',
    label: 'Klubben og forsiden',
    schema: siteSettingsSchema,
    // Redirect targets are checked by the generator itself (a broken redirect is one error, not two).
    images: (settings) => [{ file: settings.shareImage, path: ['shareImage'], kinds: ['png', 'jpeg'], ...SHARE_IMAGE }],
  }),
  menu: defineCollection({
    file: 'menu.yaml',
    label: 'Menyen',
    schema: menuSchema,
    links: (menu) =>
      menu.items.flatMap((item, index) => (item.to ? [{ route: item.to, path: ['items', index, 'to'] }] : [])),
  }),
  courses: defineCollection({
    file: 'courses.yaml',
    label: 'Kurs og nivåtest',
    schema: coursesSchema,
    links: (courses) =>
      Object.entries(courses.levelFinder.results).flatMap(([key, result]) =>
        result.link ? [{ route: result.link, path: ['levelFinder', 'results', key, 'link'] }] : [],
      ),
  }),
  trainingTimes: defineCollection({ file: 'training-times.yaml', label: 'Treningstider', schema: trainingTimesSchema }),
  // What each photo shows and whose consent it has: a photo of people without consent does not build.
  photos: defineCollection({
    file: 'photos.yaml',
    label: 'Bilder og samtykke',
    schema: photosSchema,
    images: (data) =>
      data.photos.map((entry, index) => ({
        file: entry.file,
        path: ['photos', index, 'file'],
        kinds: ['png', 'jpeg'],
      })),
  }),
  // One Markdown file a post; a draft or a post dated later is left out until its time (shown in
  // dev). A date that is not the one in the file name is a warning.
  news: defineCollection({
    files: 'nyheter/*.md',
    label: 'Nyheter',
    // The admin names a new post as the build expects: its date, then its address.
    newName: '{{year}}-{{month}}-{{day}}-{{slug}}',
    schema: newsPostSchema,
    name: { pattern: NEWS_FILE_NAME, example: '2025-11-20-pamelding-varkurs.md (the date, then the address)' },
    status: newsStatus,
    warnings: newsWarnings,
  }),
};
