/**
 * How a new site's package.json names the clubsite that made it. From a registry: its version.
 * From anywhere else (a tarball, a git URL, a checkout): a tarball of it kept in the site's own
 * folder, `vendor/clubsite-<version>.tgz`, named `file:vendor/…`, so the site's `npm ci` works
 * on any machine, its CI's too, with no registry that holds clubsite and no path of this one.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { toolRoot } from '../bundle/tool-files.ts';
import { OutputError } from '../publish/output-error.ts';

const run = promisify(execFile);

/** The folder in a new site that holds the tarball of its clubsite. */
const VENDOR_FOLDER = 'vendor';

export async function toolSpec(target: string, version: string): Promise<string> {
  const registry = await registryVersion(version);
  return registry ?? `file:${VENDOR_FOLDER}/${await packTool(path.join(target, VENDOR_FOLDER))}`;
}

/** The version, when npm installed the tool from a registry (node_modules/.package-lock.json says where each package came from). */
async function registryVersion(version: string): Promise<string | undefined> {
  const parts = toolRoot().split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined; // a folder of its own: a checkout
  const project = parts.slice(0, at).join(path.sep) || path.sep;
  const lock = await readFile(path.join(project, 'node_modules', '.package-lock.json'), 'utf8').catch(() => '{}');
  const entry = (JSON.parse(lock) as { packages?: Record<string, { resolved?: string; link?: boolean }> }).packages?.[
    parts.slice(at).join('/')
  ];
  if (!entry || entry.link) return undefined;
  // A registry's tarball is <registry>/<name>/-/<name>-<version>.tgz; npm may leave it out of the lock (omit-lockfile-registry-resolved).
  const fromRegistry = entry.resolved === undefined || /^https?:\/\/.+\/-\/[^/]+\.tgz$/.test(entry.resolved);
  return fromRegistry ? version : undefined;
}

/** `npm pack` of the tool's own folder into `folder`: the tarball's name. */
async function packTool(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const [file, argv] = npm(['pack', toolRoot(), '--pack-destination', folder, '--ignore-scripts', '--json']);
  try {
    const { stdout } = await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    if (packed) return packed.filename;
    throw new Error(`npm pack said nothing:\n${stdout}`);
  } catch (error) {
    const said = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new OutputError(
      `clubsite new keeps a copy of clubsite in ${VENDOR_FOLDER}/ and packs it with npm, which failed: ${said}`,
      1,
    );
  }
}

/** npm's command line: the npm that runs this (npx and npm say where), else npm-cli.js beside Node on Windows, else `npm`. */
function npm(args: string[]): [string, string[]] {
  const running = process.env.npm_execpath;
  const cli = running?.endsWith('.js')
    ? running
    : process.platform === 'win32'
      ? path.join(path.dirname(process.execPath), 'node_modules/npm/bin/npm-cli.js')
      : undefined;
  return cli ? [process.execPath, [cli, ...args]] : ['npm', args];
}
