/**
 * The club's news as the templates list it: newest first, each post at /nyheter/<adresse> (the
 * file name without its date), tags at /nyheter/tema/<tag>, and what a list entry shows. The
 * date a post is published at is read in Oslo (site/dates.ts).
 */
import type { Clock, Entry, EntryStatus, FieldProblem } from 'clubsite';
import { dayOf, osloInstant } from '../dates.ts';
import { NEWS_FILE_NAME, type NewsPost } from '../schemas/news.ts';

export const NEWS_ROUTE = '/nyheter';
export const NEWS_FEED = '/nyheter/feed.xml';
export const NEWS_PAGE_SIZE = 10;
export const FEED_SIZE = 20;

/** Whether a post is out at the build's clock: a draft never, a post dated later on its day and time. */
export function newsStatus(post: NewsPost, now: Clock): EntryStatus {
  if (post.draft) return 'draft';
  return now.isBefore(osloInstant(post.date)) ? 'scheduled' : 'published';
}

/**
 * A post whose `date:` is not the day its file name starts with: most often a post copied from
 * another with the date changed in one place only. A warning, not an error: either may be meant.
 */
export function newsWarnings({ name, data }: { name: string; data: NewsPost }): FieldProblem[] {
  const named = name.slice(0, 'YYYY-MM-DD'.length);
  const day = dayOf(data.date);
  if (day === named) return [];
  return [
    {
      path: ['date'],
      message: `Filnavnet sier ${named}, men «date:» sier ${day}.`,
      hint: 'Gjør dem til samme dag: rett «date:» eller gi filen nytt navn. «date:» bestemmer når nyheten publiseres og hvor den står i listene.',
    },
  ];
}

/** '2025-11-20-pamelding-varkurs' → '/nyheter/pamelding-varkurs' */
export function postRoute(entry: Entry<NewsPost>): string {
  return `${NEWS_ROUTE}/${NEWS_FILE_NAME.exec(entry.name)?.[1] ?? entry.name}`;
}

/** Page n of a list: 1 is the list's own address, then …/side/2 and on. */
export function listRoute(base: string, page: number): string {
  return page === 1 ? base : `${base}/side/${page}`;
}

export const tagRoute = (slug: string) => `${NEWS_ROUTE}/tema/${slug}`;

/** Newest first; posts of the same time by file name, so the order never depends on the disk. */
export function newestFirst(entries: Entry<NewsPost>[]): Entry<NewsPost>[] {
  return [...entries].sort(
    (a, b) =>
      osloInstant(b.data.date).getTime() - osloInstant(a.data.date).getTime() ||
      (a.name < b.name ? 1 : a.name > b.name ? -1 : 0),
  );
}

/** What a list entry, the home page and a neighbour link show of a post. */
export interface PostSummary {
  route: string;
  title: string;
  description: string;
  /** The day it is published: 2025-11-20. */
  day: string;
  /** Its date as written: a day (2025-11-20, out at midnight in Oslo) or a day and time (2025-11-20 18:00). */
  date: string;
  image?: string;
  alt?: string;
  status: EntryStatus;
}

export function summaryOf(entry: Entry<NewsPost>): PostSummary {
  const { title, description, date, image, alt } = entry.data;
  return {
    route: postRoute(entry),
    title,
    description,
    day: dayOf(date),
    date,
    ...(image === undefined ? {} : { image, alt }),
    status: entry.status,
  };
}

/** Every tag used, in Norwegian alphabetical order (æ, ø, å last). */
export function tagsOf(entries: Entry<NewsPost>[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.data.tags))].sort((a, b) => a.localeCompare(b, 'nb'));
}
