import MarkdownIt from 'markdown-it';
import { renderMarkdown } from '../../generator/render/markdown.ts';
import { syntheticPages } from '../support/synthetic-pages.ts';
import { median, ms, printTable } from './table.ts';

/**
 * What clubsite's Markdown costs beside markdown-it alone: its link rewriting, heading ids,
 * search sections, and the footnote and heading-link plugins. The bodies of N synthetic pages
 * (`##`/`###` sections, lists, a table, code, links), parsed and rendered 15 times after a warm-up.
 */
export async function benchMarkdown(args: string[]): Promise<void> {
  const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1000);
  const bodies = syntheticPages(count).map((page) => page.markdown.slice(page.markdown.indexOf('\n---\n', 4) + 5));
  const plain = new MarkdownIt({ html: false });
  const links = { link: (href: string) => href, image: (src: string) => src, raw: () => {} };
  const runs: Array<[string, () => void]> = [
    [
      'markdown-it alone',
      () => {
        for (const body of bodies) plain.render(body);
      },
    ],
    [
      'clubsite (links, ids, sections, footnotes, heading links)',
      () => {
        for (const body of bodies) renderMarkdown(body, { allowHtml: false, bodyLineOffset: 0, links, sections: [] });
      },
    ],
  ];
  const times = runs.map(() => [] as number[]);
  for (let round = 0; round < 18; round += 1) {
    runs.forEach(([, run], index) => {
      const start = performance.now();
      run();
      if (round >= 3) times[index]?.push(performance.now() - start);
    });
  }
  printTable([
    ['renderer', 'pages', 'median', 'min'],
    ...runs.map(([name], index) => [
      name,
      count,
      ms(median(times[index] ?? [])),
      ms(Math.min(...(times[index] ?? []))),
    ]),
  ]);
}
