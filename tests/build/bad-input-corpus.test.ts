import { cp, readdir, readFile, rm, stat, symlink, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../generator/cli.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';
import { projectRoot } from '../support/site-build.ts';

/**
 * Issue 12: nothing a volunteer or a stranger types breaks the build. Each case breaks a copy
 * of the real content one way (what a careless or hostile editor would do) and runs the CLI
 * in-process: exit 1, every problem listed with its file and line, no stack trace, and the last
 * good dist/ left byte for byte and mtime for mtime as it was. The content is put back between
 * cases; the site is built once.
 */

const NOW = '2025-12-10T18:00';

type Change =
  | { edit: string; from: string | RegExp; to: string }
  | { write: string; text: string | Uint8Array }
  | { remove: string }
  | { link: string; target: string };

interface Case {
  name: string;
  changes: Change[];
  /** Every problem's location as printed (file:line, or the file alone where it has no lines), in order. */
  expected: string[];
  /** Text the report must contain (the hint a volunteer needs). */
  says?: string[];
}

const edit = (file: string, from: string | RegExp, to: string): Change => ({ edit: `content/${file}`, from, to });
const write = (file: string, text: string | Uint8Array): Change => ({ write: `content/${file}`, text });
const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0) & 0xff));
/** 50 MB that start like a PNG. */
const hugePng = () => {
  const bytes = new Uint8Array(50 * 1024 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};
const page = (title: string, body = 'Tekst.') => `---\ntitle: ${title}\ndescription: En side.\n---\n\n${body}\n`;
const bomb = [
  'a: &a [x, x, x, x, x, x, x, x, x]',
  ...'bcdefgh'
    .split('')
    .map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[index]}`).join(', ')}]`),
  '',
].join('\n');

