/**
 * The workflow's scheduled check (.github/scripts/build-due.mjs) run as GitHub runs it: a
 * process with $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY files, reading the next change from a
 * deployed site that this serves on 127.0.0.1, as GitHub Pages would, and from the file the
 * Actions cache restores. The site also answers GitHub's "get a Pages site" API for the
 * repository club/site.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './site-build.ts';

const script = path.join(projectRoot, '.github/scripts/build-due.mjs');

export interface Response {
  status: number;
  body: string;
}

/** What a job reports to those that need it: its result and its outputs (missing ones read as ''). */
export interface CheckRun {
  result: string;
  outputs: Record<string, string>;
}

/** The manifest a build deploys (.clubsite/next-change.json), served with status 200. */
export function manifest(nextChange: string | null, reason: string | null): Response {
  const body = { version: 1, builtAt: '2026-03-28T21:00:00Z', nextChange, reason, commit: '4f2a9c1e0b7d' };
  return { status: 200, body: `${JSON.stringify(body, null, 2)}\n` };
}

export interface CheckResult {
  /** `build=` in $GITHUB_OUTPUT. */
  build: boolean;
  /** The step failed (exit code not 0). */
  failed: boolean;
  log: string;
  summary: string;
}

export interface DeployedSite {
  url: string;
  /** What the site answers for its next-change file from now on. */
  serve: (response: Response) => void;
  requests: Array<{ url: string; authorization: string | undefined }>;
  /** Runs the check at `now`, with the cache's file (its text) when given, and more environment. */
  check: (now: string, options?: { cached?: string; env?: Record<string, string> }) => Promise<CheckResult>;
  close: () => Promise<void>;
}

export async function deployedSite(): Promise<DeployedSite> {
  let served: Response = { status: 404, body: 'Not found' };
  const requests: DeployedSite['requests'] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push({ url, authorization: request.headers.authorization });
    const pathname = url.replace(/\?.*/, '');
    const answer: Response =
      pathname === '/api/repos/club/site/pages'
        ? { status: 200, body: JSON.stringify({ html_url: `${site.url}/pages-site` }) }
        : pathname === '/.clubsite/next-change.json' || pathname === '/pages-site/.clubsite/next-change.json'
          ? served
          : { status: 404, body: 'Not found' };
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-workflow-'));
  let runs = 0;
  const site: DeployedSite = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (response) => {
      served = response;
    },
    requests,
    check: async (now, options = {}) => {
      runs += 1;
      const file = (name: string) => path.join(dir, `${runs}-${name}`);
      await Promise.all([writeFile(file('output'), ''), writeFile(file('summary'), '')]);
      if (options.cached !== undefined) await writeFile(file('cached.json'), options.cached);
      const args = [script, '--now', now, ...(options.cached === undefined ? [] : ['--cached', file('cached.json')])];
      // Only what a runner gives the step: no variable of this machine's own.
      const env = {
        PATH: process.env.PATH ?? '',
        SITE_URL: site.url,
        GITHUB_OUTPUT: file('output'),
        GITHUB_STEP_SUMMARY: file('summary'),
        ...options.env,
      };
      const { failed, log } = await new Promise<{ failed: boolean; log: string }>((resolve) =>
        execFile(process.execPath, args, { env }, (error, stdout, stderr) =>
          resolve({ failed: error !== null, log: stdout + stderr }),
        ),
      );
      const output = await readFile(file('output'), 'utf8');
      return { build: /^build=true$/m.test(output), failed, log, summary: await readFile(file('summary'), 'utf8') };
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
  return site;
}
