/**
 * The one generator of synthetic pages (tests/support/synthetic-pages.ts) serves the search
 * tests and the scale bench: the same page for the same arguments, however many pages are made
 * around it, in the shape Hugo and Eleventy build too.
 */
import { expect, test } from 'vitest';
import { syntheticPage as benchPage, SYNTHETIC_FOLDER } from '../bench/synthetic-pages.ts';
import { syntheticPage, syntheticPages } from '../support/synthetic-pages.ts';

test('a page is the same for the same arguments, made alone or among the others; another seed gives another page', () => {
  const pages = syntheticPages(30, 4);
  expect(syntheticPage(17, 30, 4)).toEqual(pages[17]);
  expect(syntheticPage(17, 30, 5).markdown).not.toBe(pages[17]?.markdown);
  expect(benchPage(17, 30)).toBe(benchPage(17, 30));
});

test('a page has front matter, sections, lists, a table, a code block, links within the set and a word of its own', () => {
  const page = syntheticPage(3, 50, 2);
  const text = page.markdown;
  expect(text).toMatch(/^---\ntitle: .+ 4\ndescription: .+\n---\n/);
  expect(text).toMatch(/^## /m);
  expect(text).toMatch(/^### /m);
  expect(text).toMatch(/^- /m);
  expect(text).toMatch(/^1\. /m);
  expect(text).toMatch(/^\| --- \| ---: \| --- \|$/m);
  expect(text).toMatch(/^```\n.+\n```$/m);
  for (const [, route] of text.matchAll(/\]\((\/[^)]+)\)/g))
    expect(route).toMatch(/^\/arkiv\/side-000(0[1-9]|[1-4]\d|50)$/);
  expect(text).toContain(` ${page.middleWord} `);
  expect(syntheticPages(50, 2).filter((other) => other.markdown.includes(page.middleWord))).toHaveLength(1);
  expect(text.split(/\s+/).length).toBeGreaterThan(450);
  expect(benchPage(3, 50)).toContain(`](/${SYNTHETIC_FOLDER}/side-`);
});
