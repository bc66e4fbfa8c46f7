// `clubsite new [dir]`: a small working site in a new folder, depending on the clubsite that made
// it. Here the tool is this checkout (linked, as `npm link` would); tests/browser/package.test.ts
// does the same from the packed tarball, with npm install.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../generator/cli.ts';
import { linkTool } from '../support/outside-project.ts';
import { projectRoot } from '../support/site-build.ts';

const parents: string[] = [];
afterAll(() => Promise.all(parents.map((dir) => rm(dir, { recursive: true, force: true }))));

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-new-'));
  parents.push(dir);
  return dir;
}

/** Runs the CLI in-process in `cwd`: exit code and what it printed. */
async function clubsite(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const printed: string[] = [];
  const capture = (...parts: unknown[]) => printed.push(parts.map(String).join(' '));
  const log = vi.spyOn(console, 'log').mockImplementation(capture);
  const error = vi.spyOn(console, 'error').mockImplementation(capture);
  const warn = vi.spyOn(console, 'warn').mockImplementation(capture);
  try {
    return { code: await main(args, cwd), output: printed.join('\n') };
  } finally {
    for (const spy of [log, error, warn]) spy.mockRestore();
  }
}

const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();

describe('clubsite new', () => {
  test('writes a small site that builds and passes check at once, its package.json depending on this clubsite', async () => {
    const parent = await folder();
    const made = await clubsite(['new', 'Min Klubb'], parent);
    expect(made).toEqual({
      code: 0,
      output: 'A new site in Min Klubb/. Next:\n  cd Min Klubb\n  npm install\n  npx clubsite dev',
    });
    const site = path.join(parent, 'Min Klubb');
    const files = await filesIn(site);
    expect(files).toEqual(
      expect.arrayContaining([
        '.github/scripts/build-due.mjs',
        '.github/workflows/site.yml',
        '.gitignore',
        'README.md',
        'content/.schemas/aktiviteter.json',
        'content/.schemas/page-article.json',
        'content/.schemas/site.json',
        'content/README.md',
        'content/aktiviteter.yaml',
        'content/nyheter/velkommen.md',
        'content/pages/index.md',
        'package.json',
        'site/style.css',
        'site/widgets/activity-filter.tsx',
        'templates/index.ts',
        'tsconfig.json',
      ]),
    );
    expect(files).not.toContain('gitignore');
    expect(await readFile(path.join(site, '.github/scripts/build-due.mjs'), 'utf8')).toBe(
      await readFile(path.join(projectRoot, '.github/scripts/build-due.mjs'), 'utf8'),
    );
    const tool = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'));
    const manifest = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('min-klubb');
    // Made by a checkout, not a registry's package: the new site depends on that folder.
    expect(manifest.dependencies).toEqual({
      clubsite: `file:${projectRoot}`,
      react: tool.dependencies.react,
      'react-dom': tool.dependencies['react-dom'],
      zod: tool.dependencies.zod,
    });
    // Before npm install, its import of clubsite has nowhere to go: one problem says what to do.
    const early = await clubsite(['check'], site);
    expect(early.code, early.output).toBe(1);
    expect(early.output).toMatch(/^✖ \S+\.tsx?:\d+:\d+ {2}\[bundle-failed\]\n {2}Could not resolve "clubsite"/);
    expect(early.output).toContain(
      'Hint: The site imports clubsite by name: install it in the project (npm install), and run clubsite there.',
    );
    await linkTool(site);
    const built = await clubsite(['build', '--now', '2025-12-10T18:00'], site);
    expect(built.code, built.output).toBe(0);
    const home = await readFile(path.join(site, 'dist/index.html'), 'utf8');
    expect(home).toContain('<clubsite-island data-island="activity-filter"');
    expect(home).toContain('Velkommen til det nye nettstedet');
    expect(await readFile(path.join(site, 'dist/nyheter/velkommen/index.html'), 'utf8')).toContain(
      'Publisert 20. november 2025',
    );
    const checked = await clubsite(['check', '--now', '2025-12-10T18:00'], site);
    expect(checked.code, checked.output).toBe(0);
    // The editor finds the schemas of its data files (VS Code's YAML extension reads these settings).
    const settings = JSON.parse(await readFile(path.join(site, '.vscode/settings.json'), 'utf8'));
    for (const [schema, file] of Object.entries(settings['yaml.schemas'] as Record<string, string>)) {
      expect(files, schema).toContain(schema.replace(/^\.\//, ''));
      expect(files, file).toContain(file);
    }
    // The schemas it came with are what `clubsite schema` writes for its code.
    expect((await clubsite(['schema'], site)).output).toMatch(/^\d+ schemas in content\/\.schemas, all up to date$/);
  }, 60_000);

  test('writes into an empty folder, and refuses one with files in it, or a file: exit 2, one line, nothing written', async () => {
    const parent = await folder();
    await mkdir(path.join(parent, 'tom'));
    expect((await clubsite(['new'], path.join(parent, 'tom'))).code).toBe(0);
    await mkdir(path.join(parent, 'full'));
    await writeFile(path.join(parent, 'full/notes.txt'), 'mine');
    await writeFile(path.join(parent, 'file.txt'), 'mine');
    const full = await clubsite(['new', 'full'], parent);
    expect(full).toEqual({
      code: 2,
      output:
        '✖ full is not empty: clubsite new writes a site into a new or empty folder only, so nothing of yours is replaced.',
    });
    expect(await readdir(path.join(parent, 'full'))).toEqual(['notes.txt']);
    const file = await clubsite(['new', 'file.txt'], parent);
    expect(file).toEqual({ code: 2, output: '✖ file.txt is a file: clubsite new writes a site into a folder.' });
  });
});
