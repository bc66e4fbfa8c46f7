import { constants } from 'node:fs';
import { realpathSync } from 'node:fs';
import { access, lstat, readdir, readlink, realpath, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isInside } from '../path-inside.ts';
import { BUILD_MARKER } from './build-marker.ts';
import { fileSystemError, OutputError } from './output-error.ts';

/**
 * Decides whether `--out` names a folder clubsite may replace. The build replaces its output
 * folder wholesale, so it writes only where nothing of the user's can be lost: never the
 * project or a folder that holds it, its source folders, `/`, a home folder or a file, and a
 * folder with files of someone else's only with --force.
 */
export interface OutFolderOptions {
  /** The project folder (where clubsite runs); its source folders are never an output. */
  project?: string;
  /** Replace a non-empty folder that is not a previous clubsite build. */
  force?: boolean;
  /** The folder as the user named it, for messages (default: the path given). */
  shown?: string;
  /** Folders of the project that hold its sources and tools (absolute): never an output, nor inside one (config/project-config.ts). */
  sources?: readonly string[];
  /** Where the site a swap replaces goes to be removed in the background (the page cache's `trash/`, publish/trash.ts); none: it is removed before the build ends. */
  trash?: string;
}

interface OutFolder {
  /** The real folder that is replaced (a symlinked --out resolved: the link itself stays). */
  target: string;
  /** What exists there now. */
  state: 'missing' | 'empty' | 'build' | 'foreign';
}

const VIRTUAL_ROOTS = ['/proc', '/sys', '/dev'];
/**
 * The system's own trees (and macOS's real paths of /etc and /var): clubsite writes into none of
 * them, at any depth, not even with --force, since a package manager or the system owns what is
 * there (`--out /etc/nginx --force` would replace nginx's settings). The kernel's views
 * (VIRTUAL_ROOTS) are refused as no place for files at all. Sites served by the machine itself
 * live under /srv or /var/www, which stay allowed, and so does the system's temporary folder
 * (on macOS, /var/folders/…).
 */
const SYSTEM_TREES = ['/usr', '/etc', '/bin', '/sbin', '/boot', '/run', '/var', '/private/etc', '/private/var'];
const SITE_TREES = ['/var/www', '/private/var/www', os.tmpdir()];
/** statfs types of kernel file systems that hold no files: proc, sysfs, devpts, cgroup, cgroup2, debugfs, securityfs. */
const VIRTUAL_TYPES = new Set([0x9fa0, 0x62656572, 0x1cd1, 0x27e0eb, 0x63677270, 0x64626720, 0x73636673]);

const realOr = (file: string) => realpath(file).catch(() => file);
const other = 'choose a folder of its own, like --out dist';

export async function resolveOutFolder(outDir: string, options: OutFolderOptions = {}): Promise<OutFolder> {
  const shown = options.shown ?? outDir;
  const logical = path.resolve(outDir);
  try {
    const target = await realTarget(logical, shown);
    await refuseProtected(shown, [logical, target], options);
    await refuseUnwritable(shown, target);
    const state = await folderState(target, shown);
    if (state === 'foreign' && !options.force) {
      throw new OutputError(
        `--out ${shown} is a folder with files that clubsite did not build (it has no ${BUILD_MARKER} file): choose an empty or new folder, or add --force to replace everything in it with the site.`,
        2,
      );
    }
    if (state === 'foreign' && path.dirname(target) === path.parse(target).root) {
      throw new OutputError(
        `--out ${shown} is a system folder directly under ${path.parse(target).root}, which clubsite never replaces, not even with --force: ${other}.`,
        2,
      );
    }
    return { target, state };
  } catch (error) {
    throw fileSystemError(error, shown);
  }
}

/** The real path of `logical`: symlinks on the way (and a symlinked folder itself) resolved. */
async function realTarget(logical: string, shown: string): Promise<string> {
  const info = await lstat(logical).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info?.isSymbolicLink()) {
    const pointsTo = path.resolve(path.dirname(logical), await readlink(logical));
    return realpath(logical).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      throw new OutputError(
        `--out ${shown} is a symlink to ${pointsTo}, which does not exist: create that folder, or point the link at a folder.`,
        2,
      );
    });
  }
  if (info) return realpath(logical);
  // Not there yet: the nearest folder above that exists, resolved, and the rest as given.
  let existing = path.dirname(logical);
  while (
    !(await lstat(existing).then(
      () => true,
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
    ))
  ) {
    existing = path.dirname(existing);
  }
  return path.join(await realpath(existing), path.relative(existing, logical));
}

