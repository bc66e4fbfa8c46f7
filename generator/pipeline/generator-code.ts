/**
 * The generator's own code as a hash: a page cache made by other code is not believed. Run by
 * the launcher, the code is one bundled module whose name holds its content hash
 * (typescript-module.js sets CLUBSITE_CODE); run from its sources (the tests), the sources are hashed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toolRoot } from '../bundle/tool-files.ts';

let known: string | undefined;

export function generatorCode(): string {
  known ??= process.env.CLUBSITE_CODE ?? sourcesHash();
  return known;
}

function sourcesHash(): string {
  const root = toolRoot();
  const hash = createHash('sha256');
  for (const folder of ['generator', 'client']) {
    const files = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.[cm]?[jt]sx?$/.test(file))
      .sort();
    for (const file of files) hash.update(`${folder}/${file}\n`).update(readFileSync(path.join(root, folder, file)));
  }
  return `sources-${hash.digest('hex').slice(0, 16)}`;
}
