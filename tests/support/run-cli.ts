import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from './site-build.ts';

const run = promisify(execFile);
const cli = path.join(projectRoot, 'bin/clubsite.js');

/** What a run of the CLI gave: its exit code and what it printed. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** This checkout's `clubsite` launcher run in `cwd` with exactly the environment `env`; a failure is an outcome, not a throw. */
export async function runClubsite(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as CliOutcome;
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/**
 * `clubsite build --now NOW …args` in `dir`, as a volunteer's shell would run it: no colour, and
 * neither the clock nor the cache folder taken from this process's environment.
 */
export function buildIn(
  dir: string,
  args: string[],
  now = '2025-12-10T18:00',
  more: NodeJS.ProcessEnv = {},
): Promise<CliOutcome> {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...env } = process.env;
  return runClubsite(['build', '--now', now, ...args], {
    cwd: dir,
    env: { ...env, CLUBSITE_NOW: '', CLUBSITE_CACHE_DIR: '', ...more },
  });
}
