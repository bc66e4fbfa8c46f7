/**
 * The output folder, on real files: `build --out` never replaces what clubsite does not own,
 * file-system trouble is one line (never a stack or a hang), a killed build leaves a whole
 * site and no leftovers, builds at once take turns, and `preview` serves only a build.
 * Every test works on fresh copies in a temporary folder and spawns the real bin/clubsite.js.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
import {
  access,
  chmod,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../generator/cli.ts';
import { startPreviewServer } from '../../generator/serve/preview-server.ts';
import { resolveOutFolder } from '../../generator/publish/out-folder.ts';
import { temporaryModuleCache } from '../../generator/typescript-module.js';
import { copyProject } from '../support/dev-project.ts';
import { aged } from '../support/fixture-site.ts';
import { linkTool } from '../support/outside-project.ts';
import { projectRoot } from '../support/site-build.ts';

const cli = path.join(projectRoot, 'bin/clubsite.js');
const NOW = '2025-12-10T18:00';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

function clubsite(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  command: string[] = [process.execPath],
): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const [file = process.execPath, ...pre] = command;
    execFile(
      file,
      [...pre, cli, ...args],
      { cwd, env: { ...process.env, CLUBSITE_NOW: NOW, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
        resolve({ code, stdout, stderr, ms: performance.now() - start });
      },
    );
  });
}

/** The CLI in this process (no launcher, no spawn): for the cases that need no separate process. */
async function inProcess(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Outcome> {
  const start = performance.now();
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, { CLUBSITE_NOW: NOW, ...env });
  const errors: string[] = [];
  const logs: string[] = [];
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((...parts: unknown[]) => void errors.push(parts.join(' ')));
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void logs.push(parts.join(' ')));
  try {
    const code = await main(args, cwd);
    return {
      code,
      stdout: logs.map((line) => `${line}\n`).join(''),
      stderr: errors.map((line) => `${line}\n`).join(''),
      ms: performance.now() - start,
    };
  } finally {
    error.mockRestore();
    log.mockRestore();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Every entry under `dir` (symlinks not followed): files by the hash of their bytes, links by their target. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      const key = path.relative(dir, file);
      if (entry.isSymbolicLink()) out.set(key, `link ${await readlink(file)}`);
      else if (entry.isDirectory()) {
        out.set(key, 'dir');
        await walk(file);
      } else
        out.set(
          key,
          createHash('sha256')
            .update(await readFile(file))
            .digest('hex'),
        );
    }
  };
  await walk(dir);
  return out;
}

/** The mini site (an outside project, tests/build/fixtures/mini) in `<outer>/project`, with the tool linked. */
async function miniProject(): Promise<{ outer: string; root: string }> {
  const outer = await mkdtemp(path.join(os.tmpdir(), 'clubsite-out-'));
  const root = path.join(outer, 'project');
  await cp(path.join(projectRoot, 'tests/build/fixtures/mini'), root, { recursive: true });
  await linkTool(root);
  return { outer, root };
}

/** Every file below `folder` (not below node_modules or .git, nor through a link) dated a minute ago. */
const leftovers = async (folder: string) =>
  (await readdir(folder)).filter((name) => /clubsite-(new|old|lock)|\.(new|old)-\d/.test(name));
const oneLine = (outcome: Outcome) => {
  expect(outcome.stderr).not.toMatch(/\n\s+at |hit a bug/);
  expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  expect(outcome.stderr).toMatch(/^✖ /);
};

