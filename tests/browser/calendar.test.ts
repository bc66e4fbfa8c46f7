/**
 * The Christmas calendar as a visitor sees it, at fixed clocks: the build's `--now` and the
 * browser's clock (Playwright) agree, or disagree as with a stale nightly build. The page is
 * static: a few lines of plain script move "today" to the browser's date.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NO_DRAW_TODAY } from '../../site/logic/calendar-doors.ts';
import { held, launchBrowser, openPage, type Theme, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

const ROUTE = '/julekalender/2025/';
let browser: Browser;
const sites: Record<'dec9' | 'dec10' | 'dec11' | 'dec26', ServedSite | undefined> = {
  dec9: undefined,
  dec10: undefined,
  dec11: undefined,
  dec26: undefined,
};

beforeAll(async () => {
  browser = await launchBrowser();
  // One after the other: the machine has two cores and others run tests too.
  // After door 9's draw (20:00): a build before it would publish Emma's win too early, and fails.
  sites.dec9 = await serveSite('2025-12-09T21:00');
  sites.dec10 = await serveSite('2025-12-10T18:00');
  sites.dec11 = await serveSite('2025-12-11T00:30');
  sites.dec26 = await serveSite('2025-12-26T12:00');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(sites).map((site) => site?.close()));
});

function site(name: keyof typeof sites): ServedSite {
  const served = sites[name];
  if (!served) throw new Error(`the ${name} build is missing`);
  return served;
}

/** The calendar page opened on a build, with the browser's clock at `clock` (an instant). */
async function openCalendar(
  build: keyof typeof sites,
  clock: string,
  options: { viewport?: ViewportName; theme?: Theme } = {},
) {
  const opened = await openPage(browser, { ...options, baseURL: site(build).url });
  const scripts: Array<{ path: string; bytes: number }> = [];
  opened.page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ path: new URL(response.url()).pathname, bytes: (await response.body()).byteLength });
  });
  await opened.page.clock.setFixedTime(new Date(clock));
  await opened.page.goto(ROUTE);
  await opened.page.waitForLoadState('networkidle');
  return { ...opened, scripts };
}

const door = (page: Page, date: string) => page.locator(`.calendar__doors [data-door-date="${date}"]`);
const todaysDraw = (page: Page) => page.locator('[data-todays-draw]');
const highlighted = (page: Page) =>
  page
    .locator('.calendar__doors [aria-current="date"]')
    .evaluateAll((doors) => doors.map((element) => element.getAttribute('data-door-date')));
const status = (page: Page, date: string) => door(page, date).locator('.calendar-door__result').innerText();

