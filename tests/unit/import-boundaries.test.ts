// The layout of tests/support/layout.ts, checked on every source file of the tool and the club:
// each import is one its room may make, no two files of generator/, client/ and bin/ import
// each other in a circle, and CONTRIBUTING.md's layout table is the one the rooms make.
import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { holds, layoutTable, roomOf } from '../support/layout.ts';
import { projectRoot } from '../support/site-build.ts';

interface SourceFile {
  /** Relative to the project root, with forward slashes. */
  file: string;
  text: string;
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

const NODE_BUILTINS = new Set(builtinModules);
const TOOL = ['generator/', 'client/', 'bin/'];

/** Every import and re-export of a file, static or dynamic, and whether it is erased at compile time. */
function importsOf(text: string): Import[] {
  const found: Import[] = [];
  const statements = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(statements))
    found.push({ specifier: match[3] ?? '', typeOnly: match[2] !== undefined });
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ specifier: match[1] ?? '', typeOnly: false });
  return found;
}

/** The file an import names: a relative path, or the tool by its package name (`clubsite/island`: package.json's exports). */
const targetOf = (from: string, specifier: string) => {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const exported = (packageJson.exports as Record<string, string>)[specifier.replace(/^clubsite(?=\/|$)/, '.')];
  return exported && specifier.startsWith('clubsite') ? path.posix.normalize(exported) : undefined;
};

/** The rule an import breaks, or undefined. */
function violation(from: string, imported: Import): string | undefined {
  const room = roomOf(from);
  if (!room) return undefined;
  const { specifier, typeOnly } = imported;
  const target = targetOf(from, specifier);
  if (!target) {
    const isNode = specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '');
    if (isNode && room.runs !== 'node') return `${room.path} does not run in Node: no ${specifier}`;
    if (room.runs === 'nothing' && !typeOnly) return `${room.path} imports nothing at run time: ${specifier}`;
    return undefined;
  }
  const to = roomOf(target);
  if (to === room || room.imports.some((allowed) => holds(allowed, target))) return undefined;
  if (typeOnly && room.types?.some((allowed) => holds(allowed, target))) return undefined;
  if (
    TOOL.some((tool) => from.startsWith(tool)) &&
    ['templates/', 'site/', 'content/'].some((club) => target.startsWith(club))
  )
    return `the tool imports the club's site: ${target}`;
  return `${room.path} may not import ${to?.path ?? target}: ${target}`;
}

function findViolations(files: SourceFile[]): string[] {
  return files.flatMap(({ file, text }) =>
    importsOf(text).flatMap((imported) => {
      const broken = violation(file, imported);
      return broken ? [`${file}: ${broken}`] : [];
    }),
  );
}

/** Files of the tool that import each other, directly or round a longer circle (each circle once, by its first file). */
function findCircles(files: SourceFile[]): string[][] {
  const known = new Set(files.map(({ file }) => file));
  const edges = new Map<string, string[]>();
  for (const { file, text } of files) {
    if (!TOOL.some((tool) => file.startsWith(tool))) continue;
    const targets = importsOf(text).flatMap(({ specifier }) => {
      const target = targetOf(file, specifier);
      return target && known.has(target) ? [target] : [];
    });
    edges.set(file, targets);
  }
  // Tarjan's strongly connected components: any with two files or more is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === file ? undefined : stack.pop()) circle.push(top);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return circles;
}

async function sources(): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const dir of ['generator', 'client', 'bin', 'site', 'templates']) {
    const entries = await readdir(path.join(projectRoot, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.[cm]?[jt]sx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      files.push({
        file: path.relative(projectRoot, absolute).split(path.sep).join('/'),
        text: await readFile(absolute, 'utf8'),
      });
    }
  }
  return files;
}

