/**
 * Issue 45: /cookies and /personvern say what the site does. Each holds real Norwegian text (more
 * than 150 words, no placeholder wording), and /cookies names every key the site's and the tool's
 * browser scripts keep in localStorage and every embed the site declares, with its hosts.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import site from '../../templates/index.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

let result: BuildResult;
beforeAll(async () => {
  result = await buildSite('2025-12-10T18:00');
}, 120_000);

/** The visible text of a page's <main>. */
function mainText(file: string): string {
  const html = String(result.files.get(file) ?? '');
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every localStorage key the browser code names: a literal, or a constant defined in the same code. */
async function storageKeys(): Promise<string[]> {
  const sources: string[] = [];
  for (const folder of ['site', 'client']) {
    for (const file of await readdir(path.join(projectRoot, folder), { recursive: true })) {
      if (/\.tsx?$/.test(file)) sources.push(await readFile(path.join(projectRoot, folder, file), 'utf8'));
    }
  }
  const all = sources.join('\n');
  const constants = new Map(
    [...all.matchAll(/export const ([A-Z_]+) = '([^']+)'/g)].map((match) => [match[1], match[2]] as const),
  );
  const keys = [...all.matchAll(/localStorage\.(?:getItem|setItem|removeItem)\(\s*('([^']+)'|[A-Z_]+)/g)].map(
    (match) => match[2] ?? constants.get(match[1] ?? '') ?? `unresolved ${match[1]}`,
  );
  return [...new Set(keys)].sort();
}

describe('/cookies and /personvern', () => {
  test.each(['cookies/index.html', 'personvern/index.html'])('%s is real text, more than 150 words', (file) => {
    const text = mainText(file);
    expect(text.split(' ').length).toBeGreaterThan(150);
    expect(text).not.toMatch(/TODO|kommer snart|Her kommer|placeholder|lorem/i);
  });

  test('/cookies names every key the browser code keeps in localStorage', async () => {
    const keys = await storageKeys();
    expect(keys).toEqual(['clubsite-consent', 'theme']);
    const text = mainText('cookies/index.html');
    for (const key of keys) expect(text).toContain(key);
  });

  test('/cookies names every embed the site declares, with its hosts and provider', () => {
    const embeds = Object.values(site.embeds ?? {});
    expect(embeds.length).toBeGreaterThan(0);
    const text = mainText('cookies/index.html');
    for (const embed of embeds) {
      expect(text).toContain(embed.title);
      expect(text).toContain(embed.provider);
      for (const host of embed.hosts) expect(text).toContain(host);
    }
  });

  test('/personvern says where the site is hosted and who to contact', () => {
    const text = mainText('personvern/index.html');
    expect(text).toContain('GitHub Pages');
    expect(text).toContain('https://www.ksa.no');
    expect(text).toContain('elin@ksa.no');
    expect(text).toContain('Datatilsynet');
  });
});
