import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isIgnoredPath } from '../../generator/pipeline/change-plan.ts';
import { TreeWatcher } from '../../generator/dev/tree-watcher.ts';

let top: string;
let outside: string;
let watcher: TreeWatcher | undefined;
let reported: string[];
let gone: number;
let errors: string[];

const start = () =>
  (watcher = new TreeWatcher(top, {
    ignored: isIgnoredPath,
    onChange: (file) => reported.push(file),
    onGone: () => (gone += 1),
    onError: (message) => errors.push(message),
  }));

async function until(what: string, done: () => boolean): Promise<void> {
  const limit = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > limit) throw new Error(`never: ${what}; reported ${JSON.stringify(reported)}`);
    await sleep(10);
  }
}

beforeEach(() => {
  const base = mkdtempSync(path.join(tmpdir(), 'clubsite-tree-'));
  top = path.join(base, 'content');
  outside = path.join(base, 'elsewhere');
  mkdirSync(path.join(top, 'pages', 'skala'), { recursive: true });
  mkdirSync(outside);
  for (let n = 0; n < 3000; n++) writeFileSync(path.join(top, 'pages', 'skala', `side-${n}.md`), `# Side ${n}\n`);
  writeFileSync(path.join(top, 'site.yaml'), 'name: KSA\n');
  reported = [];
  gone = 0;
  errors = [];
});

afterEach(() => {
  watcher?.close();
  watcher = undefined;
  rmSync(path.dirname(top), { recursive: true, force: true });
});

describe('the content watcher', () => {
  test('a save in a folder of 3,000 pages is said by its path, with one watch per folder, not per file', async () => {
    start();
    expect(watcher?.folders().sort()).toEqual([top, path.join(top, 'pages'), path.join(top, 'pages', 'skala')]);
    const page = path.join(top, 'pages', 'skala', 'side-1234.md');
    writeFileSync(page, '# Ny tittel\n');
    await until('the save is said', () => reported.includes(page));
    // Nothing but that page (and nothing read again: no other page is said).
    expect(new Set(reported)).toEqual(new Set([page]));
    expect(errors).toEqual([]);
  });

  test("an editor's atomic save (write beside, rename over) is said by the page's path; its swap file is not", async () => {
    start();
    const page = path.join(top, 'site.yaml');
    writeFileSync(path.join(top, '.site.yaml.swp'), 'x');
    writeFileSync(`${page}~`, 'name: KSA\n');
    writeFileSync(path.join(top, 'site.yaml.tmp'), 'name: KSA!\n');
    renameSync(path.join(top, 'site.yaml.tmp'), page);
    await until('the save is said', () => reported.includes(page));
    await sleep(100);
    expect(new Set(reported)).toEqual(new Set([page]));
  });

  test("`sed -i` on a page is said by the page's path, not by the sedXXXXXX file it writes and renames over it", async () => {
    start();
    const page = path.join(top, 'site.yaml');
    writeFileSync(page, 'name: KSA\n');
    await until('the first save is said', () => reported.includes(page));
    reported.length = 0;
    execFileSync('sed', ['-i', 's/KSA/KSA!/', page]);
    await until('the edit is said', () => reported.includes(page));
    // The temporary file was written before the rename that said the page: it would have been said by now.
    expect(new Set(reported)).toEqual(new Set([page]));
  });

  test('a folder moved in is watched: its pages are said, and a later save in it too', async () => {
    start();
    const moved = path.join(outside, 'nyheter');
    mkdirSync(path.join(moved, '2026'), { recursive: true });
    writeFileSync(path.join(moved, '2026', 'jul.md'), '# Jul\n');
    renameSync(moved, path.join(top, 'nyheter'));
    const news = path.join(top, 'nyheter', '2026', 'jul.md');
    await until('the moved-in page is said', () => reported.includes(news));
    expect(watcher?.folders()).toContain(path.join(top, 'nyheter', '2026'));
    reported.length = 0;
    writeFileSync(news, '# God jul\n');
    await until('a save in the new folder is said', () => reported.includes(news));
  });

  test('a folder moved out is said once and no longer watched; saves there are not said', async () => {
    start();
    const skala = path.join(top, 'pages', 'skala');
    renameSync(skala, path.join(outside, 'skala'));
    await until('the folder is said gone', () => reported.includes(skala));
    expect(watcher?.folders()).not.toContain(skala);
    reported.length = 0;
    writeFileSync(path.join(outside, 'skala', 'side-1.md'), '# Borte\n');
    await sleep(150);
    expect(reported).toEqual([]);
  });

  test('the whole folder deleted is said gone; made again and restarted, its pages and later saves are said', async () => {
    start();
    rmSync(top, { recursive: true });
    await until('the top folder is said gone', () => gone > 0);
    expect(watcher?.folders()).toEqual([]);
    mkdirSync(path.join(top, 'pages'), { recursive: true });
    const page = path.join(top, 'pages', 'om.md');
    writeFileSync(page, '# Om oss\n');
    watcher?.restart();
    expect(reported).toContain(page);
    reported.length = 0;
    writeFileSync(page, '# Om klubben\n');
    await until('a save after the restart is said', () => reported.includes(page));
  });
});
