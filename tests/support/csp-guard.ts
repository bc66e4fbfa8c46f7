// Setup file of the browser tests: any Content-Security-Policy violation a test's pages
// reported (tests/support/browser.ts listens for them) fails that test, whatever it asserts.
import { afterEach } from 'vitest';
import { takeCspViolations } from './browser.ts';

afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
});
