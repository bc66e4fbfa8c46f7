// `clubsite new [dir]`: a small working site in a new folder, depending on the clubsite that made
// it. Here the tool is this checkout (linked, as `npm link` would); tests/browser/package.test.ts
// does the same from the packed tarball, with npm install.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../generator/cli.ts';
import { linkTool } from '../support/outside-project.ts';
import { projectRoot } from '../support/site-build.ts';

const run = promisify(execFile);

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
      output: "A new site in Min Klubb/. Next:\n  cd 'Min Klubb'\n  npm install\n  npx clubsite dev",
    });
    const site = path.join(parent, 'Min Klubb');
    const tool = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8'));
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
        'content/images/logo.svg',
        'content/nyheter/velkommen.md',
        'content/pages/index.md',
        'package.json',
        'site/style.css',
        'site/widgets/activity-filter.tsx',
        'templates/index.ts',
        'tsconfig.json',
        `vendor/clubsite-${tool.version}.tgz`,
      ]),
    );
    expect(files).not.toContain('gitignore');
    expect(await readFile(path.join(site, '.github/scripts/build-due.mjs'), 'utf8')).toBe(
      await readFile(path.join(projectRoot, '.github/scripts/build-due.mjs'), 'utf8'),
    );
    const manifest = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('min-klubb');
    // Made by a checkout, not a registry's package: the new site keeps a tarball of it in its own
    // folder, named by a path in that folder, so its npm ci works on any machine.
    expect(manifest.dependencies).toEqual({
      clubsite: `file:vendor/clubsite-${tool.version}.tgz`,
      react: tool.dependencies.react,
      'react-dom': tool.dependencies['react-dom'],
      zod: tool.dependencies.zod,
    });
    // Decap CMS's dependencies are what built its bundle: an empty package each (React stays).
    const decap = JSON.parse(await readFile(path.join(projectRoot, 'node_modules/decap-cms/package.json'), 'utf8'));
    expect(manifest.overrides).toEqual({
      'decap-cms': Object.fromEntries(
        Object.keys(decap.dependencies)
          .filter((name) => !['react', 'react-dom'].includes(name))
          .map((name) => [name, 'npm:empty-npm-package@1.0.0']),
      ),
    });
    // The tarball holds what `npm pack` of this checkout holds, no more and no less.
    const packed = await run('npm', ['pack', '--dry-run', '--json'], { cwd: projectRoot });
    const listed = await run('tar', ['-tzf', `vendor/clubsite-${tool.version}.tgz`], { cwd: site });
    expect(listed.stdout.trim().split('\n').sort()).toEqual(
      (JSON.parse(packed.stdout)[0].files as Array<{ path: string }>).map((file) => `package/${file.path}`).sort(),
    );
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
    // Every page names the tab's icon, and the icon is in the site: no 404 in a new tab.
    // (The editors' admin is no page of the site: Decap CMS's tab is its own.)
    const pages = (await filesIn(path.join(site, 'dist'))).filter(
      (file) => file.endsWith('.html') && !file.startsWith('admin/'),
    );
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      const icon = /<link rel="icon" href="\/([^"]+)"/.exec(await readFile(path.join(site, 'dist', page), 'utf8'))?.[1];
      expect(icon, page).toMatch(/^assets\/logo-[\w-]+\.svg$/);
      expect(existsSync(path.join(site, 'dist', icon ?? '')), icon).toBe(true);
    }
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

  test('writes into an empty folder, and refuses one with files in it (naming a free folder instead) or a file: exit 2, nothing written', async () => {
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
        '✖ full is not empty: clubsite new writes a site into a new or empty folder only, so nothing of yours is replaced.\n' +
        '  Hint: clubsite new full-2 makes a new folder for it.',
    });
    expect(await readdir(path.join(parent, 'full'))).toEqual(['notes.txt']);
    // In a folder with files, it names a free folder in it: minklubb, or the next free number.
    await mkdir(path.join(parent, 'full/minklubb'));
    const here = await clubsite(['new'], path.join(parent, 'full'));
    expect(here.code).toBe(2);
    expect(here.output).toMatch(
      /^✖ This folder is not empty: .*\n {2}Hint: clubsite new minklubb-2 makes a new folder for it\.$/,
    );
    const file = await clubsite(['new', 'file.txt'], parent);
    expect(file).toEqual({ code: 2, output: '✖ file.txt is a file: clubsite new writes a site into a folder.' });
  });
});

