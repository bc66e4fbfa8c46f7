/**
 * The club's site built with --base /klubb/, served by `preview` from disk and by `dev` from
 * memory, in real Chromium: an old address of _redirects is a real 301 (not the redirect page
 * the build also writes for hosts that read no _redirects), and a PDF the club links to opens
 * in Chromium's own viewer rather than downloading. In headless Chromium a PDF served as
 * application/pdf, inline, is shown by the viewer (a frame of its built-in PDF extension);
 * served as bytes with nosniff, as it was, the navigation turns into a download.
 */
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BothServers, serveBoth } from '../support/both-servers.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { buildSite } from '../support/site-build.ts';
import { tinyPdf } from '../support/tiny-pdf.ts';

/** Chromium's built-in PDF viewer, an extension that shows the document in a frame of its own. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

let servers: BothServers;
let browser: Browser;

beforeAll(async () => {
  const result = await buildSite('2025-12-10T18:00', { base: '/klubb/' });
  const files = new Map(result.files);
  files.set('files/vedtekter.pdf', tinyPdf('Vedtekter for Kristiansand Svømmeallianse', 3));
  [servers, browser] = await Promise.all([serveBoth(files, '/klubb/'), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await servers?.close();
});

describe.each(['preview', 'dev'] as const)('clubsite %s', (server) => {
  test('the old address /klubb/om-klubben is a 301 to /klubb/om/, and the visitor lands there', async () => {
    const answer = await fetch(`${servers.urls[server]}/klubb/om-klubben`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/klubb/om/');
    const { page, problems, context } = await openPage(browser, { baseURL: servers.urls[server] });
    const response = await page.goto('/klubb/om-klubben');
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(new URL(page.url()).pathname).toBe('/klubb/om/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Om klubben');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a PDF opens in Chromium's viewer: application/pdf, inline, no download", async () => {
    const { page, context } = await openPage(browser, { baseURL: servers.urls[server] });
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    const response = await page.goto('/klubb/files/vedtekter.pdf');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('application/pdf');
    expect(response?.headers()['content-disposition']).toBeUndefined();
    await expect
      .poll(() => page.frames().some((frame) => frame.url().startsWith(PDF_VIEWER)), { timeout: 30_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/klubb/files/vedtekter.pdf');
    expect(downloads).toEqual([]);
    await context.close();
  });
});
