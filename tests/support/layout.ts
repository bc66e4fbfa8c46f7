/**
 * The layout of the code as rooms and the imports each may make: the one rule table that
 * tests/unit/import-boundaries.test.ts enforces on every file and that CONTRIBUTING.md's layout
 * table is made from (`npm run layout` writes it; the test fails when the two differ).
 *
 * A file belongs to the room with the longest path that holds it. A room may import from
 * itself and from the rooms it names; `runs` says whether it may import Node's own modules.
 * The stages come in pipeline order: each names only rooms below it, so no import runs back up.
 */
export interface Room {
  /** A folder (ending in /), a file, or `folder/*` for the files directly in a folder. */
  path: string;
  holds: string;
  /** Rooms (their paths) it may import from, besides itself. */
  imports: readonly string[];
  /** Rooms it may import types from, erased at compile time. */
  types?: readonly string[];
  /** node: Node's modules and packages; browser: packages only; nothing: imports nothing at run time but its own room. */
  runs: 'node' | 'browser' | 'nothing';
}

const GROUND = ['generator/model/', 'generator/*', 'generator/contract/', 'generator/messages/'] as const;
/** The pipeline's stages, in order: each may import the ground floor and the stages before it. */
export const STAGES = [
  'generator/bundle/',
  'generator/load/',
  'generator/validate/',
  'generator/route/',
  'generator/images/',
  'generator/render/',
  'generator/index/',
  'generator/publish/',
] as const;
const HOLDS: Record<(typeof STAGES)[number], string> = {
  'generator/bundle/': 'the site stage: the site definition bundled and run, the browser code bundled (esbuild)',
  'generator/load/': 'load: content files read, YAML and front matter parsed with every value’s position',
  'generator/validate/': 'validate: Zod schemas, the site’s checks, every problem with file, line and field',
  'generator/route/': 'route: the route table, the pages templates make from data, the site’s own files',
  'generator/images/': 'images: photos made into their sizes and formats (sharp), cached',
  'generator/render/': 'render: the render context, one page rendered (Markdown, template, document)',
  'generator/index/': 'index: the search index from the rendered pages, split into parts',
  'generator/publish/': 'publish: the output folder (swapped in whole) or memory, and what is made from every page',
};

const stageRooms: Room[] = STAGES.map((path, at) => ({
  path,
  holds: HOLDS[path],
  imports: [...GROUND, 'client/shared/', ...STAGES.slice(0, at)],
  runs: 'node',
}));

