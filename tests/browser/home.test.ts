/**
 * The home page and /sosiale-medier as a visitor meets them: the way to the courses, the
 * Christmas calendar's call to action (by the build's clock, put right by the browser's), the
 * social-media cards with the Instagram feed loaded only near the viewport, and the partners.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, settled, type Theme, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

const FEED_SCRIPT = 'https://elfsightcdn.com/platform.js';
let browser: Browser;
let dec10: ServedSite;
let dec26: ServedSite;

beforeAll(async () => {
  browser = await launchBrowser();
  dec10 = await serveSite('2025-12-10T18:00');
  dec26 = await serveSite('2025-12-26T12:00');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await dec10?.close();
  await dec26?.close();
});

/** Opens a page at a browser clock, counting requests for the feed service's script. */
async function open(
  site: ServedSite,
  route: string,
  clock: string,
  options: { viewport?: ViewportName; theme?: Theme } = {},
) {
  const opened = await openPage(browser, { ...options, baseURL: site.url });
  const feedRequests: string[] = [];
  opened.page.on('request', (request) => {
    if (request.url().startsWith('https://elfsightcdn.com/')) feedRequests.push(request.url());
  });
  await opened.page.clock.setFixedTime(new Date(clock));
  await opened.page.goto(route);
  await opened.page.waitForLoadState('networkidle');
  return { ...opened, feedRequests };
}

