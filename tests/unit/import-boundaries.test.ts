// The import rules of CONTRIBUTING.md's layout table, checked on every source file:
// - site/, templates/ and client/ run in the browser or are bundled by the generator: they never
//   import node:* (or a Node built-in) and never import generator code at run time; the one
//   exception is generator/contract.ts (its types, and define… helpers that import nothing);
// - the tool (generator/, client/) never imports the club's site (templates/, site/, content/).
import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
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

const CONTRACT = 'generator/contract/index.ts';
const ISLAND = 'generator/contract/island.tsx';
const NODE_BUILTINS = new Set(builtinModules);

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

const top = (file: string) => file.split('/')[0] ?? '';

/** The rule an import breaks, or undefined. */
function violation(from: string, imported: Import): string | undefined {
  const { specifier, typeOnly } = imported;
  const area = top(from);
  const isNode = specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '');
  const target = specifier.startsWith('.')
    ? path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
    : undefined;
  const targetArea = target ? top(target) : undefined;
  if (['site', 'templates', 'client'].includes(area)) {
    if (isNode) return `${area}/ runs in the browser or is bundled: no ${specifier}`;
    if (targetArea === 'generator' && target !== CONTRACT && target !== ISLAND && !typeOnly)
      return `${area}/ imports generator code at run time: ${target}`;
    if (targetArea === 'generator' && target !== CONTRACT && target !== ISLAND)
      return `${area}/ may import only the contract from generator/: ${target}`;
  }
  if (area === 'generator' || area === 'client') {
    if (targetArea === 'templates' || targetArea === 'site' || targetArea === 'content')
      return `the tool imports the club's site: ${target}`;
  }
  const inContract = from.startsWith('generator/contract/') && from !== ISLAND;
  const toContract = target?.startsWith('generator/contract/') && target !== ISLAND;
  if (inContract && !typeOnly && !toContract) return `the contract imports nothing at run time: ${specifier}`;
  return undefined;
}

function findViolations(files: SourceFile[]): string[] {
  return files.flatMap(({ file, text }) =>
    importsOf(text).flatMap((imported) => {
      const broken = violation(file, imported);
      return broken ? [`${file}: ${broken}`] : [];
    }),
  );
}

async function sources(): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const dir of ['generator', 'client', 'site', 'templates']) {
    const entries = await readdir(path.join(projectRoot, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !/\.[cm]?[jt]sx?$/.test(entry.name)) continue;
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
  test('no file breaks the layout table’s import rules', async () => {
    const files = await sources();
    expect(files.length).toBeGreaterThan(50);
    expect(
      files.some(
        (file) =>
          file.file === 'site/collections.ts' &&
          importsOf(file.text).some((found) => found.specifier === '../generator/contract/index.ts'),
      ),
    ).toBe(true);
    expect(findViolations(files)).toEqual([]);
  });

  test('each kind of violation is caught', () => {
    const planted: SourceFile[] = [
      { file: 'site/logic/a.ts', text: "import { readFileSync } from 'node:fs';\n" },
      { file: 'site/logic/b.ts', text: "import path from 'path';\n" },
      { file: 'templates/c.tsx', text: "import { build } from '../generator/build.ts';\n" },
      { file: 'templates/d.tsx', text: "import type { BuildResult } from '../generator/build.ts';\n" },
      { file: 'client/e.ts', text: "export { osloTime } from '../site/dates.ts';\n" },
      { file: 'generator/f.ts', text: "const site = await import('../templates/index.ts');\n" },
      { file: 'generator/render/g.ts', text: "import {\n  SiteData,\n} from '../../site/data.ts';\n" },
      { file: 'generator/contract/index.ts', text: "import { z } from 'zod';\n" },
      {
        file: 'templates/ok.tsx',
        text: "import { defineSite, type DataOf } from '../generator/contract/index.ts';\nimport { Island } from '../client/island.tsx';\n",
      },
      {
        file: 'generator/ok.ts',
        text: "import { ISLAND_TAG } from '../client/island-markup.ts';\nimport path from 'node:path';\n",
      },
    ];
    expect(findViolations(planted)).toEqual([
      'site/logic/a.ts: site/ runs in the browser or is bundled: no node:fs',
      'site/logic/b.ts: site/ runs in the browser or is bundled: no path',
      'templates/c.tsx: templates/ imports generator code at run time: generator/build.ts',
      'templates/d.tsx: templates/ may import only the contract from generator/: generator/build.ts',
      "client/e.ts: the tool imports the club's site: site/dates.ts",
      "generator/f.ts: the tool imports the club's site: templates/index.ts",
      "generator/render/g.ts: the tool imports the club's site: site/data.ts",
      'generator/contract/index.ts: the contract imports nothing at run time: zod',
    ]);
  });
});
