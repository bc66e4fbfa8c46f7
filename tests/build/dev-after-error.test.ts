import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DevBuildEvent, type DevServer, startDevServer } from '../../generator/dev/dev-server.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';

/**
 * Issue 44: after a template that threw while rendering, and its fix, dev stopped seeing stylesheet
 * saves: the failed build's location, «(clubsite)», was resolved to the site's own folder and
 * watched; once the fix no longer named it, chokidar's unwatch of that folder ignored every code
 * folder under it, and the server kept serving a stylesheet no file on disk held.
 */
let project: DevProject;
let dev: DevServer;
const events: DevBuildEvent[] = [];
const TEMPLATE = 'templates/training-times.tsx';
const STYLESHEET = 'site/styles/base.css';

beforeAll(async () => {
  project = await copyProject();
  dev = await startDevServer({
    root: project.root,
    contentDir: project.contentDir,
    port: 0,
    now: '2025-12-10T18:00',
    log: () => {},
  });
  dev.onBuild((event) => events.push(event));
}, 120_000);

afterAll(async () => {
  await dev?.close();
  await project?.remove();
});

/** The first rebuild after this call that sent the pages something (a late event of an earlier save sends nothing). */
function nextBuild(): Promise<DevBuildEvent> {
  return new Promise((resolve) => {
    const off = dev.onBuild((event) => {
      if (event.sent === 'none') return;
      off();
      resolve(event);
    });
  });
}

async function served(pathname: string): Promise<string> {
  return (await fetch(`${dev.url}${pathname}`)).text();
}

/** The stylesheet the page links to now, as the server sends it. */
async function servedStylesheet(): Promise<string> {
  const href = /<link rel="stylesheet" href="([^"]+)"/.exec(await served('/om/'))?.[1];
  return href ? served(href) : '';
}

test('after a template error and its fix, each of 10 stylesheet saves is swapped in and served as on disk', async () => {
  const template = await readFile(project.at(TEMPLATE), 'utf8');
  expect(template).toContain('longDate(times.updated)');
  let built = nextBuild();
  await writeFile(project.at(TEMPLATE), template.replace('longDate(times.updated)', 'longDate(times.updatedd)'));
  expect((await built).sent).toBe('problems');
  built = nextBuild();
  await writeFile(project.at(TEMPLATE), template);
  expect((await built).sent).toBe('clear');
  await dev.idle();

  const stylesheet = await readFile(project.at(STYLESHEET), 'utf8');
  const from = events.length;
  for (let save = 1; save <= 10; save += 1) {
    const rule = `.save-${save}{order:${save}}`;
    await writeFile(project.at(STYLESHEET), `${stylesheet}\n${rule}\n`);
    // The file on disk holds this save's rule and no other: so must what is served.
    await expect
      .poll(async () => (await servedStylesheet()).includes(rule), { timeout: 30_000, message: `save ${save}` })
      .toBe(true);
    expect((await servedStylesheet()).includes(`.save-${save - 1}{`)).toBe(false);
  }
  await dev.idle();
  // Each save swapped the stylesheet in place: no page was reloaded, nothing failed.
  const sent = events.slice(from).map((event) => event.sent);
  expect(sent.filter((what) => what !== 'none')).toEqual(Array(10).fill('css'));
});
