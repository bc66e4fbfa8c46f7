/**
 * The Atom feed of the club's news (/nyheter/feed.xml): the 20 newest published posts, with
 * absolute addresses, so a feed reader or another site can follow the news.
 */
import type { RouteContext } from 'clubsite';
import type { SiteData } from '../site/data.ts';
import { osloInstant } from '../site/dates.ts';
import { FEED_SIZE, NEWS_FEED, NEWS_ROUTE, newestFirst, postRoute } from '../site/logic/news.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function newsFeed({ data, now, absolute }: RouteContext<SiteData>): Record<string, string> {
  const posts = newestFirst(data.news.filter((entry) => entry.status === 'published')).slice(0, FEED_SIZE);
  const instant = (date: string) =>
    osloInstant(date)
      .toISOString()
      .replace(/\.000Z$/, 'Z');
  // The feed changed when its newest post came; an empty feed is as new as the build.
  const updated = posts[0]
    ? instant(posts[0].data.date)
    : now
        .instant()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
  const entries = posts.map((entry) => {
    const url = absolute(postRoute(entry));
    const categories = entry.data.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`);
    return [
      '  <entry>',
      `    <title>${escapeXml(entry.data.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <published>${instant(entry.data.date)}</published>`,
      `    <updated>${instant(entry.data.date)}</updated>`,
      `    <summary>${escapeXml(entry.data.description)}</summary>`,
      ...categories,
      '  </entry>',
    ].join('\n');
  });
  const name = escapeXml(data.site.name);
  const feed = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nb">',
    `  <title>Nyheter – ${name}</title>`,
    `  <subtitle>Nytt fra ${name}: kurs, arrangementer, dugnader og livet i klubben.</subtitle>`,
    `  <id>${escapeXml(absolute(NEWS_ROUTE))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(absolute(NEWS_FEED))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(absolute(NEWS_ROUTE))}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${name}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ];
  return { [NEWS_FEED]: feed.join('\n') };
}
