/**
 * The news fixture: a copy of the real content/ whose content/nyheter holds other posts (25 by
 * default: 23 published on 1–23 October 2025, a draft, and one dated 20 December 08:00), for
 * the build and browser tests of the news section. Copies live under node_modules/.cache and
 * are removed by `removeNewsContent`.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from './site-build.ts';

export const pad = (n: number) => String(n).padStart(2, '0');

/** Posts 1–23 on 1–23 October, 24 a draft, 25 dated 20 December at 08:00; odd ones tagged svømming, every fifth sjøløve. */
export function fixturePosts(): Record<string, string> {
  const posts: Record<string, string> = {};
  for (let n = 1; n <= 25; n += 1) {
    const day = n === 25 ? '2025-12-20' : `2025-10-${pad(n)}`;
    const tags = [
      ...(n % 2 === 1 ? ['svømming'] : []),
      ...(n % 5 === 0 ? ['sjøløve'] : []),
      ...(n === 25 ? ['åpen-dag'] : []),
    ];
    posts[`${day}-nyhet-${pad(n)}.md`] = [
      '---',
      `title: Nyhet nummer ${pad(n)} fra bassenget`,
      `description: Kort om nyhet ${pad(n)}.`,
      `date: ${n === 25 ? '2025-12-20 08:00' : day}`,
      ...(tags.length > 0 ? [`tags: [${tags.join(', ')}]`] : []),
      ...(n === 24 ? ['draft: true'] : []),
      ...(n === 3 ? ['image: images/forside-kurs.svg', 'alt: Et barn svømmer i bassenget'] : []),
      '---',
      '',
      `Dette er nyhet nummer ${pad(n)}. Les mer om [svømmekurs](/kurs).`,
      '',
    ].join('\n');
  }
  return posts;
}

const made: string[] = [];

/** A copy of content/ whose news are the given posts (file name → text); returns its content folder. */
export async function newsContent(posts: Record<string, string> = fixturePosts()): Promise<string> {
  const cache = path.join(projectRoot, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'news-'));
  made.push(dir);
  const content = path.join(dir, 'content');
  await cp(path.join(projectRoot, 'content'), content, { recursive: true });
  await rm(path.join(content, 'nyheter'), { recursive: true, force: true });
  await mkdir(path.join(content, 'nyheter'));
  for (const [name, text] of Object.entries(posts)) await writeFile(path.join(content, 'nyheter', name), text);
  return content;
}

export function removeNewsContent(): Promise<unknown> {
  return Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