describe('clubsite schema in a site clubsite new made', () => {
  test('maps every collection in .vscode/settings.json, one added later too, and keeps the settings it did not make', async () => {
    const parent = await folder();
    expect((await clubsite(['new', 'klubb'], parent)).code).toBe(0);
    const site = path.join(parent, 'klubb');
    await linkTool(site);
    const settingsFile = path.join(site, '.vscode/settings.json');
    const settings = JSON.parse(await readFile(settingsFile, 'utf8'));
    // Settings of the maintainer's own, a page template's schema mapped by hand, a schema from elsewhere.
    const own = {
      './content/.schemas/page-article.json': 'content/pages/*.yaml',
      'https://json.schemastore.org/github-workflow.json': '.github/workflows/*.yml',
    };
    await writeFile(
      settingsFile,
      JSON.stringify({ ...settings, 'editor.wordWrap': 'on', 'yaml.schemas': { ...settings['yaml.schemas'], ...own } }),
    );
    // Two collections added as docs/site-guide.md adds one: a YAML file and a JSON file, their schemas, their entries.
    await writeFile(path.join(site, 'content/styret.yaml'), 'members:\n  - name: Kari Nordmann\n    role: Leder\n');
    await writeFile(path.join(site, 'content/lenker.json'), '{ "links": ["https://www.example.no/"] }\n');
    await appendFile(
      path.join(site, 'site/schemas.ts'),
      'export const boardSchema = z.strictObject({ members: z.array(z.strictObject({ name: text, role: text })) });\n' +
        'export const linksSchema = z.strictObject({ links: z.array(z.url()) });\n',
    );
    const collections = path.join(site, 'site/collections.ts');
    const code = await readFile(collections, 'utf8');
    const withBoard = code
      .replace('import { activitiesSchema,', 'import { activitiesSchema, boardSchema, linksSchema,')
      .replace(
        '  news: defineCollection({',
        "  board: defineCollection({ file: 'styret.yaml', schema: boardSchema }),\n" +
          "  links: defineCollection({ file: 'lenker.json', schema: linksSchema }),\n  news: defineCollection({",
      );
    await writeFile(collections, withBoard);
    const schema = await clubsite(['schema'], site);
    expect(schema.output).toMatch(/; written: .*lenker\.json.*styret\.json.*\.vscode\/settings\.json$/);
    const mapped = JSON.parse(await readFile(settingsFile, 'utf8'));
    expect(mapped['yaml.schemas']).toEqual({
      './content/.schemas/site.json': 'content/site.yaml',
      './content/.schemas/aktiviteter.json': 'content/aktiviteter.yaml',
      ...own,
      './content/.schemas/styret.json': 'content/styret.yaml',
    });
    expect(mapped['json.schemas']).toEqual([
      { fileMatch: ['content/lenker.json'], url: './content/.schemas/lenker.json' },
    ]);
    expect(mapped['editor.wordWrap']).toBe('on');
    expect(existsSync(path.join(site, 'content/.schemas/styret.json'))).toBe(true);
    expect((await clubsite(['check', '--now', '2025-12-10T18:00'], site)).code).toBe(0);
    expect((await clubsite(['schema'], site)).output).toMatch(/all up to date$/);
    // A collection taken out again: its mapping goes with its schema.
    await writeFile(collections, code);
    await clubsite(['schema'], site);
    const unmapped = JSON.parse(await readFile(settingsFile, 'utf8'));
    expect(Object.keys(unmapped['yaml.schemas'])).not.toContain('./content/.schemas/styret.json');
    expect(unmapped['json.schemas']).toEqual([]);
    // Settings with a comment are not rewritten (the comment would be lost): exit 1, and what to add by hand.
    const commented = `// mine\n${await readFile(settingsFile, 'utf8')}`;
    await writeFile(settingsFile, commented);
    await writeFile(collections, withBoard);
    const refused = await clubsite(['schema'], site);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      '✖ .vscode/settings.json is not plain JSON (a comment, or a comma before a }?), so clubsite schema left it as it was.',
    );
    expect(refused.output).toContain('"./content/.schemas/styret.json":"content/styret.yaml"');
    expect(await readFile(settingsFile, 'utf8')).toBe(commented);
  }, 60_000);
});
