/**
 * The calendar is a yearly thing: adding content/pages/julekalender/2026.yaml must add
 * /julekalender/2026 and move the menu entry and the home page's call to action to it, with
 * no change to code. Builds a copy of the real content with a 2026 file added.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { BuildFailed } from '../../generator/errors.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

let contentDir: string;

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-calendar-'));
  await cp(path.join(projectRoot, 'content'), contentDir, { recursive: true });
  const text = await readFile(path.join(contentDir, 'pages/julekalender/2025.yaml'), 'utf8');
  // Next year's calendar as a volunteer would make it: copy, change the year, the dates and the winners.
  const next = text
    .replaceAll('2025', '2026')
    .replace(/^( {4}winner:).*$/gm, '$1')
    .replace('prizeTitle: Gavekort på weekendtur', 'prizeTitle: Gavekort på fjelltur');
  await writeFile(path.join(contentDir, 'pages/julekalender/2026.yaml'), next);
});

afterAll(async () => {
  await rm(contentDir, { recursive: true, force: true });
});

function page(result: BuildResult, route: string): string {
  const file = result.files.get(route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  if (typeof file !== 'string') throw new Error(`no page at ${route}`);
  return file;
}

const menuLinks = (html: string) =>
  [...(/<nav id="meny"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, label]) => `${label} ${href}`,
  );

const calendarCta = (html: string) =>
  /<section class="home-card home-card--calendar"[^>]*>[\s\S]*?<\/section>/.exec(html)?.[0];

describe('with a 2026 calendar added, in December 2026', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite('2026-12-05T12:00', { contentDir });
  }, 60_000);

  test('both years have their page, each with its own doors', () => {
    expect(page(result, '/julekalender/2026')).toContain('Gavekort på fjelltur');
    expect(page(result, '/julekalender/2026')).toContain('<h1>Julekalender 2026</h1>');
    expect(page(result, '/julekalender/2025')).toContain('Gavekort på weekendtur');
  });

  test('the menu points at 2026', () => {
    const links = menuLinks(page(result, '/kurs'));
    expect(links).toContain('Julekalender 2026 /julekalender/2026/');
    expect(links.join('\n')).not.toContain('2025');
  });

  test("the home page's call to action leads to 2026 and shows", () => {
    const cta = calendarCta(page(result, '/'));
    expect(cta).toContain('href="/julekalender/2026/"');
    expect(cta).toContain('Julekalenderen 2026');
    expect(cta).toContain('data-show-until="2026-12-25"');
    expect(cta).not.toContain(' hidden=');
  });

  test("today's door is 5 December 2026", () => {
    const html = page(result, '/julekalender/2026');
    expect(html).toMatch(
      /<article class="calendar-door calendar-door--tonight calendar-door--today" data-door-date="2026-12-05"/,
    );
    expect(html).toContain('data-todays-draw-slot="2026-12-05"');
  });
});

describe('the real content', () => {
  test('the home call to action shows on 24 December 2025 and hides from 25 December, by the build clock', async () => {
    const before = await buildSite('2025-12-24T23:59');
    expect(calendarCta(page(before, '/'))).not.toContain(' hidden=');
    const after = await buildSite('2025-12-25T00:00');
    expect(calendarCta(page(after, '/'))).toMatch(/^<section class="home-card home-card--calendar"[^>]* hidden=""/);
  }, 60_000);

  test('with no 2026 file, the menu keeps pointing at 2025 in the spring, and the call to action stays hidden', async () => {
    const result = await buildSite('2026-03-01T12:00');
    expect(menuLinks(page(result, '/kurs'))).toContain('Julekalender 2025 /julekalender/2025/');
    expect(calendarCta(page(result, '/'))).toMatch(/^<section class="home-card home-card--calendar"[^>]* hidden=""/);
    expect(page(result, '/julekalender/2025')).not.toContain('calendar-door--today');
  }, 60_000);
});

describe('a mistake in a calendar file', () => {
  test('names the file, the line and the door', async () => {
    const file = path.join(contentDir, 'pages/julekalender/2026.yaml');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('date: 2026-12-04', 'date: 2026-12-14'));
    try {
      const error = await buildSite('2026-12-05T12:00', { contentDir }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BuildFailed);
      const [first] = (error as BuildFailed).errors;
      expect(first?.file.endsWith('pages/julekalender/2026.yaml')).toBe(true);
      expect(first?.field).toBe('doors[3].date');
      expect(first?.line).toBe(good.split('\n').findIndex((line) => line.includes('date: 2026-12-04')) + 1);
      expect(first?.wordedIn('nb').message).toBe('Dag 4 må ha datoen 2026-12-04 (det står "2026-12-14").');
    } finally {
      await writeFile(file, good);
    }
  }, 60_000);
});
