/**
 * Screenshots of pages at 375 and 1280 px, light and dark, for a person to look at:
 * `node bin/run-ts.js tests/support/screenshots.ts <out-dir> [now] [route …]`. Not a test.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser, openPage, VIEWPORTS, type Theme, type ViewportName } from './browser.ts';
import { serveSite } from './site-build.ts';

const [outDir = 'screenshots', now = '2025-12-10T18:00', ...routes] = process.argv.slice(2);
const chosen = routes.length > 0 ? routes : ['/', '/kurs/', '/treningstider/', '/julekalender/2025/'];

const site = await serveSite(now);
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  for (const theme of ['light', 'dark'] as Theme[]) {
    const { page, context } = await openPage(browser, { viewport, theme, baseURL: site.url, clock: site.result.now });
    for (const route of chosen) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const name = `${route.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'forside'}-${viewport}-${theme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
await site.close();
console.log(`screenshots in ${outDir}`);
