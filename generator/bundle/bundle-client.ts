import path from 'node:path';
import type * as esbuild from 'esbuild';
import { esbuildPackage } from '../lazy-package.ts';
import type { SiteDefinition } from '../contract/index.ts';
import type { ClientBundle, KeptClient } from '../model/site.ts';
import { BuildFailed, type ContentError } from '../errors.ts';
import { duplicatePackages } from './duplicate-packages.ts';
import { bundleError } from './load-site.ts';
import { toolFile, toolPackages } from './tool-files.ts';

export type { ClientBundle };

const ISLANDS_ENTRY = 'clubsite:islands';

/**
 * One esbuild run for everything the browser loads: the stylesheet, the plain scripts every
 * page has, and the island runtime with one lazily imported module per island kind. Code
 * splitting puts React in one shared chunk that only the islands pull in. Names carry a
 * content hash, so a host can cache them forever.
 */
export async function bundleClient(
  root: string,
  site: SiteDefinition,
  options: { minify: boolean },
  kept?: KeptClient,
): Promise<ClientBundle> {
  const islandNames = Object.keys(site.islands).sort();
  const entryPoints: Record<string, string> = { style: site.styles };
  for (const script of site.scripts) entryPoints[path.basename(script).replace(/\.[jt]sx?$/, '')] = script;
  if (islandNames.length > 0) entryPoints.islands = ISLANDS_ENTRY;
  // What the bundle is made by besides its files: what the site names, and the options.
  const islands = islandNames.map((name) => [name, site.islands[name]?.module]);
  const recipe = JSON.stringify([entryPoints, site.headScripts, islands, options.minify, toolPackages()]);
  const known = kept?.find(recipe);
  if (known) return known;
  const startedAt = Date.now();
  const common = {
    absWorkingDir: root,
    bundle: true,
    write: false as const,
    metafile: true as const,
    minify: options.minify,
    target: ['chrome111', 'firefox114', 'safari16.4'],
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'silent',
    // Packages the site does not have itself (React for the tool's island runtime) come from the tool's.
    nodePaths: [toolPackages()],
    define: { 'process.env.NODE_ENV': JSON.stringify(options.minify ? 'production' : 'development') },
  } satisfies esbuild.BuildOptions;
  let built: ClientBundle;
  let twice: ContentError[];
  try {
    const [main, head] = await Promise.all([
      esbuildPackage().build({
        ...common,
        entryPoints,
        outdir: 'assets',
        format: 'esm',
        splitting: true,
        entryNames: '[name]-[hash]',
        chunkNames: 'chunks/[name]-[hash]',
        assetNames: '[name]-[hash]',
        loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
        plugins: [virtualModule(ISLANDS_ENTRY, islandsModule(root, site, islandNames), root)],
      }),
      Promise.all(
        site.headScripts.map((script) =>
          esbuildPackage().build({ ...common, entryPoints: [script], format: 'iife', minify: true, metafile: true }),
        ),
      ),
    ]);
    built = bundleOf(root, site, islandNames, main, head);
    twice = duplicatePackages(Object.keys(main.metafile.inputs), root);
  } catch (error) {
    throw bundleError(error, root);
  }
  if (twice.length > 0) throw new BuildFailed(twice);
  kept?.keep(recipe, built, startedAt);
  return built;
}

/** The module that starts the island runtime with each island's module, imported when it is due. */
function islandsModule(root: string, site: SiteDefinition, islandNames: string[]): string {
  return [
    `import { startIslands } from ${JSON.stringify(toolFile('client/browser/island-runtime.ts'))};`,
    'startIslands({',
    ...islandNames.map(
      (name) =>
        `  ${JSON.stringify(name)}: () => import(${JSON.stringify(path.resolve(root, site.islands[name]?.module ?? ''))}),`,
    ),
    '});',
  ].join('\n');
}

type Built = esbuild.BuildResult<{ write: false; metafile: true }>;

/** What pages load of esbuild's output: the files, and which of them is each entry's. */
function bundleOf(
  root: string,
  site: SiteDefinition,
  islandNames: string[],
  main: Built,
  head: esbuild.BuildResult[],
): ClientBundle {
  const files = new Map<string, Uint8Array>();
  const entryOutputs = new Map<string, string>();
  for (const file of main.outputFiles)
    files.set(path.relative(root, file.path).split(path.sep).join('/'), file.contents);
  for (const [output, meta] of Object.entries(main.metafile.outputs)) {
    if (meta.entryPoint) entryOutputs.set(meta.entryPoint, output);
  }
  const outputOf = (entry: string) => entryOutputs.get(entry) ?? entryOutputs.get(path.normalize(entry));
  const islandRuntime = [...entryOutputs.entries()].find(([entry]) => entry.endsWith(ISLANDS_ENTRY))?.[1];
  const inputs = [main, ...head].flatMap((result) => Object.keys(result.metafile?.inputs ?? {}));
  return {
    files,
    styles: [outputOf(site.styles)].filter((file): file is string => file !== undefined),
    scripts: site.scripts.map(outputOf).filter((file): file is string => file !== undefined),
    islandRuntime,
    islandPreloads: preloadsOf(
      main.metafile,
      islandRuntime,
      new Map(islandNames.map((name) => [name, outputOf(site.islands[name]?.module ?? '')])),
    ),
    headScripts: head.map((result) => (result.outputFiles?.[0]?.text ?? '').trim()),
    inputs: [...new Set(inputs)].filter((input) => !input.includes(':')).map((input) => path.resolve(root, input)),
  };
}

/**
 * What each island needs: its chunk and the modules the runtime imports beside it (React),
 * each with everything it imports in turn. Other islands' chunks are not included.
 */
function preloadsOf(
  metafile: esbuild.Metafile,
  runtime: string | undefined,
  islands: Map<string, string | undefined>,
): Record<string, string[]> {
  const islandChunks = new Set(islands.values());
  const shared = (runtime ? (metafile.outputs[runtime]?.imports ?? []) : [])
    .filter((found) => found.kind === 'dynamic-import' && !islandChunks.has(found.path))
    .map((found) => found.path);
  const closure = (start: string[]): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const found of metafile.outputs[file]?.imports ?? [])
        if (found.kind === 'import-statement') visit(found.path);
    };
    start.forEach(visit);
    return [...seen].sort();
  };
  const preloads: Record<string, string[]> = {};
  for (const [name, chunk] of islands) if (chunk) preloads[name] = closure([...shared, chunk]);
  return preloads;
}

function virtualModule(name: string, contents: string, root: string): esbuild.Plugin {
  return {
    name: 'clubsite-virtual',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: name, namespace: 'clubsite' }));
      build.onLoad({ filter: /.*/, namespace: 'clubsite' }, () => ({ contents, loader: 'ts', resolveDir: root }));
    },
  };
}
