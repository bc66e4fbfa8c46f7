/**
 * What the CLI prints, as a volunteer or a CI log sees it: --help names every command with an
 * example; piped, a build prints the summary and nothing else (no progress, no colour);
 * --quiet prints nothing, --verbose each stage's time; NO_COLOR and FORCE_COLOR are obeyed;
 * on a terminal the long stages count up.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { outputMode, progressLine } from '../../generator/cli-output.ts';
import { createProgram } from '../../generator/cli.ts';
import { buildFixture, fixtureSite } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

const run = promisify(execFile);
const cli = path.join(projectRoot, 'bin/clubsite.js');
let dir: string;

function clubsite(args: string[], env: Record<string, string> = {}) {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...rest } = process.env;
  return run(process.execPath, [cli, ...args], { cwd: dir, env: { ...rest, CLUBSITE_NOW: '', ...env } });
}

beforeAll(async () => {
  dir = await fixtureSite('mini');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the CLI output', () => {
  test('--help lists every command with one example each', async () => {
    const { stdout } = await clubsite(['--help']);
    const commands = createProgram(dir).commands.map((command) => command.name());
    expect(commands).toEqual(expect.arrayContaining(['build', 'check', 'dev', 'preview', 'schema']));
    for (const name of commands) {
      expect(stdout, name).toMatch(new RegExp(`^  ${name} `, 'm'));
      expect(stdout, `example of ${name}`).toMatch(new RegExp(`^  clubsite ${name}\\b.* {2,}\\S`, 'm'));
    }
  });

  test('piped: the summary only, no progress and no colour; --quiet nothing; --verbose a line per stage', async () => {
    const piped = await clubsite(['build', '--now', '2025-12-10T18:00']);
    expect(piped.stdout).toMatch(
      /^6 pages → public in \d+ ms \(now: 2025-12-10 18:00\)\n {2}HTML [^\n]+\n {2}6 rendered, 0 reused \(no page cache yet: every page is rendered\) · next change: every build \(data\/routes\/index\.md shows the build's time\)\n$/,
    );
    const again = await clubsite(['build', '--now', '2025-12-10T18:00']);
    // Every page from the cache; the folder is even left as it was when the site's files are old enough to vouch for.
    expect(again.stdout).toMatch(/\n {2}0 rendered, 6 reused( \(nothing changed since [^)]+\))? · next change:/);
    expect(piped.stderr.replace(/npm warn[^\n]*\n/g, '')).toBe('');
    expect(piped.stdout).not.toContain(String.fromCharCode(27)); // no colour codes
    expect(piped.stdout).not.toContain('\r');
    const quiet = await clubsite(['build', '--quiet', '--now', '2025-12-10T18:00']);
    expect(quiet.stdout).toBe('');
    const verbose = await clubsite(['build', '--verbose', '--now', '2025-12-10T18:05']);
    expect(verbose.stdout).toMatch(/\n {2}render +\d+ ms\n/);
    expect(verbose.stdout).toMatch(/\n {2}bundle +\d+ ms\n/);
  }, 60_000);

  test('FORCE_COLOR colours the marks even when piped; NO_COLOR keeps a terminal plain', async () => {
    const forced = await clubsite(['check', '--now', '2025-12-10T18:00'], { FORCE_COLOR: '1' });
    expect(forced.stdout.startsWith('\x1b[32m✔\x1b[0m content is valid')).toBe(true);
    const terminal = { isTTY: true, write: () => true };
    expect(outputMode({}, { NO_COLOR: '1' }, terminal, terminal).color).toBe(false);
    expect(outputMode({}, {}, terminal, terminal).color).toBe(true);
    expect(outputMode({}, {}, { write: () => true }, { write: () => true }).color).toBe(false);
  }, 60_000);

  test('on a terminal the render stage counts its pages; piped or --quiet it stays silent', async () => {
    const written: string[] = [];
    const terminal = { isTTY: true, write: (text: string) => written.push(text) };
    const result = await buildFixture(dir, {
      onProgress: progressLine(outputMode({}, {}, terminal, terminal), terminal),
    });
    // The first pass: every page but the search page, which renders once the index is made.
    const first = result.pages.filter((page) => page.route !== '/find').length;
    expect(written.join('')).toContain(`render ${first}/${first}`);
    expect(written.join('')).toContain('render 1/');
    const silent: string[] = [];
    const pipe = { write: (text: string) => silent.push(text) };
    await buildFixture(dir, { onProgress: progressLine(outputMode({}, {}, pipe, pipe), pipe) });
    await buildFixture(dir, {
      onProgress: progressLine(outputMode({ quiet: true }, {}, terminal, terminal), terminal),
    });
    expect(silent).toEqual([]);
    expect(written.join('')).not.toContain('\n');
  }, 60_000);
});
