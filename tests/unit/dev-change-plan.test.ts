import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { isIgnoredPath, mergePlans, planChanges, type ChangeContext } from '../../generator/pipeline/change-plan.ts';
import { diffOutputs, stylesheetSwap } from '../../generator/dev/output-diff.ts';
import { createRebuildQueue } from '../../generator/dev/rebuild-queue.ts';

const root = path.resolve('/project');
const at = (file: string) => path.join(root, file);
const context: ChangeContext = {
  root,
  contentDir: at('content'),
  siteInputs: new Set([at('templates/index.ts'), at('templates/article.tsx'), at('site/dates.ts')]),
  clientInputs: new Set([
    at('site/scripts/frame.ts'),
    at('site/dates.ts'),
    at('site/styles/index.css'),
    at('site/styles/base.css'),
  ]),
  devClientInputs: new Set([at('client/browser/dev-reload.ts')]),
};

describe('what a save makes the dev server redo', () => {
  test('a content file reuses the site module and the client bundle', () => {
    const plan = planChanges([at('content/pages/kurs.md'), at('content/menu.yaml')], context);
    expect(plan).toMatchObject({ site: false, client: false, devClient: false, stylesOnly: false });
    expect(plan.files).toEqual(['content/menu.yaml', 'content/pages/kurs.md']);
  });

  test('a content folder outside the project is content too', () => {
    const plan = planChanges(['/tmp/copy/pages/om.md'], { ...context, contentDir: '/tmp/copy' });
    expect(plan).toMatchObject({ site: false, client: false, stylesOnly: false });
  });

  test('a stylesheet only bundles the client again and may be swapped without a reload', () => {
    expect(planChanges([at('site/styles/base.css')], context)).toMatchObject({
      site: false,
      client: true,
      stylesOnly: true,
    });
    // A stylesheet nothing imports yet is still only the client's business.
    expect(planChanges([at('site/styles/new.css')], context)).toMatchObject({
      site: false,
      client: true,
      stylesOnly: true,
    });
  });

  test('a template bundles the site module again, a browser script the client, shared code both', () => {
    expect(planChanges([at('templates/article.tsx')], context)).toMatchObject({
      site: true,
      client: false,
      stylesOnly: false,
    });
    expect(planChanges([at('site/scripts/frame.ts')], context)).toMatchObject({
      site: false,
      client: true,
      stylesOnly: false,
    });
    expect(planChanges([at('site/dates.ts')], context)).toMatchObject({ site: true, client: true });
  });

  test('a code file no build has used yet (a new template) rebuilds everything', () => {
    expect(planChanges([at('templates/new-page.tsx')], context)).toMatchObject({
      site: true,
      client: true,
      stylesOnly: false,
    });
  });

  test('a stylesheet saved together with content or code is not a stylesheet-only change', () => {
    expect(planChanges([at('site/styles/base.css'), at('site/scripts/frame.ts')], context).stylesOnly).toBe(false);
    const merged = mergePlans(
      planChanges([at('site/styles/base.css')], context),
      planChanges([at('content/menu.yaml')], context),
    );
    expect(merged).toMatchObject({
      client: true,
      stylesOnly: false,
      files: ['content/menu.yaml', 'site/styles/base.css'],
    });
  });

  test('the reload client itself is rebundled on its own', () => {
    expect(planChanges([at('client/browser/dev-reload.ts')], context)).toMatchObject({
      site: false,
      client: false,
      devClient: true,
    });
  });

  test('editor swap, backup and lock files are not watched', () => {
    for (const file of [
      'kurs.md~',
      '.kurs.md.swp',
      '#kurs.md#',
      '.#kurs.md',
      '4913',
      'sedX7kQ2a',
      'kurs.md___jb_tmp___',
      'node_modules',
      '.git',
    ]) {
      expect(isIgnoredPath(at(`content/pages/${file}`)), file).toBe(true);
    }
    expect(isIgnoredPath(at('content/pages/kurs.md'))).toBe(false);
    expect(isIgnoredPath(at('content/pages/sedvaner.md'))).toBe(false);
  });
});