const CASES: Case[] = [
  // Reading and parsing
  {
    name: 'YAML alias to a missing anchor (an attempt at bold) in a data file',
    changes: [edit('menu.yaml', 'label: Forside', 'label: *Viktig*')],
    expected: ['content/menu.yaml:4'],
    says: ['"*Viktig*"'],
  },
  {
    name: 'YAML alias to a missing anchor in front matter',
    changes: [edit('pages/kurs.md', 'faqTitle: Spørsmål', 'faqTitle: *Viktig* Spørsmål')],
    expected: ['content/pages/kurs.md:14'],
  },
  {
    name: 'YAML alias bomb',
    changes: [write('courses.yaml', bomb)],
    expected: ['content/courses.yaml:2'],
    says: ['aliases'],
  },
  {
    name: 'YAML syntax error in a data file',
    changes: [edit('training-times.yaml', 'groups: [A, B, C, D, E, F]', 'groups: [A, B, C, D, E, F')],
    expected: ['content/training-times.yaml:8'],
  },
  {
    name: 'YAML syntax error in front matter',
    changes: [edit('pages/om.md', 'title: Om klubben', 'title: "Om klubben')],
    expected: ['content/pages/om.md:3'],
  },
  {
    name: 'a tab for indentation',
    changes: [edit('menu.yaml', '  - label: Forside\n    to: /', '  - label: Forside\n\tto: /')],
    expected: ['content/menu.yaml:5'],
  },
  {
    name: 'the same field twice',
    changes: [edit('site.yaml', 'shortName: KSA', 'shortName: KSA\nshortName: KSA2')],
    expected: ['content/site.yaml:5'],
  },
  {
    name: 'a page saved as Latin-1',
    changes: [write('pages/om.md', latin1(page('Om klubben', 'Første linje.\n\nSvømming på Spicheren.')))],
    expected: ['content/pages/om.md:6'],
    says: ['UTF-8', 'Save with Encoding'],
  },
  {
    name: 'a data file saved as Latin-1',
    changes: [
      write(
        'menu.yaml',
        latin1('items:\n  - label: Forside\n    to: /\n    published: true\n  - label: Svømmeopplæring\n'),
      ),
    ],
    expected: ['content/menu.yaml:5'],
  },
  {
    name: 'a binary file saved as a page',
    changes: [write('pages/bilde.md', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))],
    expected: ['content/pages/bilde.md:1'],
  },
  {
    name: 'an empty page',
    changes: [write('pages/tom.md', '')],
    expected: ['content/pages/tom.md:1'],
    says: ['The file is empty.'],
  },
  {
    name: 'an empty data file',
    changes: [write('training-times.yaml', '\n  \n')],
    expected: ['content/training-times.yaml:1'],
  },
  {
    name: 'front matter never closed',
    changes: [edit('pages/om.md', /^(---\n[\s\S]*?\n)---\n/, '$1\n')],
    expected: ['content/pages/om.md:1'],
    says: ['never closed'],
  },
  {
    name: 'front matter that is a list, not fields',
    changes: [write('pages/liste.md', '---\n- title\n- description\n---\n\nTekst.\n')],
    expected: ['content/pages/liste.md:2'],
  },
  {
    name: 'front matter with nothing in it',
    changes: [write('pages/naken.md', '---\n---\n\nTekst.\n')],
    expected: ['content/pages/naken.md:1'],
  },
  {
    name: 'front matter marked as JavaScript (gray-matter would run it)',
    changes: [
      write('pages/js.md', '---js\n{ title: (globalThis.clubsitePwned = "ja"), description: "x" }\n---\n\nTekst.\n'),
    ],
    expected: ['content/pages/js.md:1'],
    says: ['only YAML'],
  },
  {
    name: 'a 50 MB photo',
    changes: [write('images/stort-bilde.png', hugePng())],
    expected: ['content/images/stort-bilde.png'],
    says: ['50.0 MB'],
  },
  {
    name: 'a page file name with a space',
    changes: [write('pages/nye sider.md', page('Nye sider'))],
    expected: ['content/pages/nye sider.md'],
    says: ['pages/nye-sider.md'],
  },
  {
    name: 'a page file name with capitals and å',
    changes: [write('pages/om/Årsmøte.md', page('Årsmøte'))],
    expected: ['content/pages/om/Årsmøte.md'],
    says: ['pages/om/arsmote.md'],
  },
  {
    name: 'a page with an upper-case extension',
    changes: [write('pages/nyheter.MD', page('Nyheter'))],
    expected: ['content/pages/nyheter.MD'],
    says: ['pages/nyheter.md'],
  },
  {
    name: 'a symlink to a file outside content/',
    changes: [{ link: 'content/pages/hemmelig.md', target: '/etc/hostname' }],
    expected: ['content/pages/hemmelig.md'],
    says: ['outside content/'],
  },
  {
    name: 'a symlink to an image outside content/',
    changes: [{ link: 'content/images/passord.svg', target: '/etc/passwd' }],
    expected: ['content/images/passord.svg'],
  },
  {
    name: 'a data file that is a symlink outside content/',
    changes: [{ remove: 'content/menu.yaml' }, { link: 'content/menu.yaml', target: '/etc/hostname' }],
    expected: ['content/menu.yaml'],
  },
  {
    name: 'a symlink that leads nowhere',
    changes: [{ link: 'content/pages/borte.md', target: 'finnes-ikke.md' }],
    expected: ['content/pages/borte.md'],
  },
  {
    name: 'an SVG that is not an image',
    changes: [write('images/ksa-logo.svg', '<html><body>Ikke en tegning</body></html>\n')],
    expected: ['content/images/ksa-logo.svg'],
    says: ['not an SVG'],
  },
  {
    name: 'a PNG that is a text file',
    changes: [write('images/kurs/feiring.png', 'Dette er ikke et bilde\n')],
    expected: ['content/images/kurs/feiring.png'],
  },
  {
    name: 'a 50 MB page',
    changes: [write('pages/enorm.md', new Uint8Array(50 * 1024 * 1024).fill(0x61))],
    expected: ['content/pages/enorm.md'],
    says: ['50.0 MB'],
  },
  { name: 'a data file that is missing', changes: [{ remove: 'content/menu.yaml' }], expected: ['content/menu.yaml'] },
  // Validation
  {
    name: 'text where true or false belongs',
    changes: [edit('training-times.yaml', 'location: Aquarama, basis: true }', 'location: Aquarama, basis: ja }')],
    expected: ['content/training-times.yaml:13'],
  },
  {
    name: 'a date that does not exist',
    changes: [edit('pages/julekalender/2025.yaml', 'date: 2025-12-02', 'date: 2025-12-32')],
    expected: ['content/pages/julekalender/2025.yaml:24', 'content/pages/julekalender/2025.yaml:24'],
  },
  {
    name: 'a date in the wrong form',
    changes: [edit('training-times.yaml', 'updated: 2025-10-09', 'updated: 9. oktober 2025')],
    expected: ['content/training-times.yaml:6'],
  },
  // Issue 30: a date written as people write it by hand is shown turned around.
  {
    name: 'a news date written day first, with a time',
    changes: [edit('nyheter/2025-11-20-julekalender-2025.md', 'date: 2025-11-20 12:00', 'date: 20.11.2025 kl. 12.00')],
    expected: ['content/nyheter/2025-11-20-julekalender-2025.md:4'],
    says: [
      '  Expected a date that exists, like 2025-11-20, or a date and a time in Oslo, like 2025-11-20 18:00, found "20.11.2025 kl. 12.00".\n  Hint: Write it as 2025-11-20 12:00: year, month, day, then the time.',
    ],
  },
  {
    name: 'a date written day first with slashes',
    changes: [edit('training-times.yaml', 'updated: 2025-10-09', 'updated: 9/10/2025')],
    expected: ['content/training-times.yaml:6'],
    says: ['  Expected a date like 2025-12-01, found "9/10/2025".\n  Hint: Write it as 2025-10-09: year, month, day.'],
  },
  {
    name: 'a date written day first with a two-digit year',
    changes: [edit('training-times.yaml', 'updated: 2025-10-09', 'updated: 09.10.25')],
    expected: ['content/training-times.yaml:6'],
    says: ['  Hint: Write it as 2025-10-09: year, month, day.'],
  },
  {
    name: 'a date written day first that is no day of the calendar',
    changes: [edit('nyheter/2025-11-20-julekalender-2025.md', 'date: 2025-11-20 12:00', 'date: 31.11.2025')],
    expected: ['content/nyheter/2025-11-20-julekalender-2025.md:4'],
    says: ['  Hint: Write the date as YYYY-MM-DD: year, month (01-12), day, then the time if there is one.'],
  },
  {
    name: 'a news picture without its alt text',
    changes: [
      edit(
        'nyheter/2025-11-20-julekalender-2025.md',
        'date: 2025-11-20 12:00',
        'date: 2025-11-20 12:00\nimage: images/julekalender/ksa-svommekurs.svg',
      ),
    ],
    expected: ['content/nyheter/2025-11-20-julekalender-2025.md:2'],
    says: [
      '  The field "alt" is missing: a post with "image" needs it.\n  Hint: Add "alt:" under "image:" with a short text saying what the picture shows, for those who cannot see it.',
    ],
  },
  {
    name: 'a training location not in the list',
    changes: [
      edit('training-times.yaml', '"16:00 - 18:00", location: Spicheren }', '"16:00 - 18:00", location: Gimlebadet }'),
    ],
    expected: ['content/training-times.yaml:10'],
  },
  {
    name: 'a calendar door day 25',
    changes: [edit('pages/julekalender/2025.yaml', 'day: 1\n', 'day: 25\n')],
    expected: ['content/pages/julekalender/2025.yaml:15', 'content/pages/julekalender/2025.yaml:16'],
  },
  {
    name: 'a page without a title',
    changes: [edit('pages/om.md', 'title: Om klubben\n', '')],
    expected: ['content/pages/om.md:2'],
  },
  {
    name: 'a number where text belongs',
    changes: [edit('site.yaml', 'shortName: KSA', 'shortName: 12')],
    expected: ['content/site.yaml:4'],
  },
  {
    name: 'a misspelt field on a placeholder page',
    changes: [edit('pages/cookies.md', 'description:', 'descripton:')],
    expected: ['content/pages/cookies.md:2', 'content/pages/cookies.md:3'],
    says: ['Did you mean description?'],
  },
  {
    name: 'a misspelt field on an article',
    changes: [edit('pages/dugnad.md', /\nfaq:/, '\nfaqs:')],
    expected: ['content/pages/dugnad.md:4'],
    says: ['Did you mean faq?'],
  },
  {
    name: 'a misspelt field deep in a block',
    changes: [edit('pages/index.md', '  label: Finn', '  lable: Finn')],
    expected: ['content/pages/index.md:6', 'content/pages/index.md:7'],
    says: ['Did you mean label?'],
  },
  {
    name: 'a misspelt field in a data file',
    changes: [
      edit(
        'menu.yaml',
        '    published: true\n  - label: Svømmeopplæring',
        '    publisert: true\n  - label: Svømmeopplæring',
      ),
    ],
    expected: ['content/menu.yaml:4', 'content/menu.yaml:6'],
  },
  {
    name: 'a field on a page whose template takes none',
    changes: [edit('pages/sosiale-medier.md', /\n---\n/, '\nfaq: []\n---\n')],
    expected: ['content/pages/sosiale-medier.md:5'],
  },
  {
    name: 'an unknown template',
    changes: [edit('pages/om.md', 'title: Om klubben', 'title: Om klubben\ntemplate: artikkel')],
    expected: ['content/pages/om.md:3'],
    says: ['article'],
  },
  // Routes, links and files
  {
    name: 'two files for one address',
    changes: [write('pages/om/index.md', page('Om oss'))],
    expected: ['content/pages/om/index.md:1'],
  },
  {
    name: 'a menu entry to a page that does not exist',
    changes: [edit('menu.yaml', 'to: /treningstider', 'to: /treningstid')],
    expected: ['content/menu.yaml:11'],
  },
  {
    name: 'a redirect to a page that does not exist',
    changes: [edit('site.yaml', '/om-klubben: /om', '/om-klubben: /om-oss')],
    expected: ['content/site.yaml:20'],
  },
  {
    name: 'a broken link in a page',
    changes: [edit('pages/om.md', '(/om/styret)', '(/om/styre)')],
    expected: ['content/pages/om.md:17'],
  },
  {
    name: 'a missing image in a page',
    changes: [
      edit('pages/om.md', '## Les mer om klubben', '![Klubbhuset](images/klubbhus.jpg)\n\n## Les mer om klubben'),
    ],
    expected: ['content/pages/om.md:14'],
  },
  {
    name: 'a missing image in a data file',
    changes: [edit('courses.yaml', 'image: images/kurs/hval.svg', 'image: images/kurs/hvalen.svg')],
    expected: ['content/courses.yaml:9'],
  },
  {
    name: 'a missing sponsor logo in the calendar',
    changes: [
      edit(
        'pages/julekalender/2025.yaml',
        'logo: images/julekalender/fjordlys-optikk.svg',
        'logo: images/julekalender/fjordlys.svg',
      ),
    ],
    expected: ['content/pages/julekalender/2025.yaml:29'],
  },
  {
    name: 'a call to action to a page that does not exist',
    changes: [edit('pages/index.md', 'to: /ny-i-klubben', 'to: /nye-medlemmer')],
    expected: ['content/pages/index.md:18'],
  },
  // Several problems at once: every one is listed
  {
    name: 'two broken files give two errors',
    changes: [
      edit('pages/om.md', 'title: Om klubben\n', ''),
      edit('training-times.yaml', 'updated: 2025-10-09', 'updated: 2025-10-40'),
    ],
    expected: ['content/training-times.yaml:6', 'content/pages/om.md:2'],
  },
  {
    name: 'a Latin-1 page and a misspelt field in another file',
    changes: [
      write('pages/om.md', latin1(page('Om klubben', 'Svømming.'))),
      edit('pages/cookies.md', 'description:', 'descripton:'),
    ],
    expected: ['content/pages/om.md:6', 'content/pages/cookies.md:2', 'content/pages/cookies.md:3'],
  },
  {
    name: 'a broken page and a broken image',
    changes: [write('pages/tom.md', ''), write('images/ksa-logo.svg', 'GIF89a')],
    expected: ['content/pages/tom.md:1', 'content/images/ksa-logo.svg'],
  },
];

