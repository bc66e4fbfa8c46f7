/**
 * Hugo and Eleventy fed the same synthetic Markdown as clubsite, for `npm run bench -- scale N
 * --compare`. Neither is a dependency: Hugo is the Debian package (`apt-get install -y hugo`),
 * Eleventy 3.1.7 is installed in a folder outside the project
 * (`npm install @11ty/eleventy@3.1.7` in /tmp/eleventy, or the folder in CLUBSITE_ELEVENTY).
 * Each gets a plain page layout, like a small theme would.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SYNTHETIC_FOLDER, writeSyntheticPages } from './synthetic-pages.ts';

export interface OtherGenerator {
  name: string;
  /** Writes the site with `count` pages under `dir`; returns the command that builds it cold into `out`. */
  prepare: (dir: string, count: number, out: string) => Promise<{ command: string; args: string[]; cwd: string }>;
}

const layout = (content: string, title: string) => `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/">Klubben</a> <nav><a href="/om">Om</a> <a href="/kontakt">Kontakt</a></nav></header>
<main><article>${content}</article></main><footer>Klubben</footer></body></html>
`;

const hugo: OtherGenerator = {
  name: 'Hugo',
  prepare: async (dir, count, out) => {
    await writeSyntheticPages(path.join(dir, 'content'), count);
    await mkdir(path.join(dir, 'layouts/_default'), { recursive: true });
    await writeFile(
      path.join(dir, 'config.toml'),
      'baseURL = "https://example.org/"\nlanguageCode = "nb"\ntitle = "Klubben"\ndisableKinds = ["taxonomy", "term", "RSS"]\n',
    );
    await writeFile(
      path.join(dir, 'layouts/_default/single.html'),
      layout('<h1>{{ .Title }}</h1>{{ .Content }}', '{{ .Title }}'),
    );
    await writeFile(path.join(dir, 'layouts/_default/list.html'), layout('<h1>{{ .Title }}</h1>', '{{ .Title }}'));
    return { command: 'hugo', args: ['--quiet', '--source', dir, '--destination', out], cwd: dir };
  },
};

const eleventyHome = process.env.CLUBSITE_ELEVENTY ?? '/tmp/eleventy';

const eleventy: OtherGenerator = {
  name: 'Eleventy 3.1.7',
  prepare: async (dir, count, out) => {
    const input = path.join(dir, 'src');
    await writeSyntheticPages(input, count);
    await mkdir(path.join(input, '_includes'), { recursive: true });
    await writeFile(
      path.join(input, '_includes/page.njk'),
      layout('<h1>{{ title }}</h1>{{ content | safe }}', '{{ title }}'),
    );
    await writeFile(path.join(input, SYNTHETIC_FOLDER, `${SYNTHETIC_FOLDER}.json`), '{ "layout": "page.njk" }\n');
    await writeFile(
      path.join(dir, 'eleventy.config.mjs'),
      'export default function () { return { markdownTemplateEngine: false, dir: { input: "src" } }; }\n',
    );
    const cli = path.join(eleventyHome, 'node_modules/@11ty/eleventy/cmd.cjs');
    return { command: process.execPath, args: [cli, '--quiet', `--output=${out}`], cwd: dir };
  },
};

/** The generators installed here (hugo on PATH, Eleventy in its folder). */
export function otherGenerators(hasHugo: boolean): OtherGenerator[] {
  const found: OtherGenerator[] = [];
  if (hasHugo) found.push(hugo);
  if (existsSync(path.join(eleventyHome, 'node_modules/@11ty/eleventy/cmd.cjs'))) found.push(eleventy);
  return found;
}
