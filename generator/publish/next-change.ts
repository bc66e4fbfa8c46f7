/**
 * `.clubsite/next-change.json` in the output: when the site next changes by itself (a post
 * written ahead, a door's draw, midnight for today's training), for the workflow that builds
 * the deployed site when something is due. Never linked from a page.
 */
import type { NextChange } from '../clock.ts';
import type { OutputFile } from '../model/pipeline.ts';

export const NEXT_CHANGE_FILE = '.clubsite/next-change.json';

interface NextChangeManifest {
  version: 1;
  /** The build's clock. */
  builtAt: string;
  /** When the output next changes by itself; null: nothing the build knows of changes it. */
  nextChange: string | null;
  /** What changes then (the file or page whose answer ends first). */
  reason: string | null;
  /** The commit the sources were built from, when known. */
  commit: string | null;
}

export function nextChangeFile(now: number, next: NextChange | undefined, commit: string | undefined): OutputFile {
  const manifest: NextChangeManifest = {
    version: 1,
    builtAt: new Date(now).toISOString(),
    nextChange: next ? new Date(next.at).toISOString() : null,
    reason: next?.reason ?? null,
    commit: commit ?? null,
  };
  return [NEXT_CHANGE_FILE, `${JSON.stringify(manifest, null, 2)}\n`];
}