async function axeViolations(page: Page): Promise<string[]> {
  // The page's own content; the shared frame is checked by accessibility.test.ts.
  const results = await new AxeBuilder({ page })
    .include('#innhold')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

const calendarCta = (page: Page) => page.locator('.home-card--calendar');

describe.each([
  ['mobile', 'light'],
  ['desktop', 'dark'],
  ['mobile', 'dark'],
  ['desktop', 'light'],
] as const)('the home page on 10 December 2025 (%s, %s)', (viewport, theme) => {
  test('leads to the courses, welcomes, shows the calendar and the blocks, and passes axe', async () => {
    const { page, context, problems } = await open(dec10, '/', '2025-12-10T17:00:00Z', { viewport, theme });
    const hero = page.getByRole('link', { name: 'Finn svømmeopplæring' });
    await expect(hero.getAttribute('href')).resolves.toBe('/kurs/');
    await expect(
      hero.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      'Velkommen til Kristiansand Svømmeallianse',
    );
    await expect(page.locator('.home-welcome__tagline').innerText()).resolves.toBe('Trygg • Inkluderende • Stolt');

    await expect(calendarCta(page).isVisible()).resolves.toBe(true);
    const calendarLink = page.getByRole('link', { name: 'Åpne julekalenderen 2025' });
    await expect(calendarLink.getAttribute('href')).resolves.toBe('/julekalender/2025/');
    await expect(page.getByRole('link', { name: 'Les mer for nye medlemmer' }).getAttribute('href')).resolves.toBe(
      '/ny-i-klubben/',
    );

    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the partner grid', () => {
  test('three partner images, each an external link opening safely in a new tab', async () => {
    const { page, context, problems } = await open(dec10, '/', '2025-12-10T17:00:00Z');
    const links = page.locator('.partners a');
    await expect(links.count()).resolves.toBe(3);
    await page.locator('.partners').scrollIntoViewIfNeeded();
    // The logos load lazily once scrolled near (the page is long enough that they start outside that margin).
    await page
      .waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.partners img')].every((image) => image.complete),
      )
      .catch(() => undefined);
    const partners = await links.evaluateAll((anchors) =>
      (anchors as HTMLAnchorElement[]).map((anchor) => {
        const image = anchor.querySelector('img');
        return {
          href: anchor.href,
          target: anchor.target,
          rel: anchor.rel,
          alt: image?.alt,
          loaded: (image?.naturalWidth ?? 0) > 0,
          name: anchor.textContent?.trim(),
        };
      }),
    );
    expect(partners).toEqual([
      {
        href: 'https://www.norsk-tipping.no/grasrotandelen',
        target: '_blank',
        rel: 'noopener noreferrer',
        alt: 'Grasrotandelen fra Norsk Tipping – støtt KSA når du spiller',
        loaded: true,
        name: '(åpnes i ny fane)',
      },
      {
        href: 'https://antidoping.no/',
        target: '_blank',
        rel: 'noopener noreferrer',
        alt: 'Antidoping Norge – KSA er et rent idrettslag',
        loaded: true,
        name: '(åpnes i ny fane)',
      },
      {
        href: 'https://skagerrakswim.no/',
        target: '_blank',
        rel: 'noopener noreferrer',
        alt: 'Skagerrak Swim – svømmestevnet i Kristiansand',
        loaded: true,
        name: '(åpnes i ny fane)',
      },
    ]);
    await expect(
      page.getByRole('link', { name: /^Antidoping Norge – KSA er et rent idrettslag/ }).count(),
    ).resolves.toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the Christmas calendar call to action', () => {
  test('hides on 25 December in the browser, even on a build from 10 December', async () => {
    const { page, context, problems } = await open(dec10, '/', '2025-12-24T23:30:00Z');
    // 00:30 on 25 December in Oslo.
    await expect(calendarCta(page).isVisible()).resolves.toBe(false);
    // The call to action's button is gone (a news post about the calendar may still be listed).
    await expect(page.getByRole('link', { name: /åpne julekalenderen/i }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('still shows at 23:30 on 24 December in Oslo', async () => {
    const { page, context } = await open(dec10, '/', '2025-12-24T22:30:00Z');
    await expect(calendarCta(page).isVisible()).resolves.toBe(true);
    await context.close();
  });

  test('is hidden on 26 December, and comes back if the browser says 24 December', async () => {
    const after = await open(dec26, '/', '2025-12-26T11:00:00Z');
    await expect(calendarCta(after.page).isVisible()).resolves.toBe(false);
    expect(after.problems).toEqual([]);
    await after.context.close();
    const before = await open(dec26, '/', '2025-12-24T11:00:00Z');
    await expect(calendarCta(before.page).isVisible()).resolves.toBe(true);
    await before.context.close();
  });
});

describe.each(['mobile', 'desktop'] as const)('the social-media section on the home page (%s)', (viewport) => {
  test('three cards with their texts, buttons and notes', async () => {
    const { page, context, problems } = await open(dec10, '/', '2025-12-10T17:00:00Z', { viewport });
    const section = page.locator('section.social');
    await expect(section.getByRole('heading', { level: 2 }).innerText()).resolves.toBe('Følg oss på sosiale medier');
    await expect(section.getByRole('heading', { level: 3 }).allInnerTexts()).resolves.toEqual([
      'Instagram',
      'TikTok',
      'Facebook',
    ]);
    // The card's own buttons (the Instagram card also links to /cookies, beside its consent button).
    const buttons = await section
      .locator('.social-card__action')
      .getByRole('link')
      .evaluateAll((anchors) =>
        (anchors as HTMLAnchorElement[]).map(
          (anchor) => `${anchor.textContent} → ${anchor.href} ${anchor.target} ${anchor.rel}`,
        ),
      );
    expect(buttons).toEqual([
      'Åpne i Instagram (åpnes i ny fane) → https://www.instagram.com/kristiansandsa/ _blank noopener noreferrer',
      'Åpne TikTok-profil (åpnes i ny fane) → https://www.tiktok.com/@kristiansandsa _blank noopener noreferrer',
      'Åpne Facebook (åpnes i ny fane) → https://www.facebook.com/KSA.1922 _blank noopener noreferrer',
    ]);
    const text = await section.innerText();
    expect(text).toContain('TikTok-feed publiseres når kontoen er offentlig');
    expect(text).toContain('Facebook-feed vises her når kontoen er offentlig.');
    await expect(section.getByText('Lukket gruppe – innlogging/medlemskap kreves').count()).resolves.toBe(2);
    await expect(section.getByText('Lenke kommer snart').count()).resolves.toBe(0);
    if (viewport === 'mobile') {
      const widths = await section
        .locator('.social-card')
        .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().width)));
      expect(new Set(widths).size).toBe(1);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the Instagram feed script is requested once, only after «Vis Instagram-bilder» near the card, and the page copes when it cannot be reached', async () => {
    const { page, context, problems, feedRequests } = await open(dec10, '/', '2025-12-10T17:00:00Z', { viewport });
    const feed = page.locator('.instagram-feed');
    // Loaded and quiet, and the island has seen where it is: not near the card yet.
    await page.waitForLoadState('networkidle');
    await settled(page);
    expect(feedRequests).toEqual([]);
    await expect(page.locator(`script[src="${FEED_SCRIPT}"]`).count()).resolves.toBe(0);
    await expect(feed.locator('.elfsight-app-eee592a6-329a-4858-8b68-3578bf6a2fb7').count()).resolves.toBe(1);

    // Near the card: it asks first (issue 45), and nothing leaves the site until the visitor says yes.
    await feed.scrollIntoViewIfNeeded();
    const show = feed.getByRole('button', { name: 'Vis Instagram-bilder' });
    await show.waitFor({ state: 'visible' });
    await settled(page);
    expect(feedRequests).toEqual([]);

    // Once asked for, the feed's box holds its place while it loads (the click itself may move what follows).
    await show.click();
    await expect.poll(() => feedRequests.length).toBe(1);
    const boxBefore = await feed.boundingBox();
    expect(boxBefore?.height).toBeGreaterThanOrEqual(260);
    const belowBefore = await page
      .locator('.partners')
      .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    // The host is unreachable (the test browser has no network): the card says so, calmly.
    await expect.poll(() => feed.getAttribute('data-feed-status')).toBe('failed');
    await expect(feed.innerText()).resolves.toContain('Vi får ikke hentet bildene fra Instagram akkurat nå');

    // Scrolling away and back does not load it again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await feed.scrollIntoViewIfNeeded();
    await settled(page);
    await expect(page.locator(`script[src="${FEED_SCRIPT}"]`).count()).resolves.toBe(1);
    expect(feedRequests).toEqual([FEED_SCRIPT]);

    // Nothing moved: the box kept its height and what follows kept its place.
    const boxAfter = await feed.boundingBox();
    expect(boxAfter?.height).toBe(boxBefore?.height);
    await expect(
      page.locator('.partners').evaluate((element) => element.getBoundingClientRect().top + window.scrollY),
    ).resolves.toBe(belowBefore);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('/sosiale-medier', () => {
  test('the section is the page: its heading is the h1, and the feed loads once the visitor asks', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, context, problems, feedRequests } = await open(dec10, '/sosiale-medier/', '2025-12-10T17:00:00Z', {
        theme,
      });
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Følg oss på sosiale medier');
      await expect(page.getByRole('heading', { level: 2 }).allInnerTexts()).resolves.toEqual([
        'Instagram',
        'TikTok',
        'Facebook',
      ]);
      await page.locator('.instagram-feed').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Vis Instagram-bilder' }).click();
      await expect.poll(() => feedRequests.length).toBe(1);
      await settled(page);
      expect(feedRequests).toHaveLength(1);
      await expect(axeViolations(page)).resolves.toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test('does not add the feed script again if the page already has it', async () => {
    const { context, page, problems } = await openPage(browser, { baseURL: dec10.url });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://elfsightcdn.com/')) requests.push(request.url());
    });
    // Another embed on the page put the script there before the island woke.
    await page.addInitScript((src) => {
      document.addEventListener('DOMContentLoaded', () => {
        const script = document.createElement('script');
        script.src = src;
        script.dataset.test = 'already-there';
        document.head.append(script);
      });
    }, FEED_SCRIPT);
    await page.clock.setFixedTime(new Date('2025-12-10T17:00:00Z'));
    await page.goto('/sosiale-medier/');
    await page.locator('.instagram-feed').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('clubsite-island[data-hydrated]').count()).toBe(1);
    await settled(page);
    await expect(page.locator(`script[src="${FEED_SCRIPT}"]`).count()).resolves.toBe(1);
    await expect(page.locator(`script[src="${FEED_SCRIPT}"]`).getAttribute('data-test')).resolves.toBe('already-there');
    expect(requests).toEqual([FEED_SCRIPT]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
