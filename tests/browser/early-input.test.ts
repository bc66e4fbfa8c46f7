import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest';
import { held, launchBrowser, openPage, settled, type ViewportName } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

// Issue 8: what a visitor does in a widget before it has hydrated is kept, on a slow phone too.

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-10T18:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const SIGNUP = 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=';

/** When the React chunks (and the course picker's module) arrive, as the test chooses. */
type Arrival = 'after the input' | 'at the first input' | 'at once';

/**
 * A page whose React chunks (`react` and `react-dom/client`, named after their modules) are held
 * back, as on a slow phone, and so is the course picker's module (plain DOM code, it needs no
 * React); the page itself and the island runtime are there at once. The chunks are held until
 * `release()`: never for a duration, so the test knows what the page had when it asserts, on a
 * machine of any speed.
 */
async function slowPage(viewport: ViewportName) {
  const opened = await openPage(browser, { viewport, baseURL: site.url, clock: new Date('2025-12-10T18:00:00+01:00') });
  const chunks = held();
  // What the page and the test did, and when: told only if the test fails (a hang says where it was).
  const start = performance.now();
  const steps: string[] = [];
  const step = (what: string) => steps.push(`${(performance.now() - start).toFixed(0)} ms ${what}`);
  onTestFailed(() => console.log(`steps of the failed test:\n${steps.join('\n')}`));
  await opened.page.route(/\/assets\/chunks\/(react|client|course-picker)-[^/]*\.js$/, async (route) => {
    step(`held ${route.request().url().split('/').pop()}`);
    await chunks.until;
    await route.continue();
    step(`sent ${route.request().url().split('/').pop()}`);
  });
  const release = () => {
    step('released');
    chunks.release();
  };
  return { ...opened, release, step };
}

const island = (page: Page, name: string) => page.locator(`clubsite-island[data-island="${name}"]`);
const isHydrated = (page: Page, name: string) =>
  island(page, name).evaluate((element) => element.hasAttribute('data-hydrated'));
const hydrated = (page: Page, name: string) =>
  island(page, name).and(page.locator('[data-hydrated]')).waitFor({ state: 'attached', timeout: 30_000 });

/**
 * What the visitor does in `name` (`act`), with the held chunks released when `arrival` says:
 * held until after the input, the widget is asserted not hydrated yet when the input is done.
 * Resolves once the widget is live.
 */
async function visitorActs(
  slow: Awaited<ReturnType<typeof slowPage>>,
  arrival: Arrival,
  name: string,
  act: () => Promise<void>,
): Promise<void> {
  if (arrival === 'at the first input') slow.release();
  await act();
  slow.step('input done');
  if (arrival === 'after the input') {
    expect(await isHydrated(slow.page, name)).toBe(false);
    slow.release();
  }
  await hydrated(slow.page, name);
  slow.step('hydrated');
}

describe.each([
  ['mobile', 'after the input'],
  ['desktop', 'after the input'],
  ['mobile', 'at the first input'],
  ['desktop', 'at the first input'],
  ['mobile', 'at once'],
  ['desktop', 'at once'],
] as const)('at %s width with React arriving %s', (viewport: ViewportName, arrival: Arrival) => {
  const open = async (route: string) => {
    const slow = await slowPage(viewport);
    if (arrival === 'at once') slow.release();
    await slow.page.goto(route, { waitUntil: 'domcontentloaded' });
    slow.step(`at ${route}`);
    return slow;
  };

  test('a course picked at once gives the sign-up link for that course after hydration', async () => {
    const slow = await open('/kurs/');
    const { page, context, problems } = slow;
    const select = page.getByLabel('Velg kurs', { exact: true });
    await visitorActs(slow, arrival, 'course-picker', async () => {
      await select.selectOption({ label: 'Pingvin' });
    });
    const link = page.getByRole('link', { name: 'Gå til påmelding i Trygg i vann (åpnes i ny fane)' });
    await expect.poll(() => link.getAttribute('href')).toBe(`${SIGNUP}4`);
    expect(await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent)).toBe(
      'Pingvin',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test('«Nei» then «Ja» clicked at once count once each: question 3 is shown', async () => {
    const slow = await open('/kurs/');
    const { page, context, problems } = slow;
    const finder = page.locator('.level-finder');
    await visitorActs(slow, arrival, 'level-finder', async () => {
      await finder.getByRole('button', { name: 'Nei', exact: true }).click();
      await finder.getByRole('button', { name: 'Ja', exact: true }).click();
    });
    // The whole panel is read (it is always there): a result in place of the question says so at once.
    const panel = () => finder.locator('.level-finder__panel').innerText({ timeout: 5_000 });
    await expect.poll(panel).toContain('Spørsmål 3 av 7');
    slow.step('question 3');
    // Settled: nothing replays a second time.
    await settled(page);
    slow.step('settled');
    expect(await panel()).toContain('Spørsmål 3 av 7');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('group C chosen at once in /treningstider shows only group C after hydration', async () => {
    const slow = await open('/treningstider/');
    const { page, context, problems } = slow;
    await visitorActs(slow, arrival, 'training-table', async () => {
      await page.getByLabel('Vis treninger for').selectOption({ label: 'Gruppe C' });
    });
    const groups = () => page.locator('main table tbody tr td:first-child').allTextContents();
    await expect.poll(async () => [...new Set(await groups())]).toEqual(['C']);
    expect(await page.locator('main table caption').textContent()).toBe('Treningstider for gruppe C');
    expect(problems).toEqual([]);
    await context.close();
  });
});

test.each(['mobile', 'desktop'] as const)(
  'without JavaScript at %s width, the course picker still opens the chosen course’s sign-up page',
  async (viewport) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: site.url,
      viewport: viewport === 'mobile' ? { width: 375, height: 740 } : { width: 1280, height: 900 },
    });
    await context.route(
      (url) => !url.href.startsWith(site.url),
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Trygg i vann</title>' }),
    );
    const page = await context.newPage();
    await page.goto('/kurs/');
    await page.getByLabel('Velg kurs', { exact: true }).selectOption({ label: 'Pingvin' });
    const [signup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Gå til påmelding i Trygg i vann (åpnes i ny fane)' }).click(),
    ]);
    await signup.waitForLoadState('domcontentloaded');
    expect(signup.url()).toBe(`${SIGNUP}4`);
    await context.close();
  },
);