describe('what the open pages are told after a rebuild', () => {
  const page = (css: string, text: string) =>
    `<html><head><link rel="stylesheet" href="/assets/${css}"/></head><body>${text}</body></html>`;

  test('only the stylesheet changed: the pages swap it', () => {
    const before = new Map<string, string | Uint8Array>([
      ['index.html', page('style-A.css', 'Hei')],
      ['kurs/index.html', page('style-A.css', 'Kurs')],
      ['assets/style-A.css', 'a{}'],
    ]);
    const after = new Map<string, string | Uint8Array>([
      ['index.html', page('style-B.css', 'Hei')],
      ['kurs/index.html', page('style-B.css', 'Kurs')],
      ['assets/style-B.css', 'b{}'],
    ]);
    const diff = diffOutputs(before, after);
    expect(diff.changed).toEqual(['assets/style-A.css', 'assets/style-B.css', 'index.html', 'kurs/index.html']);
    expect(
      stylesheetSwap(
        { files: before, styles: ['assets/style-A.css'] },
        { files: after, styles: ['assets/style-B.css'] },
        diff,
        '/',
      ),
    ).toEqual([['/assets/style-A.css', '/assets/style-B.css']]);
  });

  test('a page whose text changed as well needs a reload', () => {
    const before = new Map<string, string | Uint8Array>([
      ['index.html', page('style-A.css', 'Hei')],
      ['assets/style-A.css', 'a{}'],
    ]);
    const after = new Map<string, string | Uint8Array>([
      ['index.html', page('style-B.css', 'Hallo')],
      ['assets/style-B.css', 'b{}'],
    ]);
    expect(
      stylesheetSwap(
        { files: before, styles: ['assets/style-A.css'] },
        { files: after, styles: ['assets/style-B.css'] },
        diffOutputs(before, after),
        '/',
      ),
    ).toBeUndefined();
  });

  test('a changed script needs a reload', () => {
    const before = new Map<string, string | Uint8Array>([
      ['index.html', page('style-A.css', 'Hei')],
      ['assets/frame-1.js', 'x'],
    ]);
    const after = new Map<string, string | Uint8Array>([
      ['index.html', page('style-B.css', 'Hei')],
      ['assets/frame-2.js', 'y'],
    ]);
    expect(
      stylesheetSwap(
        { files: before, styles: ['assets/style-A.css'] },
        { files: after, styles: ['assets/style-B.css'] },
        diffOutputs(before, after),
        '/',
      ),
    ).toBeUndefined();
  });

  test('equal bytes in new arrays are no change', () => {
    const before = new Map<string, string | Uint8Array>([['a.png', new Uint8Array([1, 2, 3])]]);
    const after = new Map<string, string | Uint8Array>([['a.png', new Uint8Array([1, 2, 3])]]);
    expect(diffOutputs(before, after).changed).toEqual([]);
  });
});

describe('one build at a time', () => {
  test('saves during a build fold into one next build', async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const queue = createRebuildQueue(async (files) => {
      batches.push(files);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, 5);
    queue.add('a.md');
    queue.add('a.md');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(batches).toEqual([['a.md']]);
    queue.add('b.md');
    queue.add('c.md');
    queue.add('b.md');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(batches).toHaveLength(1);
    release();
    await queue.idle();
    expect(batches).toEqual([['a.md'], ['b.md', 'c.md']]);
    await queue.close();
  });

  test('a build that throws does not stop the next one', async () => {
    const batches: string[][] = [];
    const queue = createRebuildQueue(async (files) => {
      batches.push(files);
      if (files.includes('bad')) throw new Error('boom');
    }, 1);
    queue.add('bad');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await queue.idle();
    queue.add('good');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await queue.idle();
    expect(batches).toEqual([['bad'], ['good']]);
  });
});
