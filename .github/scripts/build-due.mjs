#!/usr/bin/env node
// The scheduled run's first step: is a build due? Every build writes, into the site it deploys,
// `.clubsite/next-change.json`: the instant its output next changes by itself (a post written
// ahead, a calendar door, midnight for the pages that show today) or null. This reads that file
// from the deployed site and builds when the instant has come, however late the run is:
//
// - due (now >= nextChange): build; a run GitHub delayed or dropped is caught up by the next;
// - overdue by more than a day: build, and fail this step (builds have failed or not run, and a
//   failed run is what GitHub e-mails the maintainers about);
// - not due yet, or nextChange null (nothing changes the site by itself): no build;
// - the file cannot be read, live or from the Actions cache: build (a first deploy, a site that
//   is down; building is the safe side).
//
// Plain Node (no npm ci before it): the runner's own Node 20 or newer, fetch included.
// Where the site is: SITE_URL (a repository variable), else GitHub Pages' own answer for the
// repository (GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_TOKEN with `pages: read`). Writes
// `build=true` or `build=false` to $GITHUB_OUTPUT (stdout without it) and its reason to the
// run's summary; exits 1 when overdue.
//
//   node .github/scripts/build-due.mjs [--now ISO] [--cached FILE]
//   node .github/scripts/build-due.mjs --changes content/ [--cached FILE]
//
// --now decides for another instant (tests); --cached is the file the last deploy left in the
// Actions cache, read when the live site cannot be. --changes says instead whether every file
// changed since the commit the deployed site was built from (its manifest's `commit`) is under
// that folder: `content_only=true` lets a push of content be checked, built and deployed
// without waiting for the tests of code nobody changed. Anything unknown (no manifest, no
// commit, a commit not in this checkout's history) is `false`: the push waits for its tests.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const MANIFEST = '.clubsite/next-change.json';
const MINUTE = 60_000;
const OVERDUE_AFTER = 24 * 60 * MINUTE;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

// sv-SE writes 2026-11-27 18:00, the form `clubsite next-change` prints.
const osloClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Oslo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const oslo = (instant) => `${osloClock.format(instant)} in Oslo`;

/** 3 min, 5 h 20 min, 2 days 3 h. */
function duration(ms) {
  const minutes = Math.floor(ms / MINUTE);
  const [days, hours] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60)];
  if (days > 0) return `${days} day${days === 1 ? '' : 's'} ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The manifest's text as the build writes it (version 1), or an error saying what is wrong with it. */
function parseManifest(text) {
  const data = JSON.parse(text);
  if (data?.version !== 1) throw new Error(`version is ${JSON.stringify(data?.version)}, not 1`);
  if (data.nextChange !== null && !(typeof data.nextChange === 'string' && INSTANT.test(data.nextChange)))
    throw new Error(`nextChange is ${JSON.stringify(data.nextChange)}, not an ISO instant or null`);
  return data;
}

/** The decision for `now` (ms) and the deployed manifest (undefined when it could not be read). */
function decide(now, manifest) {
  if (!manifest)
    return { build: true, overdue: false, why: 'Build: the deployed next change cannot be read (see above).' };
  if (manifest.nextChange === null)
    return { build: false, overdue: false, why: 'Nothing due: nothing changes the deployed site by itself.' };
  const at = Date.parse(manifest.nextChange);
  const what = `${oslo(at)}${manifest.reason ? ` (${manifest.reason})` : ''}`;
  if (now < at)
    return { build: false, overdue: false, why: `Nothing due: next change ${what}, in ${duration(at - now)}.` };
  const late = now - at;
  return {
    build: true,
    overdue: late > OVERDUE_AFTER,
    why: `Build: due at ${what}, ${duration(late)} ago.`,
  };
}

async function get(url, headers = {}) {
  const where = String(url).replace(/\?.*/, '');
  const response = await fetch(url, {
    headers: { 'cache-control': 'no-cache', ...headers },
    signal: AbortSignal.timeout(15_000),
  }).catch((error) => {
    throw new Error(`${where}: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
  });
  if (!response.ok) throw new Error(`${where} answered ${response.status} ${response.statusText}`);
  return response;
}