let project: DevProject;
let good: Map<string, { bytes: string; mtime: number }>;

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

/** Runs `clubsite build` in-process in the copy: exit code and what it printed. */
async function clubsite(args: string[]): Promise<{ code: number; output: string }> {
  const printed: string[] = [];
  const capture = (...parts: unknown[]) => {
    printed.push(parts.map((part) => (part instanceof Error ? String(part.stack) : String(part))).join(' '));
  };
  const error = vi.spyOn(console, 'error').mockImplementation(capture);
  const log = vi.spyOn(console, 'log').mockImplementation(capture);
  try {
    const code = await main(args, project.root);
    return { code, output: printed.join('\n') };
  } finally {
    error.mockRestore();
    log.mockRestore();
  }
}

async function apply(change: Change): Promise<void> {
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

beforeAll(async () => {
  project = await copyProject();
  const built = await clubsite(['build', '--now', NOW]);
  expect(built.code, built.output).toBe(0);
  good = await snapshot(project.at('dist'));
}, 60_000);

afterAll(async () => {
  await project?.remove();
});

const table: string[] = [];

describe('a corpus of bad inputs: each is a content error at its file and line, and dist/ stays as it was', () => {
  test.each(CASES.map((item) => [item.name, item] as const))('%s', async (_, item) => {
    await rm(project.contentDir, { recursive: true, force: true });
    await cp(path.join(projectRoot, 'content'), project.contentDir, { recursive: true });
    for (const change of item.changes) await apply(change);
    const { code, output } = await clubsite(['build', '--now', NOW]);
    const locations = [...output.matchAll(/^✖ (.+?)(?::(\d+)(?::\d+)?)?(?: {2}\S+)?(?: {2}\[[a-z-]+\])?$/gm)].map(
      (match) => (match[2] ? `${match[1]}:${match[2]}` : match[1]),
    );
    table.push(`| ${item.name} | ${locations.join(', ')} | ${code} |`);
    expect(code, output).toBe(1);
    expect(output).not.toContain('clubsite hit a bug');
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).toMatch(/\d+ problems? found; dist\/ was left as it was\.$/);
    expect(locations, output).toEqual(item.expected);
    for (const words of item.says ?? []) expect(output).toContain(words);
    expect(await snapshot(project.at('dist'))).toEqual(good);
    expect((globalThis as { clubsitePwned?: string }).clubsitePwned).toBeUndefined();
  });

  test('there are at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    if (process.env.CORPUS_TABLE)
      console.info(['| case | reported | exit |', '| --- | --- | --- |', ...table].join('\n'));
  });
});

