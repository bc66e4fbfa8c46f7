import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Time budgets are bounds for a machine under load (the suite stays green with four busy
 * processes beside it on two cores), never waits: a test waits for the state it asserts, and a
 * poll (`expect.poll`) or a hook gets as long as a slow machine needs to reach it.
 */
export default defineConfig({
  test: {
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/build/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time on two cores (vitest's default, a core less than there are, is one):
          // a build test waits for the disk, child processes and timers more than it computes. Four
          // of the slowest files took 256 s one at a time and 141 s two at a time (load 5-12, each
          // file as long in both runs).
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Real Chromium against the built site: few files at a time on a 2-core machine.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          setupFiles: ['tests/support/csp-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
