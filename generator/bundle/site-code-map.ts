/**
 * Where a line of the site's bundled code comes from. esbuild writes the bundle's source map as a
 * file of its own in the project's module cache (node_modules/.cache/clubsite/site-maps/), not
 * inline: an inline map was three quarters of the bundle's text, which every build hashes and
 * compiles (a346013). The map is read only when a stack needs it: a template that threw. For the
 * club's site it is 77 KB (no sourcesContent: the sources are on disk), and loadSite took a median
 * of 101 and 194 ms with it against 157 and 173 ms without (12 runs each, load 13 on two cores):
 * no difference to measure.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import type { SiteBundle } from '../model/site.ts';
import { moduleCache } from '../typescript-module.js';
import { writeWholeAsync } from '../whole-file.js';
import { isInside } from '../path-inside.ts';
import { toolRoot } from './tool-files.ts';

/** A map not used for this long is removed when another is written (a kept bundle whose map is gone is bundled again). */
const UNUSED_MS = 7 * 24 * 3600_000;

/** A frame of a stack, at the place in the source it came from (line and column from 1). */
export interface SourceFrame {
  /** Relative to the project when the frame is the site's own code (`templates/home.tsx`), else as the stack has it. */
  file: string;
  line: number;
  column: number;
  /** The function's name, when the stack has one. */
  name?: string;
  /** The site's own code: not a package, not clubsite's. */
  own: boolean;
}

/** The compiled file name of each bundle this thread runs → its map; the last bundle run under a name wins. */
const bundles = new Map<string, NonNullable<SiteBundle['sourceMap']>>();
const parsed = new Map<string, SourceMap | undefined>();

/** Writes esbuild's map of the site's bundle into the project's module cache; its path, or undefined when it cannot be written. */
export async function writeSiteMap(root: string, text: string): Promise<SiteBundle['sourceMap']> {
  const folder = path.join(moduleCache(root), 'site-maps');
  const file = path.join(folder, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.map`);
  try {
    if (existsSync(file)) utimesSync(file, new Date(), new Date());
    else {
      await mkdir(folder, { recursive: true });
      await writeWholeAsync(file, text);
      removeUnused(folder, file);
    }
    return { file, root };
  } catch {
    return undefined;
  }
}

/** Whether a kept bundle's map, if it was written, is still there (else the bundle is made again, map and all). */
export const mapStillThere = (bundle: SiteBundle): boolean =>
  bundle.sourceMap === undefined || existsSync(bundle.sourceMap.file);

/** Notes a bundle this thread is about to run: its frames are mapped from then on. */
export function noteSiteCode(bundle: SiteBundle): void {
  if (bundle.sourceMap) bundles.set(bundle.filename, bundle.sourceMap);
}

/** The frames of an error's stack, those of the site's bundle at the place in its source they came from. */
export function framesOf(error: unknown): SourceFrame[] {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frames: SourceFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = /^\s+at (?:(.*?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!match) continue;
    const [, name, file = '', row, column] = match;
    frames.push(mapped({ file, line: Number(row), column: Number(column), name, own: false }));
  }
  return frames;
}

function mapped(frame: SourceFrame): SourceFrame {
  const known = bundles.get(frame.file);
  const map = known && mapOf(known.file);
  if (!known || !map) return frame;
  const entry = map.findEntry(frame.line - 1, frame.column - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  if (entry.originalSource === undefined || entry.originalLine === undefined) return frame;
  const source = path.resolve(known.root, entry.originalSource.replace(/^file:\/\//, ''));
  const tool = toolRoot();
  const own =
    isInside(known.root, source) &&
    !path.relative(known.root, source).split(path.sep).includes('node_modules') &&
    !isInside(path.join(tool, 'generator'), source) &&
    !isInside(path.join(tool, 'client'), source);
  return {
    file: own ? path.relative(known.root, source).split(path.sep).join('/') : source,
    line: entry.originalLine + 1,
    column: (entry.originalColumn ?? 0) + 1,
    name: frame.name,
    own,
  };
}

function mapOf(file: string): SourceMap | undefined {
  if (!parsed.has(file)) {
    try {
      parsed.set(file, new SourceMap(JSON.parse(readFileSync(file, 'utf8'))));
    } catch {
      parsed.set(file, undefined);
    }
  }
  return parsed.get(file);
}

function removeUnused(folder: string, keep: string): void {
  const before = Date.now() - UNUSED_MS;
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (file === keep || !name.endsWith('.map')) continue;
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && stats.mtimeMs < before) rmSync(file, { force: true });
  }
}
