import { existsSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type * as esbuild from 'esbuild';
import { esbuildPackage } from '../lazy-package.ts';
import type { SiteDefinition } from '../contract/index.ts';
import type { KeptCode, LoadedSite, SiteBundle } from '../model/site.ts';
import { ContentError } from '../errors.ts';
import { sharedPackage } from './shared-packages.ts';
import { siteLoadError } from './site-code-error.ts';
import { mapStillThere, noteSiteCode, writeSiteMap } from './site-code-map.ts';
import { isToolImport } from './tool-files.ts';
import { say } from '../messages/say.ts';

export type { LoadedSite, SiteBundle };

const PACKAGES = 'clubsite-package';

/**
 * Bundles the site definition (templates, components, schemas) for Node and runs it. Packages
 * are not bundled: the site gets the very modules the generator imports (one React, one Zod).
 * The bundle is run as a function, not imported as a module: Node keeps every imported module
 * until the process ends, so `clubsite dev` would keep one more copy of the site for each
 * template save. A function's code and objects are freed once the site is no longer used.
 */
export async function loadSite(root: string, entry: string, kept?: KeptCode): Promise<LoadedSite> {
  const candidates = /\.[cm]?[jt]sx?$/.test(entry)
    ? [entry]
    : ['.ts', '.tsx', '.js', '.jsx'].map((extension) => `${entry}${extension}`);
  const found = candidates.find((candidate) => existsSync(path.resolve(root, candidate)));
  if (!found) {
    throw new ContentError({
      code: 'missing-file',
      file: candidates[0] ?? entry,
      ...say('missing-file/site', { root, candidate: String(candidates[0]) }),
    });
  }
  const known = kept?.find(found);
  if (known && mapStillThere(known.bundle))
    return { site: await runSiteCode(known.bundle), inputs: known.inputs, bundle: known.bundle };
  const startedAt = Date.now();
  const packages = new Map<string, Record<string, unknown>>();
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuildPackage().build({
      entryPoints: [`./${path.relative(root, path.resolve(root, entry)).split(path.sep).join('/')}`],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // The map as a file of its own (bundle/site-code-map.ts), read when a template throws: Node
      // applies none to code run by vm.compileFunction (not even with --enable-source-maps), and
      // one inline was three quarters of the bundle's text, which every build hashes (its page
      // keys) and compiles, and each render worker compiles again.
      sourcemap: 'external',
      sourcesContent: false,
      outfile: 'site.cjs',
      plugins: [sharedPackages(packages)],
    });
  } catch (error) {
    throw bundleError(error, root);
  }
  const output = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text;
  const bundle: SiteBundle = {
    code: output('.cjs') ?? '',
    filename: path.resolve(root, found),
    packages: [...packages.keys()],
    sourceMap: await writeSiteMap(root, output('.cjs.map') ?? ''),
  };
  const site = runSite(bundle, packages, found);
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith(`${PACKAGES}:`))
    .map((input) => path.resolve(root, input));
  kept?.keep(found, bundle, inputs, startedAt);
  return { site, inputs, bundle };
}

/** Runs a bundle made by loadSite in this thread (a render worker), with this thread's copies of its packages. */
export async function runSiteCode(bundle: SiteBundle): Promise<SiteDefinition> {
  const packages = new Map<string, Record<string, unknown>>();
  for (const name of bundle.packages) packages.set(name, await sharedPackage(name));
  return runSite(bundle, packages, path.basename(bundle.filename));
}

function runSite(bundle: SiteBundle, packages: Map<string, Record<string, unknown>>, shown: string): SiteDefinition {
  noteSiteCode(bundle);
  const module = { exports: {} as { default?: SiteDefinition } };
  const run = vm.compileFunction(bundle.code, ['exports', 'module', '__clubsitePackage'], {
    filename: bundle.filename,
  });
  try {
    run(module.exports, module, (name: string) => packages.get(name));
  } catch (error) {
    throw siteLoadError(error, shown) ?? error;
  }
  if (!module.exports.default) throw new Error(`${shown} has no default export (the site definition).`);
  return module.exports.default;
}

/**
 * Each package the site imports becomes a small module that hands out the generator's own
 * copy of it (imported as Node resolves it for the generator), with its named exports. The
 * tool's own package (`clubsite`, `clubsite/island`: the contract, which holds no state of its
 * own) is bundled with the site, from the copy the site's folder resolves to.
 */
function sharedPackages(packages: Map<string, Record<string, unknown>>): esbuild.Plugin {
  return {
    name: PACKAGES,
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        path.isAbsolute(args.path) || isToolImport(args.path) ? undefined : { path: args.path, namespace: PACKAGES },
      );
      build.onLoad({ filter: /.*/, namespace: PACKAGES }, async (args) => {
        const namespace = await sharedPackage(args.path);
        packages.set(args.path, namespace);
        // A CommonJS package (React) as Node's import sees it: its exports are those of `default`.
        const main = namespace.default;
        const commonJs =
          (typeof main === 'object' || typeof main === 'function') &&
          main !== null &&
          Object.keys(namespace).every(
            (name) => name === 'default' || namespace[name] === (main as Record<string, unknown>)[name],
          );
        const source = commonJs ? (main as Record<string, unknown>) : namespace;
        const names = Object.keys(source).filter(
          (name) => name !== 'default' && name !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(name),
        );
        const contents = [
          `const m = __clubsitePackage(${JSON.stringify(args.path)});`,
          ...names.map((name, index) => `const v${index} = ${commonJs ? 'm.default' : 'm'}[${JSON.stringify(name)}];`),
          `export { ${names.map((name, index) => `v${index} as ${name}`).join(', ')} };`,
          'default' in namespace ? 'export default m.default;' : '',
        ].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/** esbuild's first message as a ContentError: a syntax error in a template is the volunteer's to fix. */
export function bundleError(error: unknown, root: string): ContentError | unknown {
  const failure = error as { errors?: esbuild.Message[] };
  const first = failure.errors?.[0];
  if (!first) return error;
  return new ContentError({
    code: 'bundle-failed',
    file: first.location
      ? path.relative(root, path.resolve(root, first.location.file)).split(path.sep).join('/')
      : '(site code)',
    line: first.location?.line,
    column: first.location ? first.location.column + 1 : undefined,
    ...say('bundle-failed', { text: first.text, clubsite: /^Could not resolve "clubsite[/"]/.test(first.text) }),
  });
}