describe('what is probably a mistake is a warning, and the site builds', () => {
  test('a news post whose date is not the date in its file name', async () => {
    await rm(project.contentDir, { recursive: true, force: true });
    await cp(path.join(projectRoot, 'content'), project.contentDir, { recursive: true });
    await apply(edit('nyheter/2025-11-20-julekalender-2025.md', 'date: 2025-11-20 12:00', 'date: 2025-10-01'));
    const warned: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((text: string) => warned.push(text));
    const { code, output } = await clubsite(['build', '--now', NOW, '--out', 'dist-warned']).finally(() =>
      warn.mockRestore(),
    );
    expect(code, output).toBe(0);
    expect(warned.join('\n')).toContain(
      [
        '⚠ content/nyheter/2025-11-20-julekalender-2025.md:4:7  date  [doubtful-entry]',
        '  The file name says 2025-11-20, but "date:" says 2025-10-01.',
        '  Hint: Make them the same day: correct "date:" or rename the file. "date:" decides when the post is published and where it stands in the lists.',
      ].join('\n'),
    );
    expect(warned.join('\n')).toContain('1 warning (the build went on).');
  });
});

describe('what editors on other systems save is accepted as they meant it', () => {
  test('a byte-order mark and Windows line endings build the same site', async () => {
    await rm(project.contentDir, { recursive: true, force: true });
    await cp(path.join(projectRoot, 'content'), project.contentDir, { recursive: true });
    const om = await readFile(project.at('content/pages/om.md'), 'utf8');
    await writeFile(project.at('content/pages/om.md'), `\uFEFF${om.replace(/\n/g, '\r\n')}`);
    const menu = await readFile(project.at('content/menu.yaml'), 'utf8');
    await writeFile(project.at('content/menu.yaml'), `\uFEFF${menu.replace(/\n/g, '\r\n')}`);
    const { code, output } = await clubsite(['build', '--now', NOW, '--out', 'dist-crlf']);
    expect(code, output).toBe(0);
    for (const file of ['om/index.html', 'index.html', 'kurs/index.html']) {
      expect(await readFile(project.at(`dist-crlf/${file}`), 'utf8')).toBe(
        await readFile(project.at(`dist/${file}`), 'utf8'),
      );
    }
  });
});