describe('import boundaries', () => {
  test('every file is in a room, and imports only what its room may', async () => {
    const files = await sources();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(({ file }) => !roomOf(file)).map(({ file }) => file)).toEqual([]);
    expect(findViolations(files)).toEqual([]);
  });

  test('no two files of the tool import each other, directly or round a circle', async () => {
    expect(findCircles(await sources())).toEqual([]);
  });

  test('CONTRIBUTING.md’s layout table is the one the rooms make (npm run layout writes it)', async () => {
    const contributing = await readFile(path.join(projectRoot, 'CONTRIBUTING.md'), 'utf8');
    const table = /<!-- layout: start -->\n([\s\S]*?)\n<!-- layout: end -->/.exec(contributing)?.[1];
    expect(table).toBe(layoutTable());
  });

  test('each kind of violation is caught', () => {
    const planted: SourceFile[] = [
      { file: 'site/logic/a.ts', text: "import { readFileSync } from 'node:fs';\n" },
      { file: 'site/logic/b.ts', text: "import path from 'path';\n" },
      { file: 'templates/c.tsx', text: "import { build } from '../generator/pipeline/build.ts';\n" },
      { file: 'client/browser/e.ts', text: "export { osloTime } from '../../site/dates.ts';\n" },
      { file: 'generator/f.ts', text: "const site = await import('../templates/index.ts');\n" },
      { file: 'generator/render/g.ts', text: "import { emit } from '../publish/write-output.ts';\n" },
      { file: 'generator/model/h.ts', text: "import { loadContent } from '../load/load-content.ts';\n" },
      { file: 'generator/urls.ts', text: "import { renderPage } from './render/render-page.ts';\n" },
      { file: 'generator/contract/index.ts', text: "import { z } from 'zod';\n" },
      { file: 'client/shared/i.ts', text: "import { startIslands } from '../browser/island-runtime.ts';\n" },
      { file: 'generator/load/j.ts', text: "import { startIslands } from '../../client/browser/island-runtime.ts';\n" },
      { file: 'site/logic/k.ts', text: "import { Island } from 'clubsite/island';\n" },
      {
        file: 'templates/ok.tsx',
        text: "import { defineSite, type DataOf } from 'clubsite';\nimport { Island } from 'clubsite/island';\nimport { createSearch } from 'clubsite/search';\n",
      },
      {
        file: 'generator/render/ok.ts',
        text: "import { ISLAND_TAG } from '../../client/shared/island-markup.ts';\nimport { route } from '../route/route.ts';\nimport path from 'node:path';\n",
      },
    ];
    expect(findViolations(planted)).toEqual([
      'site/logic/a.ts: site/ does not run in Node: no node:fs',
      'site/logic/b.ts: site/ does not run in Node: no path',
      'templates/c.tsx: templates/ may not import generator/pipeline/: generator/pipeline/build.ts',
      "client/browser/e.ts: the tool imports the club's site: site/dates.ts",
      "generator/f.ts: the tool imports the club's site: templates/index.ts",
      'generator/render/g.ts: generator/render/ may not import generator/publish/: generator/publish/write-output.ts',
      'generator/model/h.ts: generator/model/ may not import generator/load/: generator/load/load-content.ts',
      'generator/urls.ts: generator/* may not import generator/render/: generator/render/render-page.ts',
      'generator/contract/index.ts: generator/contract/ imports nothing at run time: zod',
      'client/shared/i.ts: client/shared/ may not import client/browser/: client/browser/island-runtime.ts',
      'generator/load/j.ts: generator/load/ may not import client/browser/: client/browser/island-runtime.ts',
      'site/logic/k.ts: site/ may not import generator/contract/island.tsx: generator/contract/island.tsx',
    ]);
    const circle = findCircles([
      { file: 'generator/a.ts', text: "import { b } from './b.ts';\n" },
      { file: 'generator/b.ts', text: "import type { C } from './c/c.ts';\n" },
      { file: 'generator/c/c.ts', text: "import { a } from '../a.ts';\n" },
    ]);
    expect(circle).toEqual([['generator/a.ts', 'generator/b.ts', 'generator/c/c.ts']]);
  });
});
