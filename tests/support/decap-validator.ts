/**
 * Decap CMS's own check of a configuration (decap-cms-core's validateConfig: its JSON Schema,
 * with each widget's own schema registered as the CMS registers it), bundled from the pinned
 * package's sources for Node, so that a test checks config.yml as the admin will before any
 * browser loads it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from './site-build.ts';

/** The widgets the generated configuration uses whose packages give a schema of their options. */
const WITH_SCHEMA = ['markdown', 'number', 'select', 'list', 'object', 'datetime', 'image', 'file'];
const PLAIN = ['string', 'text', 'boolean', 'hidden'];

/** lib/i18n's two lists the check reads (the module itself imports the CMS's store). */
const I18N = [
  "export const I18N_STRUCTURE = { MULTIPLE_FOLDERS: 'multiple_folders', MULTIPLE_FILES: 'multiple_files', SINGLE_FILE: 'single_file' };",
  "export const I18N_FIELD = { TRANSLATE: 'translate', DUPLICATE: 'duplicate', NONE: 'none' };",
].join('\n');

export type ValidateConfig = (config: unknown) => void;

export async function decapValidator(): Promise<ValidateConfig> {
  const require = createRequire(path.join(projectRoot, 'package.json'));
  const core = path.dirname(require.resolve('decap-cms-core/package.json'));
  const widget = (name: string) =>
    path.join(path.dirname(require.resolve(`decap-cms-widget-${name}/package.json`)), 'src/schema.js');
  const entry = `export { validateConfig } from ${JSON.stringify(path.join(core, 'src/constants/configSchema.js'))};`;
  // The registry as the CMS fills it, for what the check asks of it (each widget's schema),
  // without the rest of the CMS it imports (a router, storage).
  const registry = [
    ...WITH_SCHEMA.map((name, at) => `import schema${at} from ${JSON.stringify(widget(name))};`),
    `const widgets = [${[
      ...WITH_SCHEMA.map((name, at) => `{ name: ${JSON.stringify(name)}, schema: schema${at} }`),
      ...PLAIN.map((name) => `{ name: ${JSON.stringify(name)}, schema: {} }`),
    ].join(', ')}];`,
    'export const getWidgets = () => widgets;',
    'export const getCustomFormatsExtensions = () => ({});',
    'export const getCustomFormatsFormatters = () => ({});',
    'export const getBackend = () => undefined;',
    'export const invokeEvent = () => undefined;',
  ].join('\n');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-decap-'));
  const outfile = path.join(dir, 'validate.cjs');
  try {
    await build({
      stdin: { contents: entry, resolveDir: core, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      logLevel: 'silent',
      // A library the formats import looks at `window` as it loads; nothing the check runs uses it.
      banner: { js: 'var window = globalThis;' },
      plugins: [
        {
          name: 'registry',
          setup(esbuild) {
            esbuild.onResolve({ filter: /\/lib\/(registry|i18n)$/ }, (args) => ({
              path: args.path.endsWith('i18n') ? 'i18n' : 'registry',
              namespace: 'stub',
            }));
            esbuild.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({
              contents: args.path === 'i18n' ? I18N : registry,
              resolveDir: core,
              loader: 'js',
            }));
          },
        },
      ],
      loader: { '.js': 'jsx' },
    });
    return (require(outfile) as { validateConfig: ValidateConfig }).validateConfig;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
