/** The site `clubsite new` writes, in a temporary folder, finding this checkout as its clubsite. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../generator/cli.ts';
import { linkTool } from './outside-project.ts';

export interface StarterSite {
  root: string;
  at: (file: string) => string;
  remove: () => Promise<void>;
}

export async function starterSite(): Promise<StarterSite> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'clubsite-starter-'));
  const root = path.join(parent, 'klubb');
  const log = console.log;
  console.log = () => {};
  try {
    const code = await main(['new', root], parent);
    if (code !== 0) throw new Error(`clubsite new exited ${code}`);
  } finally {
    console.log = log;
  }
  await linkTool(root);
  return { root, at: (file) => path.join(root, file), remove: () => rm(parent, { recursive: true, force: true }) };
}
