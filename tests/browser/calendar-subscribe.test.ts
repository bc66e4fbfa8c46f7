/**
 * Issue 45: «Abonner i kalenderen» on /treningstider. Every group's calendar and each group's,
 * as a webcal: link and its https address, which the site serves as text/calendar; axe finds nothing.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { serveSite, type ServedSite } from '../support/site-build.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite('2025-12-13T10:00'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('/treningstider: Abonner i kalenderen', () => {
  test('links for all groups and for each, webcal: and https:, to calendars the site serves', async () => {
    const { page, context, problems } = await openPage(browser, { baseURL: site.url, viewport: 'mobile' });
    await page.goto('/treningstider/');
    const block = page.getByRole('region', { name: 'Abonner i kalenderen' });
    const subscribe = await block
      .getByRole('link', { name: /^Abonner på/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(subscribe).toEqual([
      'webcal://www.ksa.no/treningstider.ics',
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((group) => `webcal://www.ksa.no/treningstider/${group}.ics`),
    ]);
    const addresses = await block
      .getByRole('link', { name: /^Kalenderadressen/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(addresses).toEqual(subscribe.map((href) => href?.replace('webcal:', 'https:')));
    for (const address of addresses) {
      const response = await fetch(new URL(new URL(address).pathname, site.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    }
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
