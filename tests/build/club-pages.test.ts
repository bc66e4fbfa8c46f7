/**
 * The club's content pages as a visitor meets them: every page exists, says something real,
 * links where it should, and the pages that are not written yet stay out of search engines.
 * Builds the real site in memory at a fixed clock.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { buildSite } from '../support/site-build.ts';

const ARTICLES = [
  '/om',
  '/personvern',
  '/cookies',
  '/medlemskap',
  '/medlemskap/utmelding',
  '/ny-i-klubben',
  '/dugnad',
  '/kontakt/steder',
  '/skagerrak-swim',
  '/grupper',
];
const GROUPS = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `/grupper/${letter}`);
const PLACEHOLDERS = [
  '/terminliste',
  ...GROUPS,
  '/trenere',
  '/utstyr',
  '/om/verdier-mal',
  '/om/styret',
  '/om/arsmoter',
  '/medlemskap/priser',
  '/kontakt',
];

let result: BuildResult;

beforeAll(async () => {
  result = await buildSite('2025-12-10T18:00');
}, 60_000);

function html(route: string): string {
  const file = result.files.get(`${route.slice(1)}/index.html`);
  if (typeof file !== 'string') throw new Error(`no page at ${route}`);
  return file;
}

/** What the page shows inside <main>, without the shared frame. */
function main(route: string): string {
  return /<main[^>]*>([\s\S]*)<\/main>/.exec(html(route))?.[1] ?? '';
}

function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();
}

interface Link {
  href: string;
  text: string;
  target?: string;
  rel?: string;
}

function links(markup: string): Link[] {
  return [...markup.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs = '', inner = '']) => {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
    return { href: attr('href') ?? '', text: text(inner), target: attr('target'), rel: attr('rel') };
  });
}

function hrefs(route: string): string[] {
  return links(main(route)).map((link) => link.href);
}

function sitemapPaths(): string[] {
  const sitemap = String(result.files.get('sitemap.xml'));
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map(([, path]) => path ?? '');
}

describe('the club pages', () => {
  test('every page of the club content exists, with its own title as the only h1 and a real description', () => {
    for (const route of [...ARTICLES, ...PLACEHOLDERS]) {
      const page = html(route);
      const h1s = [...main(route).matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map(([, inner]) => text(inner ?? ''));
      expect(h1s, route).toHaveLength(1);
      expect(page, route).toContain(`<title>${h1s[0]} – Kristiansand Svømmeallianse</title>`);
      const description = /<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? '';
      // A sentence of its own, not "Tittel – Kristiansand Svømmeallianse."
      expect(description.split(' ').length, `${route}: ${description}`).toBeGreaterThanOrEqual(8);
    }
  });

  test('headings go in order on every club page: no level is skipped', () => {
    for (const route of [...ARTICLES, ...PLACEHOLDERS]) {
      const levels = [...main(route).matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));
      levels.forEach((level, index) => {
        if (index > 0)
          expect(
            level - (levels[index - 1] ?? 1),
            `${route}: h${levels[index - 1]} then h${level}`,
          ).toBeLessThanOrEqual(1);
      });
    }
  });

  test('no page of the whole site shows TODO or Lorem ipsum', () => {
    for (const [file, contents] of result.files) {
      if (!/\.(html|json|xml|txt)$/.test(file)) continue;
      const body = String(contents);
      expect(body, file).not.toMatch(/\bTODO\b/);
      expect(body, file).not.toMatch(/lorem/i);
    }
  });

  test('pages that are not written yet say so, are noindex and stay out of the sitemap; written pages are in it', () => {
    const inSitemap = sitemapPaths();
    for (const route of PLACEHOLDERS) {
      expect(html(route), route).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
      expect(main(route), route).toContain('Denne siden kommer snart.');
      expect(inSitemap, route).not.toContain(`${route}/`);
    }
    for (const route of ARTICLES) {
      expect(html(route), route).not.toContain('noindex');
      expect(inSitemap, route).toContain(`${route}/`);
    }
  });
});