/** The deployed site's address: SITE_URL, else what GitHub Pages says for this repository. */
async function siteAddress(env) {
  if (env.SITE_URL) return env.SITE_URL;
  if (!env.GITHUB_REPOSITORY) throw new Error('no SITE_URL, and no GITHUB_REPOSITORY to ask GitHub Pages for it');
  const api = env.GITHUB_API_URL || 'https://api.github.com';
  const response = await get(`${api}/repos/${env.GITHUB_REPOSITORY}/pages`, {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${env.GITHUB_TOKEN ?? ''}`,
    'x-github-api-version': '2022-11-28',
  });
  const { html_url: address } = await response.json();
  if (typeof address !== 'string') throw new Error('GitHub Pages gave no html_url for the repository');
  return address;
}

/** The manifest the live site serves, fetched past any cache in front of it. */
async function readLive(env) {
  const address = await siteAddress(env);
  const url = new URL(MANIFEST, address.endsWith('/') ? address : `${address}/`);
  url.searchParams.set('run', env.GITHUB_RUN_ID || String(Date.now()));
  return { from: `${url.origin}${url.pathname}`, manifest: parseManifest(await (await get(url)).text()) };
}

/** The deployed manifest, live or from the cache, with a line for each place that failed. */
async function readDeployed(env, cached) {
  const problems = [];
  try {
    return { ...(await readLive(env)), problems };
  } catch (error) {
    problems.push(`live site: ${error.message}`);
  }
  if (cached) {
    try {
      return { from: `the Actions cache (${cached})`, manifest: parseManifest(readFileSync(cached, 'utf8')), problems };
    } catch (error) {
      problems.push(`Actions cache: ${error.code === 'ENOENT' ? `no ${cached}` : error.message}`);
    }
  } else problems.push('Actions cache: none restored');
  return { problems };
}

function output(env, values) {
  const text = Object.entries(values).map(([key, value]) => `${key}=${value}\n`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, text.join(''));
  else process.stdout.write(text.join(''));
}

/** Whether every file changed between `commit` and HEAD is under `folder`, and why. */
function onlyUnder(folder, commit) {
  if (!commit) return { only: false, why: 'Code tests run: the deployed site names no commit.' };
  let changed;
  try {
    const names = execFileSync('git', ['diff', '--name-only', commit, 'HEAD'], { encoding: 'utf8' });
    changed = names.split('\n').filter(Boolean);
  } catch {
    return { only: false, why: `Code tests run: the deployed commit ${commit.slice(0, 7)} is not in this checkout.` };
  }
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  const others = changed.filter((file) => !file.startsWith(prefix));
  if (others.length > 0)
    return {
      only: false,
      why: `Code tests run: ${others.length} changed file(s) outside ${prefix}, like ${others[0]}.`,
    };
  return {
    only: true,
    why: `Content only: ${changed.length} file(s) under ${prefix} changed since ${commit.slice(0, 7)}; checked and built without the code's tests.`,
  };
}

async function changes(env, folder, cached) {
  const { manifest, problems } = await readDeployed(env, cached);
  for (const problem of problems) console.log(`Cannot read the deployed commit from the ${problem}`);
  const { only, why } = onlyUnder(folder, manifest?.commit);
  console.log(why);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${why}\n`);
  output(env, { content_only: only });
}

async function main() {
  const { values } = parseArgs({
    options: { now: { type: 'string' }, cached: { type: 'string' }, changes: { type: 'string' } },
  });
  if (values.changes !== undefined) return changes(process.env, values.changes, values.cached);
  const now = values.now === undefined ? Date.now() : Date.parse(values.now);
  if (Number.isNaN(now)) throw new Error(`--now ${values.now} is not an instant`);
  const env = process.env;
  const { manifest, from, problems } = await readDeployed(env, values.cached);
  for (const problem of problems) console.log(`Cannot read the deployed next change from the ${problem}`);
  if (manifest) {
    const built = manifest.builtAt ? `built ${oslo(Date.parse(manifest.builtAt))}` : 'build time unknown';
    console.log(
      `Deployed site, from ${from}: ${built}${manifest.commit ? ` from ${manifest.commit.slice(0, 7)}` : ''}.`,
    );
  }
  console.log(`Now: ${oslo(now)} (${new Date(now).toISOString()}).`);
  const decision = decide(now, manifest);
  console.log(decision.why);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${decision.why}\n`);
  output(env, { build: decision.build });
  if (decision.overdue) {
    // A workflow command: GitHub shows it on the run's page and in the failure e-mail.
    console.log(
      `::error title=The site has not been rebuilt::The deployed site should have changed at ${oslo(Date.parse(manifest.nextChange))}, over a day ago: the builds since have failed or not run. This run builds it now; see the Site workflow's earlier runs under Actions for why.`,
    );
    process.exitCode = 1;
  }
}

await main();
