import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DevProject } from './dev-project.ts';

/**
 * The dev server under faults, as a test and the dev benchmark both run it: many requests at
 * once, a burst of saves with a broken file in between, a page deleted and restored, the
 * content folder moved away and back. Everything goes over HTTP, so the server may run in
 * this process or in a child. Each step waits (bounded) for the server to show the fixed
 * content; what it saw is returned, never thrown, so a benchmark can report a server that
 * does not recover.
 */
export interface FaultReport {
  /** Requests of the concurrent round that did not answer 200. */
  failedRequests: number;
  /** While a file was broken, /om/ answers that were not the last good page. */
  brokenServes: number;
  /** Steps whose fixed content never showed (within `recoverMs`). */
  unrecovered: string[];
}

export interface FaultOptions {
  url: string;
  project: DevProject;
  requests?: number;
  saves?: number;
  /** How long the saves take in all. */
  savesMs?: number;
  recoverMs?: number;
  /** A distinct word for this run's markers. */
  tag?: string;
}

const PAGES = ['/', '/om/', '/kurs/', '/treningstider/', '/grupper/', '/kontakt/', '/om/styret/', '/sitemap.xml'];

async function get(url: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** Waits until `path` serves text containing `marker` (or, with `gone`, no longer does); false if it never does. */
async function shows(url: string, marker: string, ms: number, gone = false): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { status, body } = await get(url);
    if (status === 200 && body.includes(marker) !== gone) return true;
    await sleep(50);
  }
  return false;
}

export async function runFaults(options: FaultOptions): Promise<FaultReport> {
  const { url, project } = options;
  const tag = options.tag ?? 'feil';
  const recoverMs = options.recoverMs ?? 15_000;
  const report: FaultReport = { failedRequests: 0, brokenServes: 0, unrecovered: [] };
  const om = project.at('content/pages/om.md');
  const menu = project.at('content/menu.yaml');
  const [page, menuText] = await Promise.all([readFile(om, 'utf8'), readFile(menu, 'utf8')]);
  const withLine = (line: string) => `${page}\n${line}\n`;
  const recovered = async (step: string, marker: string) => {
    if (!(await shows(`${url}/om/`, marker, recoverMs))) report.unrecovered.push(step);
  };

  // Many requests at once.
  const answers = await Promise.all(
    Array.from({ length: options.requests ?? 200 }, (_, index) => get(`${url}${PAGES[index % PAGES.length]}`)),
  );
  report.failedRequests = answers.filter((answer) => answer.status !== 200).length;

  // A burst of saves with a broken menu in the middle: the last good page stays served.
  const saves = options.saves ?? 100;
  const gap = (options.savesMs ?? 2000) / saves;
  const checks: Array<Promise<void>> = [];
  for (let index = 0; index < saves; index += 1) {
    await writeFile(om, withLine(`Lagring ${tag} ${index}.`));
    if (index === Math.floor(saves / 3)) await writeFile(menu, 'items:\n  - label: [ødelagt\n');
    if (index === Math.floor((2 * saves) / 3)) await writeFile(menu, menuText);
    if (index > saves / 3 && index < (2 * saves) / 3 && index % 5 === 0) {
      checks.push(
        get(`${url}/om/`).then((answer) => {
          if (answer.status !== 200 || !answer.body.includes('<h1')) report.brokenServes += 1;
        }),
      );
    }
    await sleep(gap);
  }
  await Promise.all(checks);
  await recovered('saves with a broken file', `Lagring ${tag} ${saves - 1}.`);

  // A page deleted and restored.
  await unlink(om);
  await sleep(300);
  await writeFile(om, withLine(`Gjenopprettet ${tag}.`));
  await recovered('a file deleted and restored', `Gjenopprettet ${tag}.`);

  // The content folder moved away and back (a git checkout, a restore), then a save.
  const away = `${project.contentDir}-borte`;
  await rename(project.contentDir, away);
  await sleep(300);
  await rename(away, project.contentDir);
  await recovered('the content folder moved away and back', `Gjenopprettet ${tag}.`);
  await sleep(200);
  await writeFile(om, withLine(`Etter flytting ${tag}.`));
  await recovered('a save after the folder came back', `Etter flytting ${tag}.`);

  // A folder inside content renamed and renamed back.
  await rename(project.at('content/pages/om'), project.at('content/pages/om-x'));
  await sleep(300);
  await rename(project.at('content/pages/om-x'), project.at('content/pages/om'));
  await sleep(200);
  await writeFile(om, withLine(`Etter omdøping ${tag}.`));
  await recovered('a folder renamed and back, then a save', `Etter omdøping ${tag}.`);
  // The page as it was: served again before the run ends, so its last build is a good one.
  await writeFile(om, page);
  if (!(await shows(`${url}/om/`, `Etter omdøping ${tag}.`, recoverMs, true)))
    report.unrecovered.push('the page put back');
  return report;
}