describe('what each page offers', () => {
  test('/medlemskap has a Bli medlem button to the membership registration, opening safely in a new tab', () => {
    const signup = links(main('/medlemskap')).find((link) => link.text.startsWith('Bli medlem'));
    expect(signup).toEqual({
      href: 'https://medlemskap.nif.no/23797',
      text: 'Bli medlem (åpnes i ny fane)',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    const page = text(main('/medlemskap'));
    expect(page).toContain('Deltakelse og gruppe må bekreftes av klubben før oppstart');
    expect(page).toContain('Utmelding skjer på e-post');
    expect(page).toContain('får du ikke tilbake medlemskontingent eller treningsavgift');
    expect(hrefs('/medlemskap')).toEqual(expect.arrayContaining(['/medlemskap/priser/', 'mailto:elin@ksa.no']));
  });

  test('/medlemskap/utmelding gives the e-mail to write to and the no-refund rule', () => {
    expect(hrefs('/medlemskap/utmelding').some((href) => href.startsWith('mailto:elin@ksa.no'))).toBe(true);
    expect(text(main('/medlemskap/utmelding'))).toContain('får du ikke tilbake medlemskontingent eller treningsavgift');
  });

  test('/ny-i-klubben links to membership, courses, training times and the about page, and answers questions', () => {
    expect(hrefs('/ny-i-klubben')).toEqual(
      expect.arrayContaining(['/medlemskap/', '/kurs/', '/treningstider/', '/om-klubben/']),
    );
    // /om-klubben is an old address that sends the visitor on to /om.
    expect(String(result.files.get('om-klubben/index.html'))).toContain('/om/');
    const page = text(main('/ny-i-klubben'));
    for (const advice of [
      '10 minutter før',
      'Tettsittende badetøy',
      'Svømmebriller',
      'Badehette',
      'Aquarama',
      'Spicheren',
    ])
      expect(page).toContain(advice);
    expect(main('/ny-i-klubben').match(/<details/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  });

  test('/dugnad explains the work, says where notices come, that referee courses are paid, and links to Kontakt', () => {
    const page = text(main('/dugnad'));
    for (const part of [
      'Loddsalg',
      'Stevner',
      'Dommere',
      'Frivillige verv',
      'Spond',
      'e-post',
      'dekker kostnadene for dommerkurset',
    ])
      expect(page).toContain(part);
    expect(hrefs('/dugnad')).toContain('/kontakt/');
    expect(main('/dugnad')).toContain('<details');
  });

  test('/skagerrak-swim links to the event site, to dugnad and to Kontakt', () => {
    expect(hrefs('/skagerrak-swim')).toEqual(
      expect.arrayContaining(['https://skagerrakswim.no/', '/dugnad/', '/kontakt/']),
    );
  });

  test('the groups page has a card linking to each of the six group pages', () => {
    const cards = links(main('/grupper')).filter((link) => link.href.startsWith('/grupper/'));
    expect(cards.map((card) => [card.text, card.href])).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((letter) => [`Gruppe ${letter}`, `/grupper/${letter.toLowerCase()}/`]),
    );
  });

  test('/om links to values, board and annual meetings; Årsmøter lists 2025 and says its documents are not out yet', () => {
    expect(hrefs('/om')).toEqual(expect.arrayContaining(['/om/verdier-mal/', '/om/styret/', '/om/arsmoter/']));
    expect(text(main('/om'))).toContain('Trygg, inkluderende og stolt');
    expect(text(main('/om/arsmoter'))).toContain('2025 – innkalling, sakspapirer og protokoll er ikke publisert ennå');
  });

  test('/kontakt/steder names both venues and says plainly that the map is not ready', () => {
    const page = text(main('/kontakt/steder'));
    expect(page).toContain('Aquarama er Kristiansands offentlige svømmehall');
    expect(page).toContain('Spicheren');
    expect(page).toContain('Kartet over treningsstedene er ikke klart ennå');
  });

  test('/cookies says the site tracks no one, and names the theme choice it stores', () => {
    const page = text(main('/cookies'));
    expect(page).toContain('vi sporer deg ikke');
    expect(page).toContain('knappen for lyst og mørkt tema');
  });
});
