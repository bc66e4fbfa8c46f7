import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../generator/cli.ts';
import { type Change, changesIn } from '../support/bad-inputs.ts';
import type { DevProject } from '../support/dev-project.ts';
import { CLUB, MINI } from '../support/test-sites.ts';
import { CLUB_CHECK_CASES } from './bad-inputs/club-checks.ts';
import { CLUB_FILE_CASES } from './bad-inputs/club-files.ts';
import { MINI_CASES } from './bad-inputs/mini.ts';

/**
 * Issue 12: nothing a volunteer or a stranger types breaks the build. Each case breaks a copy
 * of a site's content one way (what a careless or hostile editor would do; tests/build/bad-inputs/)
 * and runs the CLI in-process: exit 1, every problem listed with its file and line, no stack
 * trace, and the last good output folder left byte for byte and mtime for mtime as it was, and
 * named as the site names it. On the club site and on the mini site, whose folders have names
 * of their own. The content is put back between cases; each site is built once.
 */

const NOW = '2025-12-10T18:00';

// Issue 44: each in its site's language (the club's lang is nb, the mini site's en).
const CORPORA = [
  {
    site: CLUB,
    cases: [...CLUB_FILE_CASES, ...CLUB_CHECK_CASES],
    atLeast: 40,
    found: (out: string) => new RegExp(`\\d+ feil funnet; ${out}/ er ikke endret\\.$`),
    hint: '  Tips: ',
  },
  {
    site: MINI,
    cases: MINI_CASES,
    atLeast: 15,
    found: (out: string) => new RegExp(`\\d+ problems? found; ${out}/ was left as it was\\.$`),
    hint: '  Hint: ',
  },
];

/** Every file of dist/ with its bytes and modification time. */
async function snapshot(dir: string): Promise<Map<string, { bytes: string; mtime: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const list = await Promise.all(
    files
      .sort()
      .map(
        async (file) =>
          [
            path.relative(dir, file),
            { bytes: (await readFile(file)).toString('base64'), mtime: (await stat(file)).mtimeMs },
          ] as const,
      ),
  );
  return new Map(list);
}

/** Runs `clubsite` in-process in `root`: exit code and what it printed. */
async function clubsite(args: string[], root: string): Promise<{ code: number; output: string }> {
  const printed: string[] = [];
  const capture = (...parts: unknown[]) => {
    printed.push(parts.map((part) => (part instanceof Error ? String(part.stack) : String(part))).join(' '));
  };
  const error = vi.spyOn(console, 'error').mockImplementation(capture);
  const log = vi.spyOn(console, 'log').mockImplementation(capture);
  try {
    const code = await main(args, root);
    return { code, output: printed.join('\n') };
  } finally {
    error.mockRestore();
    log.mockRestore();
  }
}

async function apply(project: DevProject, change: Change): Promise<void> {
  if ('edit' in change) {
    const text = await readFile(project.at(change.edit), 'utf8');
    const changed = text.replace(change.from, change.to);
    if (changed === text) throw new Error(`nothing to change in ${change.edit}`);
    await writeFile(project.at(change.edit), changed);
  } else if ('write' in change) {
    await mkdir(path.dirname(project.at(change.write)), { recursive: true });
    await writeFile(project.at(change.write), change.text);
  } else if ('remove' in change) {
    await rm(project.at(change.remove));
  } else {
    await symlink(change.target, project.at(change.link));
  }
}