export const ROOMS: readonly Room[] = [
  {
    path: 'generator/contract/',
    holds: 'the contract with a site: its types, `define…` helpers and `paginate` (the package’s main entry)',
    imports: [],
    runs: 'nothing',
  },
  {
    path: 'generator/contract/island.tsx',
    holds: '`<Island>`: a widget rendered on the server inside the island markup',
    imports: ['generator/contract/', 'client/shared/'],
    runs: 'node',
  },
  {
    path: 'generator/model/',
    holds:
      'the ground floor: the plain data every stage shares (loaded files with positions, pages, routes, the render context, rendered pages, the Renderer and Publisher a caller chooses)',
    imports: [],
    types: ['generator/contract/', 'generator/*'],
    runs: 'nothing',
  },
  {
    path: 'generator/*',
    holds:
      'helpers more than one stage uses: the error type, URLs, slug, dates, hashes, positions, text of HTML, image size, the TypeScript module cache, the CLI’s output',
    imports: ['generator/model/', 'generator/contract/', 'generator/messages/'],
    runs: 'node',
  },
  {
    path: 'generator/messages/',
    holds:
      'the tool’s messages in the languages it speaks (English, Norwegian bokmål): every problem, hint and summary line, chosen by the site’s `lang`',
    imports: [],
    types: ['client/shared/'],
    runs: 'node',
  },
  {
    path: 'client/shared/',
    holds: 'what both halves of the tool share: island markup, the search index format, dev messages',
    imports: [],
    runs: 'browser',
  },
  {
    path: 'client/browser/',
    holds: 'the tool’s browser half: island runtime, search reader, dev reload and overlay',
    imports: ['client/shared/'],
    runs: 'browser',
  },
  ...stageRooms,
  {
    path: 'generator/config/',
    holds:
      'the project’s configuration: `clubsite.config.ts` read once, the names every command hands the pipeline and the servers, the folders a build never replaces (it runs the file as the site stage runs the site’s code)',
    imports: [...GROUND, 'generator/bundle/'],
    runs: 'node',
  },
  {
    path: 'generator/pipeline/',
    holds:
      'the driver: `build()` (one stage a line), the renderers (this thread, render workers), the page stream, a dev build session',
    imports: [...GROUND, 'client/shared/', ...STAGES, 'generator/admin/'],
    runs: 'node',
  },
  {
    path: 'generator/serve/',
    holds: 'serving a built folder (`preview`) and its guards',
    imports: [...GROUND, 'generator/publish/'],
    runs: 'node',
  },
  {
    path: 'generator/schema/',
    holds: 'JSON Schemas of the content files for editors (`schema`)',
    imports: [...GROUND, ...STAGES],
    runs: 'node',
  },
  {
    path: 'generator/admin/',
    holds: 'the editors’ admin at /admin/: Decap CMS’s config.yml made from the schemas, its page, policy and files',
    imports: [...GROUND, ...STAGES, 'generator/schema/'],
    runs: 'node',
  },
  {
    path: 'client/admin/',
    holds: 'the admin’s own script beside Decap CMS (the preview’s stylesheet, the document button)',
    imports: [],
    runs: 'browser',
  },
  {
    path: 'generator/dev/',
    holds: 'the dev server: watching, rebuilding through a build session, live reload',
    imports: [...GROUND, 'client/shared/', ...STAGES, 'generator/pipeline/', 'generator/serve/'],
    runs: 'node',
  },
  {
    path: 'generator/starter/',
    holds:
      '`clubsite new`: the starter site (`starter/`) written into a new folder, with a package.json that depends on this clubsite and the editors’ JSON Schemas',
    imports: [...GROUND, 'generator/bundle/', 'generator/schema/', 'generator/publish/'],
    runs: 'node',
  },
  {
    path: 'generator/cli.ts',
    holds: 'the CLI (commander): each command’s code imported when it runs',
    imports: ['generator/', 'package.json'],
    runs: 'node',
  },
  {
    path: 'generator/cli-build.ts',
    holds:
      'the CLI’s `build` and `check`: the pipeline, loaded only when a build runs (not when nothing changed since the last one)',
    imports: ['generator/'],
    runs: 'node',
  },
  {
    path: 'generator/cli-check.ts',
    holds: 'the CLI’s `check`: every page rendered and checked, nothing written or kept',
    imports: ['generator/'],
    runs: 'node',
  },
  {
    path: 'generator/cli-summary.ts',
    holds: 'the lines a build or check ends with: pages, sizes, the cache, the next change, in the site’s language',
    imports: ['generator/'],
    runs: 'node',
  },
  {
    path: 'generator/cli-cache-folder.ts',
    holds: 'where a build keeps its cache: the folder refused or made its own, and a refused write as a warning',
    imports: ['generator/'],
    runs: 'node',
  },
  {
    path: 'generator/cli-next-change.ts',
    holds: 'the CLI’s `next-change`: when the output next changes by itself, written nowhere',
    imports: ['generator/'],
    runs: 'node',
  },
  {
    path: 'bin/',
    holds: 'the `clubsite` launcher (plain JavaScript)',
    imports: ['generator/typescript-module.js'],
    runs: 'node',
  },
  {
    path: 'templates/',
    holds: 'the club’s site definition (`index.ts`), islands and one template per kind of page',
    imports: ['generator/contract/index.ts', 'generator/contract/island.tsx', 'client/browser/', 'site/'],
    types: ['generator/contract/'],
    runs: 'browser',
  },
  {
    path: 'site/',
    holds: 'the club’s components, schemas, pure logic, dates, styles and small browser scripts',
    imports: ['generator/contract/index.ts', 'client/browser/', 'templates/'],
    types: ['generator/contract/'],
    runs: 'browser',
  },
];

/** The room a file is in: the one with the longest path that holds it. */
export function roomOf(file: string): Room | undefined {
  let best: Room | undefined;
  for (const room of ROOMS) {
    if (!holds(room.path, file)) continue;
    if (!best || room.path.length > best.path.length) best = room;
  }
  return best;
}

/** Whether a room's path holds a file. */
export function holds(path: string, file: string): boolean {
  if (path.endsWith('/*')) {
    const folder = path.slice(0, -1);
    return file.startsWith(folder) && !file.slice(folder.length).includes('/');
  }
  return path.endsWith('/') ? file.startsWith(path) : file === path;
}

/** CONTRIBUTING.md's layout table, made from the rooms. */
export function layoutTable(): string {
  const code = (path: string) => `\`${path}\``;
  const rows = ROOMS.map((room) => {
    const imports = room.imports.length === 0 ? 'nothing of the project' : room.imports.map(code).join(', ');
    const types = room.types ? `; types only: ${room.types.map(code).join(', ')}` : '';
    const runs = { node: 'Node', browser: 'no `node:*`', nothing: 'nothing at run time' }[room.runs];
    return `| ${code(room.path)} | ${room.holds} | ${imports}${types} | ${runs} |`;
  });
  return ['| room | holds | may import (besides itself) | runs |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