describe.each([
  ['mobile', 'light'],
  ['desktop', 'dark'],
  ['mobile', 'dark'],
  ['desktop', 'light'],
] as const)('on 10 December 2025 at 18:00 in Oslo (%s, %s)', (viewport, theme) => {
  test('door 10 is highlighted and published tonight, «Dagens trekning» shows it, and earlier doors show their winners', async () => {
    const { page, context, problems, scripts } = await openCalendar('dec10', '2025-12-10T17:00:00Z', {
      viewport,
      theme,
    });
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Julekalender 2025');
    await expect(page.locator('.calendar__header').innerText()).resolves.toContain('kl. 20.00');
    await expect(highlighted(page)).resolves.toEqual(['2025-12-10']);
    await expect(door(page, '2025-12-10').getByText('I dag').isVisible()).resolves.toBe(true);
    await expect(status(page, '2025-12-10')).resolves.toBe('Publiseres i kveld');
    await expect(status(page, '2025-12-09')).resolves.toMatch(/^vinner\s+Emma \(kalender 0157\)$/i);
    await expect(status(page, '2025-12-01')).resolves.toMatch(/^vinner\s+Kari \(kalender 0412\)$/i);
    await expect(status(page, '2025-12-11')).resolves.toBe('Ikke trukket');
    await expect(status(page, '2025-12-24')).resolves.toBe('Ikke trukket');

    const block = todaysDraw(page);
    await expect(block.isVisible()).resolves.toBe(true);
    await expect(block.getByRole('heading', { level: 2 }).innerText()).resolves.toBe('Dagens trekning');
    const shown = await block.locator('.calendar-door').innerText();
    await expect(block.getByRole('heading', { level: 3 }).textContent()).resolves.toBe('Luke 10');
    expect(shown).toContain('10. desember');
    expect(shown).toContain('Sjøsprøyt Reiser');
    expect(shown).toContain('Publiseres i kveld');

    // Static page: no React, no island runtime, only the page script.
    await expect(page.locator('clubsite-island').count()).resolves.toBe(0);
    expect(scripts.some((script) => /^\/assets\/frame-[\w-]+\.js$/.test(script.path))).toBe(true);
    expect(scripts.filter((script) => /islands-/.test(script.path))).toEqual([]);
    expect(scripts.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThan(6_000);

    // The page's own content; the shared frame is checked by accessibility.test.ts.
    const axe = await new AxeBuilder({ page })
      .include('#innhold')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      axe.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('just after midnight in Oslo, while it is still 10 December in UTC', () => {
  test('11 December 00:30 in Oslo (10 December 23:30 UTC): door 11 is today', async () => {
    const { page, context, problems } = await openCalendar('dec11', '2025-12-10T23:30:00Z');
    await expect(highlighted(page)).resolves.toEqual(['2025-12-11']);
    // Door 11 says «—»: not drawn, and it is today.
    await expect(status(page, '2025-12-11')).resolves.toBe('Publiseres i kveld');
    await expect(status(page, '2025-12-10')).resolves.toBe('Ikke trukket');
    const shown = await todaysDraw(page).locator('.calendar-door').innerText();
    expect(shown).toContain('11. desember');
    expect(shown).toContain('Lundsbroa Bilpleie');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('after Christmas Eve', () => {
  test('on 26 December no door is today and «Dagens trekning» is gone', async () => {
    const { page, context, problems } = await openCalendar('dec26', '2025-12-26T11:00:00Z');
    await expect(highlighted(page)).resolves.toEqual([]);
    await expect(todaysDraw(page).isVisible()).resolves.toBe(false);
    await expect(page.getByText('Dagens trekning').isVisible()).resolves.toBe(false);
    await expect(page.getByText('Publiseres i kveld').count()).resolves.toBe(0);
    await expect(status(page, '2025-12-24')).resolves.toBe('Ikke trukket');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a stale build is put right in the browser', () => {
  test('built on 9 December, visited on 10 December: door 10 is today', async () => {
    const built = site('dec9').result.files.get('julekalender/2025/index.html');
    expect(String(built)).toMatch(
      /<article class="calendar-door calendar-door--drawn calendar-door--today" data-door-date="2025-12-09"/,
    );

    const { page, context, problems } = await openCalendar('dec9', '2025-12-10T17:00:00Z');
    await expect(highlighted(page)).resolves.toEqual(['2025-12-10']);
    await expect(door(page, '2025-12-09').getByText('I dag').isVisible()).resolves.toBe(false);
    await expect(door(page, '2025-12-10').getByText('I dag').isVisible()).resolves.toBe(true);
    await expect(status(page, '2025-12-10')).resolves.toBe('Publiseres i kveld');
    const shown = await todaysDraw(page).locator('.calendar-door').innerText();
    expect(shown).toContain('10. desember');
    expect(shown).toContain('Publiseres i kveld');
    expect(shown).not.toContain('Emma');
    await expect(todaysDraw(page).locator('.calendar-door').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('built on 10 December, visited on 26 December: no door is today, and «Dagens trekning» keeps its place to say so', async () => {
    const { page, context, problems } = await openCalendar('dec10', '2025-12-26T11:00:00Z');
    await expect(highlighted(page)).resolves.toEqual([]);
    // The page was on screen with door 10 in the block: emptying it would move everything below.
    await expect(todaysDraw(page).isVisible()).resolves.toBe(true);
    await expect(todaysDraw(page).innerText()).resolves.toContain(NO_DRAW_TODAY);
    await expect(todaysDraw(page).locator('.calendar-door').count()).resolves.toBe(0);
    await expect(status(page, '2025-12-10')).resolves.toBe('Ikke trukket');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('sponsor logos', () => {
  const FAILING = /sjosproyt-reiser|makeskrik-kafe/;

  /** How many sponsor logos are failing ones still shown, or other ones loaded, in the page as it is. */
  const sponsorLogos = (page: Page, kind: 'failed, yet shown' | 'loaded') =>
    page.locator('img.calendar-door__logo').evaluateAll(
      (images, { failing, kind }) =>
        (images as HTMLImageElement[]).filter((image) => {
          const fails = new RegExp(failing).test(image.src);
          return kind === 'loaded' ? !fails && image.complete && image.naturalWidth > 0 : fails && !image.hidden;
        }).length,
      { failing: FAILING.source, kind },
    );

  test.each([
    ['after the page script ran', 'script first'],
    ['before the page script ran', 'logos first'],
  ] as const)('a logo that fails to load %s is hidden; the others show', async (_when, order) => {
    const { context, page, problems } = await openPage(browser, { baseURL: site('dec10').url });
    // Door 10's logo (in «Dagens trekning» too) and door 1's fail; the one that comes second is
    // held until the other is done, so the order is the test's, on a machine of any speed.
    const logosMayFail = held();
    const scriptMayRun = held();
    await context.route(/\/assets\/(sjosproyt-reiser|makeskrik-kafe)-[\w-]+\.svg$/, async (route) => {
      if (order === 'script first') await logosMayFail.until;
      await route.abort('failed');
    });
    await context.route(/\/assets\/frame-[\w-]+\.js$/, async (route) => {
      if (order === 'logos first') await scriptMayRun.until;
      await route.continue();
    });
    await page.clock.setFixedTime(new Date('2025-12-10T17:00:00Z'));
    // The page script is a module: DOMContentLoaded comes once it has run.
    await page.goto(ROUTE, { waitUntil: order === 'script first' ? 'domcontentloaded' : 'commit' });
    logosMayFail.release();
    // Scroll through the page so every lazy logo is fetched.
    for (const card of await page.locator('.calendar__doors .calendar-door').all()) await card.scrollIntoViewIfNeeded();
    if (order === 'logos first') {
      await page.waitForFunction((failing) => {
        const images = [...document.querySelectorAll<HTMLImageElement>('img.calendar-door__logo')].filter((image) =>
          new RegExp(failing).test(image.src),
        );
        return images.length === 3 && images.every((image) => image.complete && image.naturalWidth === 0);
      }, FAILING.source);
      scriptMayRun.release();
    }
    await page.waitForLoadState('networkidle');
    await expect.poll(() => sponsorLogos(page, 'failed, yet shown')).toBe(0);
    // The others load as they were scrolled to: waited for, not assumed once the network was quiet.
    await expect.poll(() => sponsorLogos(page, 'loaded')).toBe(22);

    const logos = await page.locator('img.calendar-door__logo').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({
        src: image.getAttribute('src') ?? '',
        hidden: image.hidden,
        visible: image.checkVisibility(),
        width: image.naturalWidth,
      })),
    );
    expect(logos).toHaveLength(25);
    const failed = logos.filter((logo) => FAILING.test(logo.src));
    expect(failed).toHaveLength(3);
    expect(failed.every((logo) => logo.hidden && !logo.visible)).toBe(true);
    const others = logos.filter((logo) => !failed.includes(logo));
    expect(others.every((logo) => !logo.hidden && logo.visible && logo.width > 0)).toBe(true);
    // The door still names its sponsor in text, and the page script did its work.
    await expect(door(page, '2025-12-10').innerText()).resolves.toContain('Sjøsprøyt Reiser');
    await expect(highlighted(page)).resolves.toEqual(['2025-12-10']);
    // The aborted requests are the test's doing; nothing else may complain.
    expect(problems.filter((problem) => !/Failed to load resource/.test(problem))).toEqual([]);
    await context.close();
  });
});
