/**
 * Issue 15, links and documents: a relative link is read from the page's address and checked
 * like one starting with /; documents under data/files/ are published under /files/ as they
 * are, of allowed kinds and sizes only; files nobody links to are warnings.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { formatError, formatWarning } from '../../generator/errors.ts';
import { writeOutput } from '../../generator/publish/write-output.ts';
import { buildErrors, buildFixture, fixtureSite, text } from '../support/fixture-site.ts';
import { projectRoot } from '../support/site-build.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function site(changes: Record<string, string | null>): Promise<string> {
  const dir = await fixtureSite('mini', changes);
  folders.push(dir);
  return dir;
}

const about = (body: string) =>
  `---\ntitle: About\ndescription: About the club.\n---\n\n${body}\n\n![Logo](images/logo.svg)\n`;

async function problems(changes: Record<string, string | null>): Promise<string[]> {
  return (await buildErrors(await site(changes))).map(formatError);
}

describe('relative links', () => {
  test('a relative link that reaches a page builds and is published as a browser would read it, with the base path', async () => {
    const dir = await site({
      'data/routes/om.md': about('The [board](styret), [the board again](./styret/#members) and [home](../).'),
      'data/routes/om/styret.md':
        '---\ntitle: Board\ndescription: The board.\n---\n\nBack to [about](../../om) or [events](/events).\n',
    });
    const result = await buildFixture(dir);
    const om = text(result, 'om/index.html');
    expect(om).toContain('<a href="/om/styret/">board</a>');
    expect(om).toContain('<a href="/om/styret/#members">the board again</a>');
    expect(om).toContain('<a href="/">home</a>');
    expect(text(result, 'om/styret/index.html')).toContain('<a href="/om/">about</a>');
    const underBase = await buildFixture(dir, { base: '/klubb/' });
    expect(text(underBase, 'om/index.html')).toContain('<a href="/klubb/om/styret/">board</a>');
    expect(text(underBase, 'om/styret/index.html')).toContain('<a href="/klubb/om/">about</a>');
  });

  test('a relative link that reaches nothing is an error at its line, with a hint to start the address with /', async () => {
    expect(await problems({ 'data/routes/om.md': about('The team:\nsee [the team](laget) too.') })).toEqual([
      [
        '✖ data/routes/om.md:7  [broken-link]',
        '  The link "laget" leads to /om/laget (read from this page\'s address, /om/), and no page has that address.',
        '  Hint: Write the whole address starting with / (as the browser shows it after the site name): then it leads to the same page wherever the link stands.',
      ].join('\n'),
    ]);
  });
});

describe('documents in data/files/', () => {
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
    Buffer.from('\n%%EOF\n'),
  ]);

  test('a document linked from Markdown and one linked from YAML are published under /files/, byte for byte', async () => {
    const dir = await site({
      'data/routes/om.md': about('[Innkalling til årsmøtet (PDF)](files/arsmote/innkalling-2026.pdf)'),
      'data/events.yaml': 'events:\n  - title: Autumn meet\n    date: 2025-10-04\n    document: files/resultater.csv\n',
      'data/files/resultater.csv': 'navn;tid\nKari;1:02,3\n',
    });
    await mkdir(path.join(dir, 'data/files/arsmote'), { recursive: true });
    await writeFile(path.join(dir, 'data/files/arsmote/innkalling-2026.pdf'), pdf);
    const result = await buildFixture(dir);
    expect(text(result, 'om/index.html')).toContain(
      '<a href="/files/arsmote/innkalling-2026.pdf">Innkalling til årsmøtet (PDF)</a>',
    );
    expect(text(result, 'events/index.html')).toContain('<a href="/files/resultater.csv">Results</a>');
    const out = await mkdtemp(path.join(os.tmpdir(), 'clubsite-documents-'));
    folders.push(out);
    await writeOutput(path.join(out, 'dist'), result.files);
    expect(Buffer.compare(await readFile(path.join(out, 'dist/files/arsmote/innkalling-2026.pdf')), pdf)).toBe(0);
    expect(await readFile(path.join(out, 'dist/files/resultater.csv'), 'utf8')).toBe('navn;tid\nKari;1:02,3\n');
    expect(result.warnings).toEqual([]);
  });

  test('a link to a missing document is an error at its line', async () => {
    expect(await problems({ 'data/routes/om.md': about('[Referat](files/referat-2025.pdf)') })).toEqual([
      [
        '✖ data/routes/om.md:6  [missing-asset]',
        '  The file data/files/referat-2025.pdf does not exist.',
        '  Hint: Check the spelling, or add the file under data/files/.',
      ].join('\n'),
    ]);
  });

  test('a file of another kind under data/files/ is an error naming the file', async () => {
    expect(await problems({ 'data/files/program.exe': 'MZ' })).toEqual([
      [
        '✖ data/files/program.exe  [document-kind]',
        '  data/files/program.exe is not a kind of document the site publishes (.exe).',
        '  Hint: Save it as one of PDF, TXT, CSV, or move it out of data/files/.',
      ].join('\n'),
    ]);
  });

  test('a document over 20 MB is an error with its size', async () => {
    const dir = await site({});
    await mkdir(path.join(dir, 'data/files'), { recursive: true });
    // A sparse file: 21 MB long, written in an instant.
    const handle = await open(path.join(dir, 'data/files/arsberetning.pdf'), 'w');
    await handle.truncate(21 * 1024 * 1024);
    await handle.close();
    expect((await buildErrors(dir)).map(formatError)).toEqual([
      [
        '✖ data/files/arsberetning.pdf  [document-too-large]',
        '  data/files/arsberetning.pdf is 21.0 MB; a document may be at most 20.0 MB.',
        '  Hint: Make it smaller (export the PDF with "reduced size", or compress its pictures), or split it in two.',
      ].join('\n'),
    ]);
  });
});

describe('files nobody links to', () => {
  const changes = {
    'data/images/gammel-plakat.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'data/files/referat-2019.txt': 'Referat.\n',
  };

  test('are warnings in the build result, which still succeeds', async () => {
    const result = await buildFixture(await site(changes));
    expect(result.warnings.map(formatWarning)).toEqual([
      [
        '⚠ data/files/referat-2019.txt  [unused-file]',
        '  No page uses data/files/referat-2019.txt.',
        '  Hint: Link to it from a page, or delete it if it is no longer needed.',
      ].join('\n'),
      [
        '⚠ data/images/gammel-plakat.svg  [unused-file]',
        '  No page uses data/images/gammel-plakat.svg.',
        '  Hint: Link to it from a page, or delete it if it is no longer needed.',
      ].join('\n'),
    ]);
    expect(result.files.has('files/referat-2019.txt')).toBe(false);
  });

  test('a README.md in any content folder is a note to its editors: not published, not a page, not warned about', async () => {
    const note = '# Til deg som redigerer\n\nLegg dokumentene her.\n';
    const result = await buildFixture(
      await site({
        'content/files/README.md': note,
        'content/images/README.md': note,
        // Without the rule, each would be a page whose name is no address.
        'content/pages/README.md': note,
        'content/pages/om/README.md': note,
      }),
    );
    expect(result.warnings.map(formatWarning)).toEqual([]);
    expect([...result.files.keys()].filter((file) => /readme/i.test(file))).toEqual([]);
  });

  test("the club's own content/files/README.md is shipped, and the site builds without a word about it", async () => {
    expect(await readFile(path.join(projectRoot, 'content/files/README.md'), 'utf8')).toMatch(/^# Dokumenter/);
    const result = await buildFixture(projectRoot);
    expect(result.warnings.map(formatWarning)).toEqual([]);
    expect([...result.files.keys()].filter((file) => file.startsWith('files/'))).toEqual([]);
  });

  test('are printed by check in the terminal, and the exit code stays 0', async () => {
    const dir = await site(changes);
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(projectRoot, 'bin/clubsite.js'), 'check', '--now', '2025-12-10T18:00'],
      { cwd: dir },
    );
    expect(stderr).toContain(
      '⚠ data/images/gammel-plakat.svg  [unused-file]\n  No page uses data/images/gammel-plakat.svg.',
    );
    // Issue 44: check builds nothing, so it does not say the build went on.
    expect(stderr).toContain('2 warnings (the content is valid all the same).');
    expect(stderr).not.toContain('the build went on');
    expect(stdout).toContain('✔ content is valid');
  });
});
