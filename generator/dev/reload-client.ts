import path from 'node:path';
import { esbuildPackage } from '../lazy-package.ts';
import { toolFile, toolRoot } from '../bundle/tool-files.ts';
import { contentHash } from '../hash.ts';

export interface ReloadClient {
  code: string;
  /** Content hash: the URL it is served at. */
  hash: string;
  /** Absolute source files, so a change to them rebundles the client. */
  inputs: string[];
}

/**
 * Bundles the dev-only browser code (the tool's client/dev-reload.ts: reload, stylesheet swap,
 * error overlay), found beside the generator, not in the site. It is served from memory by
 * the dev server and never part of a build.
 */
export async function bundleReloadClient(entry = toolFile('client/browser/dev-reload.ts')): Promise<ReloadClient> {
  const root = toolRoot();
  const result = await esbuildPackage().build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    target: ['chrome111', 'firefox114', 'safari16.4'],
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return {
    code,
    hash: contentHash(code),
    inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)),
  };
}
