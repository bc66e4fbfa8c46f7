import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixtureSite } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

/**
 * `clubsite dev` as a user starts it (the real CLI, in the site's folder) on the small second
 * site under tests/build/fixtures/mini: a project outside the repository with the tool linked,
 * whose folders have names of its own (clubsite.config.ts: data/, layouts/). Saves are seen over
 * HTTP; the content and template folders are moved away and back as a `git checkout` or a
 * restore would.
 */
let dir: string;
let child: ChildProcess;
let url = '';
let output = '';
const WAIT = 30_000;

beforeAll(async () => {
  dir = await fixtureSite('mini');
  child = spawn(
    process.execPath,
    [path.join(projectRoot, 'bin/clubsite.js'), 'dev', '--port', '0', '--now', '2025-12-10T18:00'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 60_000;
  while (!/Watching /.test(output)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`clubsite dev did not start:\n${output}`);
    await sleep(50);
  }
  url = /→ (http:\/\/\S+?)\/? /.exec(output)?.[1] ?? '';
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function body(pathname: string): Promise<string> {
  const response = await fetch(`${url}${pathname}`);
  return response.text();
}

/** Waits until the served page contains `text` (or, with `gone`, no longer does). */
async function serves(pathname: string, text: string, gone = false): Promise<void> {
  const until = Date.now() + WAIT;
  for (;;) {
    const has = (await body(pathname)).includes(text);
    if (has !== gone) return;
    if (Date.now() > until)
      throw new Error(`${pathname} never ${gone ? 'lost' : 'showed'} «${text}»; terminal:\n${output}`);
    await sleep(50);
  }
}

/** Waits until the terminal shows `pattern` in what was printed after `from` (an offset in the output). */
async function printed(pattern: RegExp, from = 0): Promise<void> {
  const until = Date.now() + WAIT;
  while (!pattern.test(output.slice(from)) && Date.now() < until) await sleep(50);
  expect(output.slice(from)).toMatch(pattern);
}

const lines = (pattern: RegExp) => output.split('\n').filter((line) => pattern.test(line)).length;

describe('clubsite dev on a second site', () => {
  test('starts in the site folder, serves its pages and the reload script, and watches what its bundles are made of', async () => {
    expect(output).not.toContain('hit a bug');
    const html = await body('/om/');
    expect(html).toContain('<h1>About</h1>');
    const script = /src="(\/__clubsite\/reload-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const reload = await fetch(`${url}${script}`);
    expect(reload.status).toBe(200);
    expect(await reload.text()).toContain('EventSource');
    // No fixed folder list: the site's own folders, found from its bundles' inputs.
    const watching = output.split('\n').find((line) => line.startsWith('Watching ')) ?? '';
    expect(watching).toContain('data/');
    expect(watching).toContain('layouts/');
    expect(watching).not.toMatch(/ (content|templates|site)\//);
  });

  test('a saved page and a saved template are what the server serves next', async () => {
    const page = path.join(dir, 'data/routes/om.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nA paragraph saved while dev runs.\n`);
    await serves('/om/', 'A paragraph saved while dev runs.');
    const template = path.join(dir, 'layouts/site.tsx');
    const code = await readFile(template, 'utf8');
    await writeFile(template, code.replace('<h1>{page.title}</h1>', '<h1>{page.title} (saved)</h1>'));
    await serves('/om/', '<h1>About (saved)</h1>');
    await writeFile(template, code);
    await serves('/om/', '<h1>About</h1>');
  });

  test('data/ (its content folder) moved away and back: the site rebuilds, the problems clear, and a later save is picked up', async () => {
    const problemsBefore = lines(/problems? found/);
    await rename(path.join(dir, 'data'), path.join(dir, 'data-away'));
    // The last good site stays served while the folder is gone, and its problems are listed once.
    await printed(/The file for the collection "\w+" is missing/);
    expect(await body('/om/')).toContain('A paragraph saved while dev runs.');
    const mark = output.length;
    await rename(path.join(dir, 'data-away'), path.join(dir, 'data'));
    await printed(/→ (✔ fixed|pages reloaded)/, mark);
    expect(lines(/problems? found/) - problemsBefore).toBe(1);
    const page = path.join(dir, 'data/routes/om.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nSaved after the folder came back.\n`);
    await serves('/om/', 'Saved after the folder came back.');
  });

  test("layouts/ (its site definition's folder) replaced wholesale: a later template save is picked up", async () => {
    const templates = path.join(dir, 'layouts');
    const code = await readFile(path.join(templates, 'site.tsx'), 'utf8');
    // Removed and moved back at once, as a restore does: the watcher may never see the folder gone.
    await rm(templates, { recursive: true });
    await rename(await copyOf(templates, code), templates);
    await writeFile(
      path.join(templates, 'site.tsx'),
      code.replace('<h1>{page.title}</h1>', '<h1>{page.title} (new folder)</h1>'),
    );
    await serves('/om/', '<h1>About (new folder)</h1>');
    expect(output).not.toContain('hit a bug');
  });
});

/** A fresh folder beside `target` holding site.tsx with `code`. */
async function copyOf(target: string, code: string): Promise<string> {
  const fresh = `${target}-new`;
  await rm(fresh, { recursive: true, force: true });
  await mkdir(fresh);
  await writeFile(path.join(fresh, 'site.tsx'), code);
  return fresh;
}
