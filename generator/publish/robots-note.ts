/**
 * Crawlers read robots.txt at a host's root only. Built under a base path (`--base /klubb/`),
 * the output's robots.txt is served at /klubb/robots.txt, where none looks, and its `Sitemap:`
 * line is never read: the build says so once, as a warning naming the line the host's own
 * robots.txt needs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { normalizeBase } from '../urls.ts';
import { say } from '../messages/say.ts';

/**
 * The warning for a build under a base path, or none at the root. The sitemap's address is
 * taken from the robots.txt the build wrote into `outDir` (`shown` is that folder as the user
 * named it), so it is the one the build made, origin and base included.
 */
export async function robotsUnderBase(base: string, outDir: string, shown: string): Promise<ContentError | undefined> {
  const under = normalizeBase(base);
  if (under === '/') return undefined;
  const robots = await readFile(path.join(outDir, 'robots.txt'), 'utf8').catch(() => '');
  const sitemap = /^Sitemap: *(\S+)$/m.exec(robots)?.[1];
  const root = sitemap ? new URL('/robots.txt', sitemap).href : 'the host';
  return new ContentError({
    code: 'robots-under-base',
    file: path.join(shown, 'robots.txt'),
    ...say('robots-under-base', { under, root, sitemap }),
  });
}
