/**
 * clubsite as a new user gets it: `npm pack` of this checkout, installed with npm into folders
 * outside the repository, its commands run as processes (tests/browser/package.test.ts). The
 * tarball is packed once for what it holds: a run, and the next while no packed file changed,
 * install the same one.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { projectRoot } from './site-build.ts';

const exec = promisify(execFile);

/** The environment of every command: the Node that runs the tests is the `node` npm and npx start (Node 20, 22 or 24). */
const env = () => ({
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  CLUBSITE_NOW: '',
  NO_COLOR: '1',
});

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command in `cwd` (npm, npx, node, sh), with `extra` in its environment: its exit code and output. */
export async function command(
  file: string,
  args: string[],
  cwd: string,
  extra: Record<string, string> = {},
): Promise<Outcome> {
  try {
    const options = { cwd, env: { ...env(), ...extra }, maxBuffer: 16 * 1024 * 1024 };
    const { stdout, stderr } = await exec(file, args, options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number | string; stdout?: string; stderr?: string };
    return {
      code: typeof failure.code === 'number' ? failure.code : 1,
      stdout: failure.stdout ?? '',
      stderr: failure.stderr ?? String(error),
    };
  }
}

/** `npm install` in `cwd`, from npm's cache where it can (the packages are the repository's own). */
export async function npmInstall(cwd: string, ...packages: string[]): Promise<void> {
  const outcome = await command('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages], cwd);
  if (outcome.code !== 0) throw new Error(`npm install in ${cwd} failed:\n${outcome.stderr}`);
}

/** The tarball `npm pack` makes of this checkout, packed only when a file it holds has changed. */
export async function packedTool(): Promise<string> {
  const listed = await command('npm', ['pack', '--dry-run', '--json'], projectRoot);
  const [pack] = JSON.parse(listed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!pack) throw new Error(`npm pack --dry-run said nothing:\n${listed.stderr}`);
  const hash = createHash('sha256');
  for (const { path: file } of pack.files.sort((a, b) => (a.path < b.path ? -1 : 1)))
    hash.update(file).update(await readFile(path.join(projectRoot, file)));
  const folder = path.join(os.tmpdir(), `clubsite-pack-${hash.digest('hex').slice(0, 16)}`);
  const tarball = path.join(folder, pack.filename);
  if (existsSync(tarball)) return tarball;
  await removeStalePacks();
  // Packed beside and renamed into place: a run at the same time finds a whole tarball or none.
  const making = await mkdtemp(`${folder}-making-`);
  const packed = await command('npm', ['pack', '--pack-destination', making], projectRoot);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  await rename(making, folder).catch(() => rm(making, { recursive: true, force: true }));
  return tarball;
}

/** Tarballs of other sources, packed over an hour ago: no run that is still going installs them. */
async function removeStalePacks(): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith('clubsite-pack-')) continue;
    const folder = path.join(os.tmpdir(), name);
    const made = (await stat(folder).catch(() => undefined))?.mtimeMs;
    if (made !== undefined && made < hourAgo) await rm(folder, { recursive: true, force: true });
  }
}

/**
 * What npx installed for `spec` in npm's cache (`_npx/<hash>/`, one folder per spec), removed:
 * a spec that names a temporary folder is never asked for again.
 */
export async function removeNpxInstall(spec: string): Promise<void> {
  const cache = (await command('npm', ['config', 'get', 'cache'], projectRoot)).stdout.trim();
  const installs = path.join(cache, '_npx');
  for (const name of await readdir(installs).catch(() => [])) {
    const manifest = await readFile(path.join(installs, name, 'package.json'), 'utf8').catch(() => '{}');
    const packages = (JSON.parse(manifest) as { _npx?: { packages?: string[] } })._npx?.packages ?? [];
    if (packages.includes(spec)) await rm(path.join(installs, name), { recursive: true, force: true });
  }
}

/** The lines of README.md's commands for another club (the sh block after `<!-- another club's commands -->`), comments left out. */
export async function anotherClubsCommands(): Promise<string[]> {
  const readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
  const block = /<!-- another club's commands -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md has no sh block after <!-- another club's commands -->");
  return block
    .split('\n')
    .map((line) => line.replace(/\s#.*$/, '').trim())
    .filter(Boolean);
}

/** A folder of its own outside the repository, removed by `remove`. */
export async function outsideFolder(name: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `clubsite-${name}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface Served {
  url: string;
  /** What it printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `clubsite dev` or `preview` started in `cwd` as npx starts it (the project's
 * node_modules/.bin/clubsite, with this Node), on a free port; resolved once it says its address.
 */
export async function serve(cwd: string, args: string[]): Promise<Served> {
  const bin = path.join(cwd, 'node_modules/.bin/clubsite');
  const child: ChildProcess = spawn(process.execPath, [bin, ...args, '--port', '0'], { cwd, env: env() });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
  };
  const until = Date.now() + 60_000;
  for (;;) {
    const url = /(?:→|on) (http:\/\/127\.0\.0\.1:\d+)\/? /.exec(output)?.[1];
    // dev says what it watches once it does, in the site's language (the starter's is Norwegian).
    if (url && (!args.includes('dev') || /^(Watching|Følger med på) /m.test(output)))
      return { url, output: () => output, stop };
    if (Date.now() > until || child.exitCode !== null) {
      await stop();
      throw new Error(`clubsite ${args.join(' ')} did not start:\n${output}`);
    }
    await sleep(50);
  }
}
