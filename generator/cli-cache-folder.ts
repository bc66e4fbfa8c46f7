/** Where a build keeps its cache: the folder the options name, refused or made its own, and a write that the disk refuses as a warning. */
import path from 'node:path';
import { type Project, sourceFolders } from './config/project-config.ts';
import { type CacheFault, cacheFault, isFileSystemError } from './pipeline/cache-fault.ts';
import { type OwnedCacheFolder, ownCacheFolder } from './pipeline/owned-cache-folder.ts';

/** What of a build's options names its cache: --no-cache (`cache: false`) and --cache-dir. */
type CacheOptions = { cache?: boolean; cacheDir?: string };

/** The cache folder of a build, refused (exit 2) or made its own (pipeline/owned-cache-folder.ts); none with --no-cache or a fault. */
export function ownedCache(project: Project, options: CacheOptions, outDir: string): OwnedCacheFolder {
  const { cacheDir } = cacheOption(project.root, options);
  if (!cacheDir) return {};
  const shown = options.cacheDir ?? (path.relative(project.root, cacheDir) || cacheDir);
  return ownCacheFolder(cacheDir, { project: project.root, sources: sourceFolders(project), outDir, shown });
}

/** Runs a write into the cache: what the disk refuses is a warning (pipeline/cache-fault.ts), never a failed build. */
export function cacheWrite(cacheDir: string | undefined, options: CacheOptions, write: () => void): CacheFault[] {
  try {
    write();
    return [];
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    return [cacheFault(options.cacheDir ?? cacheDir ?? DEFAULT_CACHE_DIR, error)];
  }
}

/** The page cache's folder: --cache-dir, else CLUBSITE_CACHE_DIR, else .clubsite/cache; none with --no-cache. */
export function cacheOption(cwd: string, options: CacheOptions): { cacheDir?: string } {
  if (options.cache === false) return {};
  return { cacheDir: path.resolve(cwd, options.cacheDir ?? (process.env.CLUBSITE_CACHE_DIR || DEFAULT_CACHE_DIR)) };
}

export const DEFAULT_CACHE_DIR = '.clubsite/cache';
