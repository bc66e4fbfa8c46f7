import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, type Theme, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

/** Built on a Saturday, and a stale build from the Wednesday before. */
let saturday: ServedSite;
let wednesday: ServedSite;
let browser: Browser;

const SATURDAY_MORNING = '2025-12-13T10:00:00+01:00';

beforeAll(async () => {
  [saturday, wednesday, browser] = await Promise.all([
    serveSite('2025-12-13T10:00'),
    serveSite('2025-12-10T18:00'),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await saturday?.close();
  await wednesday?.close();
});

const table = (page: Page) => page.locator('main table');
const rows = (page: Page) => table(page).locator('tbody tr');
const filter = (page: Page) => page.getByLabel('Vis treninger for');

/**
 * Opens /treningstider with the browser's clock at `time`, touches the filter (the table's
 * island hydrates at the first interaction; tests/browser/early-input.test.ts covers what is
 * done before) and waits until it is live.
 */
async function openTimes(site: ServedSite, options: { viewport?: ViewportName; theme?: Theme; time?: string }) {
  const opened = await openPage(browser, { viewport: options.viewport, theme: options.theme, baseURL: site.url });
  await opened.page.clock.setFixedTime(options.time ?? SATURDAY_MORNING);
  await opened.page.goto('/treningstider/');
  await filter(opened.page).focus();
  await opened.page
    .locator('clubsite-island[data-island="training-table"][data-hydrated]')
    .waitFor({ state: 'attached' });
  return opened;
}

/** Each row as «group day» (with the pin's text where there is one), and whether it is bold. */
function rowSummary(page: Page) {
  return rows(page).evaluateAll((all) =>
    all.map((row) => {
      const cells = [...row.querySelectorAll('td')];
      const bold = cells.every((cell) => Number(getComputedStyle(cell).fontWeight) >= 700);
      return { text: `${cells[0]?.textContent} ${cells[1]?.textContent}`, bold };
    }),
  );
}

async function todayRows(page: Page): Promise<string[]> {
  const summary = await rowSummary(page);
  // Only today's rows are bold, and only they carry the pin.
  for (const row of summary) expect(row.bold).toBe(row.text.includes('📍'));
  return summary.filter((row) => row.bold).map((row) => row.text);
}

const groupsShown = async (page: Page) => [...new Set(await rows(page).locator('td:first-child').allTextContents())];

describe.each([
  ['mobile', 'light'],
  ['mobile', 'dark'],
  ['desktop', 'light'],
  ['desktop', 'dark'],
] as const)('the training times at %s width, %s theme', (viewport: ViewportName, theme: Theme) => {
  test("on a Saturday, Saturday's rows are bold with a pin; the table fits the screen and passes axe", async () => {
    const { page, context, problems } = await openTimes(saturday, { viewport, theme });
    expect(await page.getByText('Sist oppdatert 9. oktober 2025').isVisible()).toBe(true);
    expect(await rows(page).count()).toBe(25);
    expect(await todayRows(page)).toEqual(['A 📍I dag, Lørdag', 'B 📍I dag, Lørdag', 'C 📍I dag, Lørdag']);
    expect(await table(page).getByRole('img', { name: 'Basistrening' }).count()).toBe(5);
    expect(await table(page).getByRole('columnheader').allTextContents()).toHaveLength(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each(['mobile', 'desktop'] as const)('the group filter at %s width', (viewport: ViewportName) => {
  test('«Alle grupper» shows every row; one group shows only its rows; back to all shows every row again', async () => {
    const { page, context, problems } = await openTimes(saturday, { viewport });
    expect(await filter(page).inputValue()).toBe('alle');
    expect(await table(page).locator('caption').textContent()).toBe('Treningstider for alle grupper');
    await filter(page).selectOption({ label: 'Gruppe B' });
    expect(await groupsShown(page)).toEqual(['B']);
    expect(await rows(page).count()).toBe(6);
    expect(await table(page).locator('caption').textContent()).toBe('Treningstider for gruppe B');
    expect(await todayRows(page)).toEqual(['B 📍I dag, Lørdag']);
    await filter(page).selectOption({ label: 'Gruppe F' });
    expect(await rows(page).count()).toBe(1);
    expect(await todayRows(page)).toEqual([]);
    await filter(page).selectOption({ label: 'Alle grupper' });
    expect(await rows(page).count()).toBe(25);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('«Flere grupper» shows the checked groups, every row while none is checked, and starts from the group chosen', async () => {
    const { page, context, problems } = await openTimes(saturday, { viewport, theme: 'dark' });
    await filter(page).selectOption({ label: 'Flere grupper' });
    const boxes = page.getByRole('group', { name: /Velg grupper/ }).getByRole('checkbox');
    expect(await boxes.count()).toBe(6);
    expect(await rows(page).count()).toBe(25);
    await page.getByRole('checkbox', { name: 'Gruppe D' }).check();
    await page.getByRole('checkbox', { name: 'Gruppe A' }).check();
    expect(await groupsShown(page)).toEqual(['A', 'D']);
    expect(await rows(page).count()).toBe(11);
    expect(await table(page).locator('caption').textContent()).toBe('Treningstider for gruppe A og D');
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await page.getByRole('checkbox', { name: 'Gruppe A' }).uncheck();
    await page.getByRole('checkbox', { name: 'Gruppe D' }).uncheck();
    expect(await rows(page).count()).toBe(25);
    expect(await page.getByText('Ingen treninger funnet for valgte grupper.').count()).toBe(0);
    // From one group to «Flere grupper»: that group stays checked.
    await filter(page).selectOption({ label: 'Gruppe E' });
    await filter(page).selectOption({ label: 'Flere grupper' });
    expect(await page.getByRole('checkbox', { name: 'Gruppe E' }).isChecked()).toBe(true);
    expect(await groupsShown(page)).toEqual(['E']);
    // «Alle grupper» clears the choice.
    await filter(page).selectOption({ label: 'Alle grupper' });
    await filter(page).selectOption({ label: 'Flere grupper' });
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("today's rows from a stale build", () => {
  test('the server marks the build day: Wednesday rows in the HTML of a Wednesday build', () => {
    const html = String(wednesday.result.files.get('treningstider/index.html'));
    expect(html.match(/<tr class="training__today">/g)).toHaveLength(6);
    expect(html).toContain('<span class="training__pin-text">I dag, </span></span>Onsdag');
    const saturdayHtml = String(saturday.result.files.get('treningstider/index.html'));
    expect(saturdayHtml.match(/<tr class="training__today">(.*?)<\/tr>/g)?.every((row) => row.includes('Lørdag'))).toBe(
      true,
    );
  });

  test.each(['mobile', 'desktop'] as const)(
    'at %s width, a Wednesday build opened on Saturday hydrates untouched and marks Saturday, without warnings',
    async (viewport) => {
      const { page, context, problems } = await openPage(browser, { viewport, baseURL: wednesday.url });
      await page.clock.setFixedTime(SATURDAY_MORNING);
      await page.goto('/treningstider/');
      await page.locator('clubsite-island[data-island="training-table"][data-hydrated]').waitFor({ state: 'attached' });
      await expect.poll(() => todayRows(page)).toEqual(['A 📍I dag, Lørdag', 'B 📍I dag, Lørdag', 'C 📍I dag, Lørdag']);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

test('a build of the same weekday loads no React until the filter is touched; then the first choice counts', async () => {
  const { page, context, problems } = await openPage(browser, { viewport: 'mobile', baseURL: saturday.url });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.clock.setFixedTime(SATURDAY_MORNING);
  await page.goto('/treningstider/');
  await page.waitForLoadState('networkidle');
  // The table's own small module is fetched when the browser is idle, to ask whether the build is out of date.
  await expect.poll(() => scripts.some((script) => /\/training-table-[^/]+\.js$/.test(script))).toBe(true);
  expect(scripts.filter((script) => /\/chunks\/client-[^/]+\.js$/.test(script))).toEqual([]);
  expect(await page.locator('clubsite-island[data-hydrated]').count()).toBe(0);
  await filter(page).selectOption({ label: 'Gruppe D' });
  await expect.poll(async () => [...new Set(await groupsShown(page))]).toEqual(['D']);
  expect(scripts.filter((script) => /\/chunks\/client-[^/]+\.js$/.test(script))).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});
