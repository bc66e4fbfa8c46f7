/**
 * The cache folder is clubsite's own: made with a marker (CACHEDIR.TAG, the tag backup tools
 * know, with clubsite's name in it), and written only while it holds that marker. A folder that
 * is not empty and has no marker is refused (exit 2, one line), unless every file in it is one
 * an earlier clubsite's cache wrote (a cache CI restored from before the marker): that one is
 * taken over, and the build is cold, since none of its old files pass the checks of today's.
 * Refused as well, before anything is written: the places `--out` refuses (the file system's
 * root, the system's trees, a home folder, the project folder and the folders of its sources)
 * and any folder inside the output folder or holding it.
 *
 * What the disk refuses (full, read-only, a file where the folder goes) is no refusal: the
 * build goes on without a cache and says so in one warning (CacheFault).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isInside } from '../path-inside.ts';
import { OutputError } from '../publish/output-error.ts';
import { systemTree } from '../publish/out-folder.ts';
import { type CacheFault, cacheFault } from './cache-fault.ts';

const CACHE_MARKER = 'CACHEDIR.TAG';
const CACHE_MARKER_TEXT =
  'Signature: 8a477f597d28d172789f06886806bc55\n# The build cache of clubsite: everything here can be deleted, and is made again by the next build.\n';

/** The names an earlier clubsite's cache held, before the marker: such a folder is taken over. */
const OLD_CACHE_NAMES = new Set([
  'pages.bin',
  'pages.delta.bin',
  'postings.bin',
  'sources.bin',
  'sources.delta.bin',
  'site-code.bin',
  'site-code.json',
  'client-code.bin',
  'last-build.json',
  'html',
  'index',
  'trash',
  'spare',
  'output-lists',
]);

interface CacheFolderPlaces {
  /** The project folder. */
  project: string;
  /** The folders of its sources (config/project-config.ts sourceFolders). */
  sources: readonly string[];
  /** The output folder, when there is one. */
  outDir?: string;
  /** The folder as the user named it, for messages. */
  shown: string;
}

export interface OwnedCacheFolder {
  /** The folder to use, or none: the build goes on without a cache (a fault, told in `warning`). */
  cacheDir?: string;
  /** One line for the summary: an old cache taken over. */
  notice?: string;
  /** One line of warning: the cache could not be made or written. */
  warning?: CacheFault;
  /** Removes what this call made (the folder, or the marker in an empty one): for a build refused after it (exit 2), which touches nothing. */
  unmake?: () => void;
}

const refuse = (shown: string, why: string) =>
  new OutputError(
    `--cache-dir ${shown} ${why}: choose a new or empty folder for the cache${shown === '.clubsite/cache' ? ', or delete this one' : ', like --cache-dir .clubsite/cache'}.`,
    2,
  );

/** Refuses a folder clubsite may not keep its cache in (OutputError, exit 2), else makes it its own. */
export function ownCacheFolder(cacheDir: string, places: CacheFolderPlaces): OwnedCacheFolder {
  const folder = path.resolve(cacheDir);
  refusePlace(folder, places);
  let names: string[];
  try {
    const info = statSync(folder, { throwIfNoEntry: false });
    if (info && !info.isDirectory()) return { warning: cacheFault(places.shown, { code: 'ENOTDIR' }) };
    names = info ? readdirSync(folder) : [];
  } catch (error) {
    return { warning: cacheFault(places.shown, error) };
  }
  if (names.includes(CACHE_MARKER) && isOurs(path.join(folder, CACHE_MARKER))) return { cacheDir: folder };
  const oldCache = names.length > 0 && names.every((name) => OLD_CACHE_NAMES.has(name));
  if (names.length > 0 && !oldCache)
    throw refuse(places.shown, `is a folder with files that clubsite did not put there (it has no ${CACHE_MARKER})`);
  let made: string | undefined;
  try {
    made = mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, CACHE_MARKER), CACHE_MARKER_TEXT);
  } catch (error) {
    return { warning: cacheFault(places.shown, error) };
  }
  if (oldCache)
    return {
      cacheDir: folder,
      notice: `the cache of an earlier clubsite in ${places.shown} was taken over: a cold build`,
    };
  const unmake = () => rmSync(made ?? path.join(folder, CACHE_MARKER), { recursive: true, force: true });
  return { cacheDir: folder, unmake };
}

function isOurs(marker: string): boolean {
  try {
    return readFileSync(marker, 'utf8') === CACHE_MARKER_TEXT;
  } catch {
    return false;
  }
}

function refusePlace(folder: string, { project, sources, outDir, shown }: CacheFolderPlaces): void {
  if (folder === path.parse(folder).root) throw refuse(shown, 'is the root of the file system');
  const root = path.resolve(project);
  if (folder === root) throw refuse(shown, 'is the project folder');
  if (isInside(folder, root)) throw refuse(shown, 'holds the project folder');
  for (const source of sources) {
    if (isInside(source, folder) || isInside(folder, source))
      throw refuse(
        shown,
        `is in or around ${path.relative(root, source) || source}/, which holds the project's sources or tools`,
      );
  }
  if (outDir !== undefined) {
    const out = path.resolve(outDir);
    if (isInside(out, folder)) throw refuse(shown, 'is inside the output folder, and would be published with the site');
    if (isInside(folder, out)) throw refuse(shown, 'holds the output folder');
  }
  const system = systemTree([folder], project);
  if (system) throw refuse(shown, `is inside ${system}, which holds the system's own files`);
  const homes = [os.homedir(), process.env.HOME, '/root'].filter((home): home is string => Boolean(home));
  if (homes.some((home) => path.resolve(home) === folder) || ['/home', '/Users'].includes(path.dirname(folder)))
    throw refuse(shown, 'is a home folder');
  if (['/home', '/Users'].includes(folder) || homes.some((home) => isInside(folder, path.resolve(home))))
    throw refuse(shown, 'holds home folders');
}