async function refuseProtected(shown: string, targets: string[], options: OutFolderOptions): Promise<void> {
  const fsRoot = path.parse(targets[1] ?? targets[0] ?? '/').root;
  if (targets.some((target) => target === fsRoot))
    throw new OutputError(
      `--out ${shown} is the root of the file system, and a build replaces its output folder, which would delete everything: ${other}.`,
      2,
    );
  if (options.project) {
    const project = path.resolve(options.project);
    const projects = [project, await realOr(project)];
    for (const target of targets) {
      for (const root of projects) {
        if (target === root)
          throw new OutputError(
            `--out ${shown} is the project folder, and a build replaces its output folder, which would delete your content and code: ${other}.`,
            2,
          );
        if (isInside(target, root))
          throw new OutputError(
            `--out ${shown} contains the project folder, and a build replaces its output folder, which would delete the project: ${other}.`,
            2,
          );
      }
    }
    for (const folder of options.sources ?? []) {
      const sources = [folder, await realOr(folder)];
      if (targets.some((target) => sources.some((source) => isInside(source, target)))) {
        const named = path.relative(project, folder).split(path.sep).join('/');
        throw new OutputError(
          `--out ${shown} is inside ${named}/, which holds the project's sources or tools, and a build there would replace them: ${other}.`,
          2,
        );
      }
    }
  }
  const system = systemTree(targets, options.project);
  if (system)
    throw new OutputError(
      `--out ${shown} is inside ${system}, which holds the system's own files, and clubsite never writes there, not even with --force: ${other} (a site the machine serves itself can go under /srv or /var/www).`,
      2,
    );
  const homes = [os.homedir(), process.env.HOME, '/root']
    .filter((home): home is string => Boolean(home))
    .map((home) => path.resolve(home));
  for (const target of targets) {
    if (homes.includes(target) || ['/home', '/Users'].includes(path.dirname(target))) {
      throw new OutputError(
        `--out ${shown} is a home folder, and a build replaces its output folder, which would delete every file in it: choose a folder of its own inside it, like --out ~/site.`,
        2,
      );
    }
    if (['/home', '/Users'].includes(target) || homes.some((home) => isInside(target, home))) {
      throw new OutputError(
        `--out ${shown} holds home folders, and a build replaces its output folder, which would delete them: choose a folder of its own, like --out ~/site.`,
        2,
      );
    }
  }
}

/**
 * The system tree one of the targets is in (`/lib*` being /lib, /lib64 and the like), unless it
 * is under a folder for sites or inside the project: a project may itself live in one (Node's
 * Docker images build in /usr/src/app, Jenkins in /var/lib/jenkins/workspace).
 */
export function systemTree(targets: string[], project: string | undefined): string | undefined {
  if (path.sep !== '/') return undefined;
  const realSync = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return file;
    }
  };
  const allowed = [...SITE_TREES, ...SITE_TREES.map(realSync)];
  const projects = project ? [path.resolve(project), realSync(path.resolve(project))] : [];
  for (const target of targets) {
    const tree = SYSTEM_TREES.find((root) => isInside(root, target)) ?? /^\/lib[^/]*(?=\/|$)/.exec(target)?.[0];
    if (!tree || allowed.some((site) => isInside(site, target))) continue;
    if (projects.some((root) => root !== tree && isInside(root, target))) continue;
    return tree;
  }
  return undefined;
}

/** A kernel file system (a mkdir there spins forever) is refused; a read-only or locked one is said so before the build. */
async function refuseUnwritable(shown: string, target: string): Promise<void> {
  let existing = path.dirname(target);
  while (
    !(await lstat(existing).then(
      () => true,
      () => false,
    ))
  )
    existing = path.dirname(existing);
  const type = await statfs(existing).then(
    (stats) => stats.type,
    () => undefined,
  );
  // /dev/shm is a tmpfs people build into, not one of the kernel's views.
  const root = isInside('/dev/shm', target) ? undefined : VIRTUAL_ROOTS.find((virtual) => isInside(virtual, target));
  if (root || (type !== undefined && VIRTUAL_TYPES.has(type))) {
    throw new OutputError(
      `Could not write the site to ${shown}: ${root ?? existing} is a view the kernel gives of the system, not a place for files; choose a folder on a disk with --out.`,
      1,
    );
  }
  await access(existing, constants.W_OK);
}

async function folderState(target: string, shown: string): Promise<OutFolder['state']> {
  const info = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return 'missing';
  if (!info.isDirectory())
    throw new OutputError(
      `--out ${shown} is a file, not a folder, and clubsite never replaces a file: remove it or ${other}.`,
      2,
    );
  const entries = await readdir(target);
  if (entries.length === 0) return 'empty';
  return entries.includes(BUILD_MARKER) ? 'build' : 'foreign';
}
