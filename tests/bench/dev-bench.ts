import { fork, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from '../support/browser.ts';
import { addGeneratedPages, copyProject, type DevProject } from '../support/dev-project.ts';
import { mb, median, ms, printTable } from './table.ts';

/**
 * `clubsite dev`, measured as a volunteer feels it: the time from saving a content file to a
 * real Chromium page (listening to the dev server) having the new page, median of 20 saves,
 * on this site and on a copy with 1,000 extra pages; and the dev server's memory after the
 * first build against after 500 saves. The server runs as a child process, so its memory is
 * its own (esbuild's service is a separate process and not counted).
 */
/** Run from the repository (npm run bench); this file is bundled elsewhere, so not import.meta.url. */
const projectRoot = process.cwd();
const EDITS = 20;
const MEMORY_EDITS = Number(process.env.DEV_BENCH_MEMORY_EDITS ?? 500);
/** chokidar passes on one change per file per 50 ms; saves further apart than that are separate saves. */
const PAUSE_MS = 60;

type Message =
  | { type: 'ready'; url: string; startMs: number; pages: number }
  | { type: 'built'; ms: number; sent: string; ok: boolean; startedAt: number; sentAt: number }
  | { type: 'memory'; rss: number; heapUsed: number; collected: boolean };

class DevChild {
  private readonly waiting: Array<{ type: Message['type']; resolve: (message: Message) => void }> = [];
  readonly builds: Array<Extract<Message, { type: 'built' }>> = [];
  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: Message) => {
      if (message.type === 'built') this.builds.push(message);
      const index = this.waiting.findIndex((waiter) => waiter.type === message.type);
      if (index >= 0) this.waiting.splice(index, 1)[0]?.resolve(message);
    });
  }

  static start(project: DevProject): DevChild {
    const child = fork(
      path.join(projectRoot, 'bin/run-ts.js'),
      ['tests/bench/dev-bench-server.ts', project.root, project.contentDir],
      {
        cwd: projectRoot,
        execArgv: ['--expose-gc'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    return new DevChild(child);
  }

  next<T extends Message['type']>(type: T, timeoutMs = 60_000): Promise<Extract<Message, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dev server: no ${type} message`)), timeoutMs);
      this.waiting.push({
        type,
        resolve: (message) => (clearTimeout(timer), resolve(message as Extract<Message, { type: T }>)),
      });
    });
  }

  async memory(): Promise<Extract<Message, { type: 'memory' }>> {
    const answer = this.next('memory');
    this.child.send({ type: 'memory' });
    return answer;
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await Promise.race([exited, sleep(5000).then(() => this.child.kill())]);
  }
}

const now = () => performance.timeOrigin + performance.now();

interface Timing {
  /** Save → the new page's DOMContentLoaded in Chromium. */
  total: number;
  /** Save → rebuild starts (file watcher and the 10 ms gathering of a save's writes). */
  watch: number;
  rebuild: number;
  /** Pages told → the new page's DOMContentLoaded (reload, request, parse). */
  reload: number;
}

/** Saves `file` with a new paragraph and times the way to the page showing it. */
async function saveAndSee(page: Page, dev: DevChild, file: string, original: string, marker: string): Promise<Timing> {
  await sleep(PAUSE_MS);
  const builds = dev.builds.length;
  const saved = now();
  await writeFile(file, `${original}\n\nMåling: ${marker}.\n`);
  await page.waitForFunction((text) => document.body?.innerText.includes(text), `Måling: ${marker}.`, {
    timeout: 30_000,
    polling: 5,
  });
  const shown = await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
  const build = dev.builds[builds];
  return {
    total: shown - saved,
    watch: build ? build.startedAt - saved : NaN,
    rebuild: build ? build.ms : NaN,
    reload: build ? shown - build.sentAt : NaN,
  };
}

async function measureSite(
  browser: Browser,
  label: string,
  extraPages: number,
  route: string,
  file: string,
  memory: boolean,
): Promise<{ row: Array<string | number>; memoryRows?: Array<Array<string | number>> }> {
  const project = await copyProject(projectRoot);
  if (extraPages > 0) await addGeneratedPages(project.contentDir, extraPages);
  const dev = DevChild.start(project);
  try {
    const ready = await dev.next('ready', 300_000);
    const baseline = memory ? await dev.memory() : undefined;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, { shownAt: performance.timeOrigin + performance.now() }),
      );
    });
    await page.goto(`${ready.url}${route}`);
    const source = project.at(file);
    const original = await readFile(source, 'utf8');
    // Two saves to warm up (the first rebuild after start is not what a volunteer sees all day).
    for (const warm of ['oppvarming 1', 'oppvarming 2']) await saveAndSee(page, dev, source, original, warm);
    const timings: Timing[] = [];
    for (let edit = 0; edit < EDITS; edit += 1)
      timings.push(await saveAndSee(page, dev, source, original, `${label} ${edit}`));
    // For scale: the same page reloaded by hand, nothing rebuilt (what Chromium itself takes here).
    const plain: number[] = [];
    for (let reload = 0; reload < 5; reload += 1) {
      const start = now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      plain.push((await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt)) - start);
    }
    const of = (part: keyof Timing) => timings.map((timing) => timing[part]);
    const total = of('total');
    const row = [
      label,
      ready.pages,
      ms(median(total)),
      ms(Math.min(...total)),
      ms(Math.max(...total)),
      ms(median(of('watch'))),
      ms(median(of('rebuild'))),
      ms(median(of('reload'))),
      ms(median(plain)),
      ms(ready.startMs),
    ];
    let memoryRows: Array<Array<string | number>> | undefined;
    if (baseline) {
      for (let edit = 0; edit < MEMORY_EDITS; edit += 1) {
        await sleep(PAUSE_MS);
        const built = dev.next('built');
        await writeFile(source, `${original}\n\nMinnemåling ${edit}.\n`);
        await built;
      }
      await sleep(500);
      const after = await dev.memory();
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
      memoryRows = [
        ['memory (after a full GC)', 'after first build', `after ${MEMORY_EDITS} saves`, 'ratio'],
        ['RSS', mb(baseline.rss), mb(after.rss), ratio(after.rss, baseline.rss)],
        ['JS heap used', mb(baseline.heapUsed), mb(after.heapUsed), ratio(after.heapUsed, baseline.heapUsed)],
      ];
      if (!after.collected) memoryRows.push(['(no --expose-gc: figures include garbage)', '', '', '']);
    }
    await context.close();
    return { row, memoryRows };
  } finally {
    await dev.stop();
    await project.remove();
  }
}

export async function benchDev(): Promise<void> {
  const browser = await launchBrowser();
  try {
    const small = await measureSite(browser, 'KSA', 0, '/om/', 'content/pages/om.md', true);
    const large = await measureSite(
      browser,
      'KSA + 1,000 pages',
      1000,
      '/generert/side-0500/',
      'content/pages/generert/side-0500.md',
      false,
    );
    printTable([
      [
        'site',
        'pages',
        `save → new page in Chromium (median of ${EDITS})`,
        'min',
        'max',
        'of which: watch + gather',
        'rebuild',
        'reload + load',
        'plain reload',
        'start (first build)',
      ],
      small.row,
      large.row,
    ]);
    console.log(
      'Aim: under 100 ms on this site, under 300 ms with 1,000 pages (Hugo 0.2–0.3 s, Eleventy 0.35–0.8 s, Astro 2.4 s there).\n',
    );
    if (small.memoryRows) printTable(small.memoryRows);
    console.log('Aim: after 500 saves within 1.5× of after the first build.');
  } finally {
    await browser.close();
  }
}
