import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

// Issue 8: what a visitor or a search engine meets is as SPEC.md says (canonical links, the
// level finder's pictures, the annual meetings, the withdrawal e-mail).

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

test('every page names itself as canonical in its raw HTML, noindex pages included; the not-found page names none', () => {
  const pages = [...site.result.files.keys()].filter((file) => file.endsWith('index.html'));
  expect(pages.length).toBeGreaterThan(25);
  for (const file of pages) {
    const html = Buffer.from(site.result.files.get(file) ?? new Uint8Array()).toString('utf8');
    if (html.includes('http-equiv="refresh"')) continue; // an old address's redirect page names its target
    if (file.startsWith('admin/')) continue; // the editors' admin: no page of the site, noindex, nofollow
    const route = `/${file.replace(/index\.html$/, '')}`;
    const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => match[1]);
    expect(canonical, file).toEqual([`https://www.ksa.no${route}`]);
  }
  for (const route of ['terminliste/', 'grupper/a/', 'om/arsmoter/', 'search/', 'kontakt/']) {
    const html = Buffer.from(site.result.files.get(`${route}index.html`) ?? new Uint8Array()).toString('utf8');
    expect(html, route).toContain(`<link rel="canonical" href="https://www.ksa.no/${route}"/>`);
    expect(html, route).toContain('<meta name="robots" content="noindex"/>');
  }
  expect(Buffer.from(site.result.files.get('404.html') ?? new Uint8Array()).toString('utf8')).not.toContain(
    'rel="canonical"',
  );
});

describe.each(['mobile', 'desktop'] as const)('at %s width', (viewport: ViewportName) => {
  test('every level-finder question shows its own picture beside it, with Norwegian alt text and its size in the markup (no shift while it loads)', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    await page.goto('/kurs/');
    const finder = page.locator('clubsite-island[data-island="level-finder"]');
    // It hydrates at the first interaction.
    await finder.getByRole('button').first().focus();
    await finder.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached' });
    const seen = new Set<string>();
    for (let question = 1; question <= 7; question++) {
      expect(await finder.locator('.level-finder__progress').textContent()).toBe(`Spørsmål ${question} av 7`);
      const image = finder.locator('.level-finder__step img');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const src = (await image.getAttribute('src')) ?? '';
      expect(seen.has(src), `question ${question} has a picture of its own`).toBe(false);
      seen.add(src);
      expect(await image.getAttribute('alt')).toMatch(/^Tegning av (et barn|en|ei)/);
      expect(await image.getAttribute('width')).toBe('200');
      expect(await image.getAttribute('height')).toBe('160');
      // Beside the question: the picture's box and the question's overlap vertically, side by side.
      const [picture, text] = await Promise.all([
        image.boundingBox(),
        finder.locator('.level-finder__question').boundingBox(),
      ]);
      expect(
        picture &&
          text &&
          picture.x + picture.width <= text.x &&
          picture.y < text.y + text.height &&
          text.y < picture.y + picture.height,
      ).toBe(true);
      if (question < 7) await finder.getByRole('button', { name: question === 1 ? 'Nei' : 'Ja', exact: true }).click();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('/om/arsmoter lists the annual meetings year by year; /medlemskap’s withdrawal rule carries the mailto link', async () => {
    const { page, context, problems } = await openPage(browser, { viewport, baseURL: site.url });
    await page.goto('/om/arsmoter/');
    const years = page.getByRole('region', { name: 'Årsmøter år for år' }).getByRole('listitem');
    expect(await years.allTextContents()).toEqual([
      '2025 – innkalling, sakspapirer og protokoll er ikke publisert ennå.',
    ]);
    expect(await page.locator('main').textContent()).not.toMatch(/TODO/);
    await page.goto('/medlemskap/');
    const rule = page.locator('main li', { hasText: 'Utmelding skjer på e-post.' });
    expect(await rule.getByRole('link').getAttribute('href')).toBe('mailto:elin@ksa.no');
    expect(await rule.getByRole('link').textContent()).toBe('elin@ksa.no');
    expect(problems).toEqual([]);
    await context.close();
  });
});
