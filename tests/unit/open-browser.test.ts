/**
 * `clubsite dev --open` starts the system's default browser on the site, through the `open`
 * package. On Linux that is xdg-open, which honours $BROWSER: here a small script stands in
 * for the browser and notes the address it was started with.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser } from '../../generator/dev/open-browser.ts';

let dir: string;
// A desktop session would make xdg-open ask the desktop instead of $BROWSER.
const names = ['BROWSER', 'XDG_CURRENT_DESKTOP', 'DESKTOP_SESSION', 'KDE_FULL_SESSION', 'GNOME_DESKTOP_SESSION_ID'];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-open-'));
});
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await rm(dir, { recursive: true, force: true });
});

test.skipIf(process.platform !== 'linux')('the default browser is started with the address', async () => {
  const browser = path.join(dir, 'browser');
  const opened = path.join(dir, 'opened');
  await writeFile(browser, `#!/bin/sh\nprintf '%s' "$1" > "${opened}.tmp" && mv "${opened}.tmp" "${opened}"\n`);
  await chmod(browser, 0o755);
  for (const name of names) delete process.env[name];
  process.env.BROWSER = browser;
  const lines: string[] = [];
  await openBrowser('http://127.0.0.1:4321/klubb/', (line) => lines.push(line));
  await expect
    .poll(() => readFile(opened, 'utf8').catch(() => ''), { timeout: 20_000 })
    .toBe('http://127.0.0.1:4321/klubb/');
  expect(lines).toEqual([]);
});