describe('build --out refuses a folder clubsite does not own', () => {
  let outer: string;
  let root: string;
  beforeAll(async () => {
    outer = await mkdtemp(path.join(os.tmpdir(), 'clubsite-refuse-'));
    const project = await copyProject();
    root = path.join(outer, 'project');
    await rename(project.root, root);
    await writeFile(path.join(root, 'notes.txt'), 'møtereferat\n');
    await mkdir(path.join(root, 'public/css'), { recursive: true });
    await writeFile(path.join(root, 'public/index.html'), '<p>the old site, by hand</p>');
    await writeFile(path.join(root, 'public/css/site.css'), 'p{}');
    await mkdir(path.join(outer, 'home/documents'), { recursive: true });
    await writeFile(path.join(outer, 'home/documents/letter.txt'), 'letter');
    await writeFile(path.join(outer, 'beside.txt'), 'beside the project');
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', ...args], { cwd: root });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'site');
    // Files a volunteer left a while ago: a build keeps the code it bundles of such files
    // (pipeline/kept-bundle.ts), and one that is refused must not, even after bundling it.
    await aged(root);
  });
  afterAll(() => rm(outer, { recursive: true, force: true }));

  test('the project, each source folder, .., /, a file, a foreign folder and a home folder: exit 2, one line, nothing touched', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--out', '.'], /is the project folder/],
      [['--out', '.', '--force'], /is the project folder/],
      [['--out', '..'], /contains the project folder/],
      [['--out', '..', '--force'], /contains the project folder/],
      [['--out', '/'], /is the root of the file system/],
      [['--out', '/', '--force'], /is the root of the file system/],
      ...['content', 'templates', 'site', 'generator', 'client', 'node_modules', '.git', 'content/pages/ny'].map(
        (folder): [string[], RegExp] => [
          ['--out', folder, '--force'],
          new RegExp(`is inside ${folder.split('/')[0]}/`),
        ],
      ),
      [['--out', 'notes.txt'], /is a file, not a folder/],
      [['--out', 'notes.txt', '--force'], /is a file, not a folder/],
      [['--out', 'public'], /is a folder with files that clubsite did not build .* add --force/],
      [['--out', path.join(outer, 'home')], /is a home folder/],
      [['--out', path.dirname(outer), '--force'], /contains the project folder/],
    ];
    const before = await tree(outer);
    for (const [args, message] of cases) {
      const outcome = await inProcess(['build', ...args], root, { HOME: path.join(outer, 'home') });
      expect(outcome.code, `${args.join(' ')}: ${outcome.stderr}`).toBe(2);
      expect(outcome.stderr, args.join(' ')).toMatch(message);
      oneLine(outcome);
    }
    // And through the real launcher, as a user types it.
    const typed = await clubsite(['build', '--out', '.'], root);
    expect(typed.code).toBe(2);
    expect(typed.stderr).toMatch(/^✖ --out \. is the project folder/);
    const after = await tree(outer);
    expect([...after.keys()].filter((key) => !before.has(key))).toEqual([]);
    expect(after).toEqual(before);
    expect(before.get('project/.git/HEAD')).toBeDefined();
  }, 180_000);

  test('--force replaces a folder of the user own with the site', async () => {
    const { outer: dir, root: mini } = await miniProject();
    await mkdir(path.join(mini, 'public'));
    await writeFile(path.join(mini, 'public/old.html'), 'old');
    expect((await inProcess(['build', '--out', 'public'], mini)).code).toBe(2);
    const outcome = await inProcess(['build', '--out', 'public', '--force'], mini);
    expect(outcome.code, outcome.stderr).toBe(0);
    const files = await readdir(path.join(mini, 'public'));
    expect(files).toContain('index.html');
    expect(files).toContain('.clubsite-build');
    expect(files).not.toContain('old.html');
    expect(await leftovers(mini)).toEqual([]);
    // Now it is a build of its own: the next build needs no --force.
    expect((await inProcess(['build', '--out', 'public'], mini)).code).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  test('a symlinked --out stays a symlink, and the folder it points to holds the new build', async () => {
    const { outer: dir, root: mini } = await miniProject();
    const served = path.join(dir, 'www/current');
    await mkdir(served, { recursive: true });
    await symlink(served, path.join(mini, 'www-link'));
    const outcome = await inProcess(['build', '--out', 'www-link'], mini);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect((await lstat(path.join(mini, 'www-link'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(mini, 'www-link'))).toBe(served);
    expect(await readdir(served)).toContain('index.html');
    await writeFile(
      path.join(mini, 'data/events.yaml'),
      (await readFile(path.join(mini, 'data/events.yaml'), 'utf8')).replace('Autumn meet', 'Høststevnet'),
    );
    expect((await inProcess(['build', '--out', 'www-link'], mini)).code).toBe(0);
    expect((await lstat(path.join(mini, 'www-link'))).isSymbolicLink()).toBe(true);
    expect(await readFile(path.join(served, 'events/index.html'), 'utf8')).toContain('Høststevnet');
    expect(await leftovers(path.dirname(served))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});

describe("build --out never writes into the system's own folders, at any depth, not even with --force", () => {
  let dir: string;
  let mini: string;
  beforeAll(async () => {
    ({ outer: dir, root: mini } = await miniProject());
    // A link in a folder of the user's that leads into /etc is /etc.
    await symlink('/etc', path.join(dir, 'etc-link'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test.each([
    ['/usr/share/clubsite-x', '/usr'],
    ['/usr/local/share/doc/clubsite-x', '/usr'],
    ['/etc/nginx', '/etc'],
    ['/etc', '/etc'],
    ['/bin/clubsite-x', '/bin'],
    ['/sbin/clubsite-x', '/sbin'],
    ['/lib/clubsite-x', '/lib'],
    ['/lib64/clubsite-x', '/lib64'],
    ['/boot/clubsite-x', '/boot'],
    ['/run/clubsite-x', '/run'],
    ['/var/lib/clubsite-x', '/var'],
    ['/var/log', '/var'],
    ['etc-link', '/etc'],
    ['etc-link/nginx/clubsite-x', '/etc'],
  ])('--out %s --force: exit 2, one line naming %s, nothing written', async (out, tree) => {
    const shown = out.startsWith('/') ? out : path.join(dir, out);
    const parent = path.dirname(shown);
    const before = await readdir(parent).catch(() => []);
    for (const force of [['--force'], []]) {
      const outcome = await inProcess(['build', '--out', shown, ...force], mini);
      expect(outcome.code, outcome.stderr).toBe(2);
      expect(outcome.stderr).toContain(`--out ${shown} is inside ${tree}, which holds the system's own files`);
      expect(outcome.stderr).toContain('/srv or /var/www');
      oneLine(outcome);
    }
    expect(await readdir(parent).catch(() => [])).toEqual(before);
  });

  test('/var/www and /srv, where a machine serves its own sites, stay allowed (with --force for a folder of other files)', async () => {
    for (const out of ['/var/www/html', '/var/www', '/srv/www/klubb', '/var/tmp/../www/site']) {
      const found = await resolveOutFolder(out, { project: mini, force: true });
      expect(found.target).toBe(path.resolve(out));
    }
    // The project's own folder is the user's, wherever it lives (Node's Docker images build in /usr/src/app).
    expect((await resolveOutFolder('/usr/src/app/dist', { project: '/usr/src/app' })).target).toBe('/usr/src/app/dist');
    await expect(resolveOutFolder('/usr/src/x', { project: '/usr' })).rejects.toThrow(/is inside \/usr/);
  });

  const canWriteSrv = process.getuid?.() === 0 && spawnSync('test', ['-d', '/srv']).status === 0;
  test.skipIf(!canWriteSrv)(
    '--force under /srv replaces a folder of other files with the site',
    async () => {
      const out = path.join('/srv', `clubsite-test-${process.pid}`);
      try {
        await mkdir(out);
        await writeFile(path.join(out, 'old.html'), 'old');
        const outcome = await inProcess(['build', '--out', out, '--force'], mini);
        expect(outcome.code, outcome.stderr).toBe(0);
        expect(await readdir(out)).toContain('index.html');
        expect(await readdir(out)).not.toContain('old.html');
        expect(await leftovers('/srv')).toEqual([]);
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('file-system trouble is one plain line, exit 1, within seconds', () => {
  let dir: string;
  let mini: string;
  beforeAll(async () => {
    ({ outer: dir, root: mini } = await miniProject());
    await writeFile(path.join(mini, 'notes.txt'), 'notes');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test.each([
    ['/proc/x', /\/proc is a view the kernel gives of the system/],
    ['/sys/x', /\/sys is a view the kernel gives of the system/],
    ['notes.txt/dist', /a part of the path is a file, not a folder/],
    ['n'.repeat(300), /the name is too long/],
  ])('--out %s', async (out, message) => {
    const outcome = await inProcess(['build', '--out', out], mini);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stderr).toContain(`Could not write the site to ${out}`);
    oneLine(outcome);
    // Refused before the build, in well under a second (it used to spin forever).
    expect(outcome.ms).toBeLessThan(10_000);
  });

  // Needs root (a private mount namespace); CI runners without it skip these.
  const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
  const onTmpfs = (size: string, script: string) =>
    spawnSync('unshare', ['-m', 'sh', '-c', `set -e; mount -t tmpfs -o size=${size} tmpfs "$M"; ${script}`], {
      cwd: mini,
      env: { ...process.env, CLUBSITE_NOW: NOW, M: path.join(dir, 'mnt'), C: `${process.execPath} ${cli}` },
      encoding: 'utf8',
      timeout: 60_000,
    });

  test.skipIf(!canMount)(
    'a read-only disk and a full disk: one line, exit 1, the last build untouched',
    async () => {
      await mkdir(path.join(dir, 'mnt'), { recursive: true });
      const hashes = 'find "$M/dist" -type f | sort | xargs sha256sum';
      const readOnly = onTmpfs(
        '16m', // the first build holds the admin's 6.6 MB (Decap CMS)
        `$C build --out "$M/dist" >/dev/null; ${hashes} > "$M/../before"; mount -o remount,ro "$M"; set +e; $C build --no-cache --out "$M/dist" 2> "$M/../stderr"; echo $? > "$M/../code"; ${hashes} > "$M/../after"`,
      );
      expect(readOnly.status, readOnly.stderr).toBe(0);
      expect(await readFile(path.join(dir, 'code'), 'utf8')).toBe('1\n');
      const stderr = await readFile(path.join(dir, 'stderr'), 'utf8');
      expect(stderr).toMatch(/^✖ Could not write the site to .*\/mnt\/dist: the disk is read-only; .*\n$/);
      expect(await readFile(path.join(dir, 'after'), 'utf8')).toBe(await readFile(path.join(dir, 'before'), 'utf8'));

      const full = onTmpfs(
        '16m', // the first build holds the admin's 6.6 MB (Decap CMS)
        `$C build --out "$M/dist" >/dev/null; ${hashes} > "$M/../before"; dd if=/dev/zero of="$M/fill" bs=4k 2>/dev/null || true; set +e; $C build --no-cache --out "$M/dist" 2> "$M/../stderr"; echo $? > "$M/../code"; ${hashes} > "$M/../after"; ls -a "$M" > "$M/../listing"`,
      );
      expect(full.status, full.stderr).toBe(0);
      expect(await readFile(path.join(dir, 'code'), 'utf8')).toBe('1\n');
      expect(await readFile(path.join(dir, 'stderr'), 'utf8')).toMatch(
        /^✖ Could not write the site to .*\/mnt\/dist: the disk is full; free some space and build again \(the last build there was left as it was\)\.\n$/,
      );
      expect(await readFile(path.join(dir, 'after'), 'utf8')).toBe(await readFile(path.join(dir, 'before'), 'utf8'));
      expect(
        (await readFile(path.join(dir, 'listing'), 'utf8')).split('\n').filter((name) => name.includes('clubsite-')),
      ).toEqual([]);
    },
    60_000,
  );

  const canDropRoot =
    process.getuid?.() === 0 &&
    spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']).status === 0;
  test.skipIf(!canDropRoot)(
    'a folder without permission (as user nobody): one line, exit 1, the last build untouched',
    async () => {
      await chmod(dir, 0o755);
      expect((await inProcess(['build', '--out', path.join(dir, 'locked/dist')], mini)).code).toBe(0);
      const before = await tree(path.join(dir, 'locked'));
      const asNobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath];
      const outcome = await clubsite(['build', '--out', path.join(dir, 'locked/dist')], mini, {}, asNobody);
      expect(outcome.code, outcome.stderr).toBe(1);
      expect(outcome.stderr).toMatch(
        /^✖ Could not write the site to .*\/locked\/dist: permission denied; choose a folder you can write to with --out/,
      );
      oneLine(outcome);
      expect(await tree(path.join(dir, 'locked'))).toEqual(before);
      // Nobody cannot write the project's node_modules: the generator was made in the temporary folder.
      await rm(temporaryModuleCache(mini), { recursive: true, force: true });
    },
    120_000,
  );
});

describe('a build killed mid-way', () => {
  test('leaves the last good output folder whole, and the next build removes what it left', async () => {
    const { outer: dir, root: mini } = await miniProject();
    expect((await inProcess(['build'], mini)).code).toBe(0);
    const reference = await tree(path.join(mini, 'public'));
    // Leftovers of builds killed by older clubsites and of a lock holder that is gone.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    await mkdir(path.join(mini, `.public.new-${gone}-1700000000000/om`), { recursive: true });
    await writeFile(path.join(mini, '.public.clubsite-lock'), `${gone} 0123\n`);
    const killAt = async (delay: number | 'writing') => {
      const child = spawn(process.execPath, [cli, 'build'], {
        cwd: mini,
        env: { ...process.env, CLUBSITE_NOW: NOW },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      if (delay === 'writing') {
        // The moment the fresh folder appears, the site is being written into it.
        const watcher = watch(mini, (_event, name) => {
          if (String(name).includes('.clubsite-new-')) child.kill('SIGKILL');
        });
        await exited;
        watcher.close();
      } else {
        await new Promise((resolve) => setTimeout(resolve, delay));
        child.kill('SIGKILL');
        await exited;
      }
      expect(await tree(path.join(mini, 'public'))).toEqual(reference);
    };
    for (const delay of ['writing', 100, 'writing', 500] as const) await killAt(delay);
    expect((await inProcess(['build'], mini)).code).toBe(0);
    expect(await tree(path.join(mini, 'public'))).toEqual(reference);
    expect(await leftovers(mini)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  }, 240_000);
});

describe('a build killed between the two renames of its swap', () => {
  test('a reader finds no folder there, the site before lies whole beside it, and the next build puts a site back', async () => {
    const { outer: dir, root: mini } = await miniProject();
    expect((await inProcess(['build'], mini)).code).toBe(0);
    const reference = await tree(path.join(mini, 'public'));
    const hold = path.join(dir, 'held-in-the-swap');
    const child = spawn(process.execPath, [cli, 'build'], {
      cwd: mini,
      env: { ...process.env, CLUBSITE_NOW: NOW, CLUBSITE_TEST_HOLD_SWAP: hold },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // The build says it is in the window by creating the file, and waits there until it is removed.
    await expect
      .poll(
        () =>
          access(hold).then(
            () => true,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    const reader = () =>
      readFile(path.join(mini, 'public/index.html'), 'utf8').then(
        () => 'read',
        (error: NodeJS.ErrnoException) => error.code,
      );
    expect(await reader()).toBe('ENOENT');
    const [old = ''] = (await readdir(mini)).filter((name) => name.startsWith('.public.clubsite-old-'));
    expect(await tree(path.join(mini, old))).toEqual(reference);
    child.kill('SIGKILL');
    await exited;
    expect(await reader()).toBe('ENOENT');
    // The lock went with the process: the next build does not wait, puts the site back and swaps in its own.
    const next = await inProcess(['build'], mini);
    expect(next.code, next.stderr).toBe(0);
    expect(await reader()).toBe('read');
    expect(await tree(path.join(mini, 'public'))).toEqual(reference);
    expect(await leftovers(mini)).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});

describe('a build interrupted with Ctrl-C', () => {
  test('removes its half-written folder as it stops, and leaves the last good output folder whole', async () => {
    const { outer: dir, root: mini } = await miniProject();
    expect((await inProcess(['build'], mini)).code).toBe(0);
    const reference = await tree(path.join(mini, 'public'));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const child = spawn(process.execPath, [cli, 'build'], {
        cwd: mini,
        env: { ...process.env, CLUBSITE_NOW: NOW },
        stdio: 'ignore',
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // The moment the fresh folder appears, the site is being written into it.
      const watcher = watch(mini, (_event, name) => {
        if (String(name).includes('.clubsite-new-')) child.kill(signal);
      });
      const code = await exited;
      watcher.close();
      // Stopped (130 or 143), or, if the signal came as the swap began, finished first and then stopped.
      expect([130, 143]).toContain(code);
      expect(await leftovers(mini)).toEqual([]);
      expect(await tree(path.join(mini, 'public'))).toEqual(reference);
    }
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});

describe('commands at once', () => {
  test('four builds into one folder and a check, over three rounds: no crash, one complete build', async () => {
    const { outer: dir, root: mini } = await miniProject();
    expect((await inProcess(['build'], mini)).code).toBe(0);
    const reference = await tree(path.join(mini, 'public'));
    for (let round = 0; round < 3; round += 1) {
      const outcomes = await Promise.all([
        ...Array.from({ length: 4 }, () => clubsite(['build'], mini)),
        clubsite(['check'], mini),
      ]);
      for (const outcome of outcomes) {
        expect(outcome.stderr).not.toMatch(/hit a bug|Error/);
        if (outcome.code !== 0) expect(outcome.stderr).toMatch(/^✖ Another build is writing public\/ /);
      }
      expect(outcomes.at(-1)?.code).toBe(0);
      expect(await tree(path.join(mini, 'public'))).toEqual(reference);
      expect(await leftovers(mini)).toEqual([]);
    }
    await rm(dir, { recursive: true, force: true });
  }, 300_000);
});

describe('clubsite preview serves only a build', () => {
  test('preview . in a project, and of a folder that is not a build, is refused with how to build one', async () => {
    const { outer: dir, root: mini } = await miniProject();
    const outcome = await clubsite(['preview', '.', '--port', '0'], mini);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/is not a clubsite build \(it has no \.clubsite-build file\): run "clubsite build"/);
    oneLine(outcome);
    await expect(
      startPreviewServer({ dir: path.join(mini, 'data'), port: 0, host: '127.0.0.1', quiet: true }),
    ).rejects.toThrow(/is not a clubsite build/);
    expect((await inProcess(['build'], mini)).code).toBe(0);
    const server = await startPreviewServer({
      dir: path.join(mini, 'public'),
      port: 0,
      host: '127.0.0.1',
      quiet: true,
    });
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect((await fetch(`${base}/.clubsite-build`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
