import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type BuildResult } from '../../generator/pipeline/build.ts';
import { startPreviewServer } from '../../generator/serve/preview-server.ts';
import { writeOutput } from '../../generator/publish/write-output.ts';

/** The clubsite checkout: the nearest folder above this file with clubsite's package.json (also when bundled by bin/run-ts.js). */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let dir = start; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'clubsite')
      return dir;
  }
  throw new Error(`no clubsite checkout above ${start}`);
}

/** Builds the real club site in memory at a given clock. */
export function buildSite(now: string, options: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ root: projectRoot, now, ...options });
}

export interface ServedSite {
  url: string;
  dir: string;
  result: BuildResult;
  close: () => Promise<void>;
}

/** Builds the real site at `now`, writes it to a temporary folder and serves it as a static host would. */
export async function serveSite(now: string, options: Partial<BuildOptions> = {}): Promise<ServedSite> {
  const result = await buildSite(now, options);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-site-'));
  await writeOutput(dir, result.files);
  const server: Server = await startPreviewServer({ dir, port: 0, host: '127.0.0.1', quiet: true });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    result,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