describe.each(CORPORA)('$site.name', ({ site, cases, atLeast, found, hint }) => {
  let project: DevProject;
  let good: Map<string, { bytes: string; mtime: number }>;
  const table: string[] = [];
  const restore = async () => {
    await rm(project.contentDir, { recursive: true, force: true });
    await cp(site.contentSource, project.contentDir, { recursive: true });
  };

  beforeAll(async () => {
    project = await site.copy();
    const built = await clubsite(['build', '--now', NOW], project.root);
    expect(built.code, built.output).toBe(0);
    good = await snapshot(project.at(site.out));
  }, 60_000);

  afterAll(async () => {
    await project?.remove();
  });

  describe('a corpus of bad inputs: each is a content error at its file and line, and the output stays as it was', () => {
    test.each(cases.map((item) => [item.name, item] as const))('%s', async (_, item) => {
      await restore();
      for (const change of item.changes) await apply(project, change);
      const { code, output } = await clubsite(['build', '--now', NOW], project.root);
      const locations = [...output.matchAll(/^✖ (.+?)(?::(\d+)(?::\d+)?)?(?: {2}\S+)?(?: {2}\[[a-z-]+\])?$/gm)].map(
        (match) => (match[2] ? `${match[1]}:${match[2]}` : match[1]),
      );
      table.push(`| ${item.name} | ${locations.join(', ')} | ${code} |`);
      expect(code, output).toBe(1);
      expect(output).not.toContain('clubsite hit a bug');
      expect(output).not.toMatch(/\n\s+at /);
      expect(output).toMatch(found(site.out));
      expect(output).toContain(hint);
      expect(locations, output).toEqual(item.expected);
      for (const words of item.says ?? []) expect(output).toContain(words);
      expect(await snapshot(project.at(site.out))).toEqual(good);
      expect((globalThis as { clubsitePwned?: string }).clubsitePwned).toBeUndefined();
    });

    test(`there are at least ${atLeast} cases`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(atLeast);
      if (process.env.CORPUS_TABLE)
        console.info(['| case | reported | exit |', '| --- | --- | --- |', ...table].join('\n'));
    });
  });

  describe.runIf(site === CLUB)('what is probably a mistake is a warning, and the site builds', () => {
    test('a news post whose date is not the date in its file name', async () => {
      await restore();
      await apply(
        project,
        changesIn('content').edit(
          'nyheter/2025-11-20-julekalender-2025.md',
          'date: 2025-11-20 12:00',
          'date: 2025-10-01',
        ),
      );
      const warned: string[] = [];
      const warn = vi.spyOn(console, 'warn').mockImplementation((text: string) => warned.push(text));
      const { code, output } = await clubsite(['build', '--now', NOW, '--out', 'dist-warned'], project.root).finally(
        () => warn.mockRestore(),
      );
      expect(code, output).toBe(0);
      expect(warned.join('\n')).toContain(
        [
          '⚠ content/nyheter/2025-11-20-julekalender-2025.md:4:7  date  [doubtful-entry]',
          '  Filnavnet sier 2025-11-20, men «date:» sier 2025-10-01.',
          '  Tips: Gjør dem til samme dag: rett «date:» eller gi filen nytt navn. «date:» bestemmer når nyheten publiseres og hvor den står i listene.',
        ].join('\n'),
      );
      expect(warned.join('\n')).toContain('1 advarsel (nettstedet ble bygget likevel).');
    });
  });

  describe('what editors on other systems save is accepted as they meant it', () => {
    test('a byte-order mark and Windows line endings build the same site', async () => {
      await restore();
      for (const file of await readdir(project.contentDir, { recursive: true })) {
        if (!/\.(md|ya?ml)$/.test(file)) continue;
        const text = await readFile(path.join(project.contentDir, file), 'utf8');
        await writeFile(path.join(project.contentDir, file), `\uFEFF${text.replace(/\n/g, '\r\n')}`);
      }
      const { code, output } = await clubsite(['build', '--now', NOW, '--out', 'out-crlf'], project.root);
      expect(code, output).toBe(0);
      const pages = [...good.keys()].filter((file) => file.endsWith('.html'));
      expect(pages.length).toBeGreaterThan(3);
      for (const file of pages) {
        expect(await readFile(project.at(`out-crlf/${file}`), 'utf8'), file).toBe(
          Buffer.from(good.get(file)?.bytes ?? '', 'base64').toString('utf8'),
        );
      }
    });
  });
});
