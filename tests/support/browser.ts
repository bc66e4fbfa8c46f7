import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';

/** Debian's Chromium, headless, with nothing that reaches for the network on its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const CSP_VIOLATION = 'securitypolicyviolation:';
const cspViolations: string[] = [];

/** The Content-Security-Policy violations seen since the last call, and forgets them. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export const VIEWPORTS = {
  /** The narrowest phones still in use. */
  narrow: { width: 320, height: 640 },
  mobile: { width: 375, height: 740 },
  /** The larger phones. */
  large: { width: 414, height: 896 },
  desktop: { width: 1280, height: 900 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;
export type Theme = 'light' | 'dark';

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings, and uncaught exceptions, seen so far. */
  problems: string[];
}

/**
 * A fresh page at a viewport and colour scheme. Requests to any host but the local site are
 * aborted (the machine has no network; the site must cope). Console errors, warnings and
 * uncaught exceptions are collected, for the tests that assert there are none. With `clock`,
 * the page's Date is fixed at that instant (timers still run).
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: ViewportName; theme?: Theme; baseURL: string; clock?: Date },
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.theme ?? 'light',
    baseURL: options.baseURL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
  });
  await context.route(
    (url) => !url.href.startsWith(options.baseURL),
    (route) => route.abort('internetdisconnected'),
  );
  // Every page runs under its Content-Security-Policy (meta tag, and the header from _headers
  // when served by the preview server); a violation is a failed test (tests/support/csp-guard.ts).
  await context.addInitScript((prefix: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  }, CSP_VIOLATION);
  const page = await context.newPage();
  // The browser's clock: the build's by default in tests that pass it, so what the page corrects
  // in the browser agrees with what the build rendered.
  if (options.clock) await page.clock.setFixedTime(options.clock);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.text().startsWith(CSP_VIOLATION)) cspViolations.push(message.text());
    // The aborted third-party requests above are the test's doing, not the site's.
    if (/Failed to load resource/.test(message.text()) && !message.location().url.startsWith(options.baseURL)) return;
    // A 404 page reports its own status; that is the host doing its job.
    if (/status of 404/.test(message.text()) && message.location().url === page.url()) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return { context, page, problems };
}

/**
 * A gate for a held request: a route handler awaits `until`, and the test calls `release()`
 * once the page is in the state it asserts. Never a duration: what arrives first is the test's
 * choice, on a machine of any speed.
 */
export function held(): { until: Promise<void>; release: () => void } {
  let release = () => {};
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { until, release };
}

/**
 * The page has rendered twice and run the tasks queued before: IntersectionObserver callbacks,
 * a replayed click and what they started synchronously are done. The page's own turn, not a duration.
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/**
 * The page is live: every island that is due (on screen, or waiting for load or idle, not for a
 * touch) has hydrated, nothing is `aria-busy` (search hits still coming), and what that drew
 * has been rendered. What `waitForLoadState('networkidle')` waits for, by the page's own
 * state instead of 500 ms without a request after it.
 */
export async function live(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      [...document.querySelectorAll('clubsite-island:not([data-hydrated])')].every((island) => {
        const when = island.getAttribute('data-when');
        const box = island.getBoundingClientRect();
        return when === 'interaction' || (when === 'visible' && (box.bottom <= 0 || box.top >= window.innerHeight));
      }),
  );
  await settled(page);
}
