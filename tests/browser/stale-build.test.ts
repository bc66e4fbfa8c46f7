import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

/**
 * A nightly build can fail for days. Every date-dependent part of a page is put right by the
 * browser's clock: here each build's `now` is two or three days before the browser's (Playwright's
 * clock API), and the page must show what it would show had it been built that day.
 */
const BUILDS = {
  /** Tuesday 9 December, after that day's draw (its winner is in the content) → Thursday 11 December. */
  december: { built: '2025-12-09T21:00', visited: '2025-12-11T18:00:00+01:00' },
  /** Tuesday 23 December, the call to action still up → Friday 26 December. */
  christmas: { built: '2025-12-23T18:00', visited: '2025-12-26T10:00:00+01:00' },
  /** Tuesday 30 December → Friday 2 January. */
  newYear: { built: '2025-12-30T12:00', visited: '2026-01-02T10:00:00+01:00' },
} as const;

const sites: Partial<Record<keyof typeof BUILDS, ServedSite>> = {};
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  for (const name of Object.keys(BUILDS) as Array<keyof typeof BUILDS>)
    sites[name] = await serveSite(BUILDS[name].built);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(sites).map((site) => site?.close()));
});

/** A page of a build, opened with the browser's clock at `clock` (by default the build's visit, days later). */
async function open(name: keyof typeof BUILDS, route: string, clock: string = BUILDS[name].visited) {
  const site = sites[name];
  if (!site) throw new Error(`no ${name} build`);
  const opened = await openPage(browser, { baseURL: site.url });
  await opened.page.clock.setFixedTime(new Date(clock));
  await opened.page.goto(route);
  await opened.page.waitForLoadState('networkidle');
  return opened;
}

/** The training rows shown bold with the pin, as «group day». */
async function todaysRows(page: Page): Promise<string[]> {
  await page.locator('clubsite-island[data-island="training-table"][data-hydrated]').waitFor({ state: 'attached' });
  return page.locator('main tbody tr.training__today').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('td')]
        .slice(0, 2)
        .map((cell) => cell.textContent?.replace(/📍|I dag,/g, '').trim())
        .join(' '),
    ),
  );
}

describe('a build three days old, put right in the browser', () => {
  test("today's training rows are Thursday's, not the build's Tuesday", async () => {
    const { page, context, problems } = await open('december', '/treningstider/');
    const rows = await todaysRows(page);
    expect(rows).toEqual(['A Torsdag', 'B Torsdag', 'C Torsdag', 'D Torsdag']);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the calendar's door of the day and «Dagens trekning» are 11 December's", async () => {
    const { page, context, problems } = await open('december', '/julekalender/2025/');
    const today = page.locator('.calendar__doors .calendar-door--today');
    expect(await today.evaluateAll((doors) => doors.map((door) => (door as HTMLElement).dataset.doorDate))).toEqual([
      '2025-12-11',
    ]);
    const draw = page.locator('[data-todays-draw]');
    expect(await draw.isVisible()).toBe(true);
    expect(await draw.locator('.calendar-door').count()).toBe(1);
    expect(await draw.locator('.calendar-door').innerText()).toContain('11. desember');
    expect(await draw.locator('.calendar-door').innerText()).not.toContain('9. desember');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the home page drops the calendar call to action after 25 December', async () => {
    const cta = (page: Page) => page.locator('main [data-show-until]');
    const fresh = await open('christmas', '/', '2025-12-23T18:00:00+01:00');
    expect(await cta(fresh.page).isVisible()).toBe(true);
    await fresh.context.close();
    const { page, context, problems } = await open('christmas', '/');
    expect(await cta(page).count()).toBe(1);
    expect(await cta(page).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the copyright year is the new one after New Year', async () => {
    const { page, context, problems } = await open('newYear', '/kurs/');
    expect(await page.locator('footer').textContent()).toContain('© 2026 Kristiansand Svømmeallianse');
    const calendar = await open('newYear', '/julekalender/2025/');
    expect(await calendar.page.locator('footer').textContent()).toContain('© 2026');
    expect(await calendar.page.locator('.calendar__doors .calendar-door--today').count()).toBe(0);
    expect(await calendar.page.locator('[data-todays-draw]').isVisible()).toBe(false);
    expect(problems).toEqual([]);
    expect(calendar.problems).toEqual([]);
    await calendar.context.close();
    await context.close();
  });
});
