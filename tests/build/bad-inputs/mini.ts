// The mini site's content broken the same ways: its folders have names of their own (data/,
// data/routes/), and every problem is told at its place there, never under the club's names.
import { type Case, changesIn, latin1, page } from '../../support/bad-inputs.ts';

const { edit, write, remove, link } = changesIn('data');

export const MINI_CASES: Case[] = [
  {
    name: 'YAML alias to a missing anchor in a data file',
    changes: [edit('events.yaml', 'title: Autumn meet', 'title: *Autumn*')],
    expected: ['data/events.yaml:2'],
    says: ['"*Autumn*"'],
  },
  {
    name: 'YAML syntax error in front matter',
    changes: [edit('routes/om.md', 'title: About', 'title: "About')],
    // Issue 44: at the line the quote was opened on, not the line after.
    expected: ['data/routes/om.md:2'],
    says: ['  The quote " opened on this line is never closed.\n  Hint: Add the closing " at the end of the text'],
  },
  {
    name: 'a tab for indentation',
    changes: [edit('events.yaml', '    date: 2025-10-04', '\tdate: 2025-10-04')],
    expected: ['data/events.yaml:3'],
  },
  {
    name: 'a page saved as Latin-1',
    changes: [write('routes/om.md', latin1(page('About', 'Første linje.')))],
    expected: ['data/routes/om.md:6'],
    says: ['UTF-8'],
  },
  {
    name: 'an empty page',
    changes: [write('routes/tom.md', '')],
    expected: ['data/routes/tom.md:1'],
    says: ['The file is empty.'],
  },
  {
    name: 'front matter never closed',
    changes: [edit('routes/om.md', /^(---\n[\s\S]*?\n)---\n/, '$1\n')],
    expected: ['data/routes/om.md:1'],
    says: ['never closed'],
  },
  {
    name: 'a page file name with a space',
    changes: [write('routes/nye sider.md', page('New pages'))],
    expected: ['data/routes/nye sider.md'],
    says: ['routes/nye-sider.md'],
  },
  {
    name: 'a symlink to a file outside the content folder',
    changes: [link('routes/hemmelig.md', '/etc/hostname')],
    expected: ['data/routes/hemmelig.md'],
    says: ['outside data/'],
  },
  {
    name: 'an SVG that is not an image',
    changes: [write('images/logo.svg', '<html><body>Not a drawing</body></html>\n')],
    expected: ['data/images/logo.svg'],
    says: ['not an SVG'],
  },
  {
    name: 'a data file that is missing',
    changes: [remove('events.yaml')],
    expected: ['data/events.yaml'],
    says: ['Create data/events.yaml'],
  },
  {
    name: 'a date that does not exist',
    changes: [edit('events.yaml', 'date: 2025-12-06', 'date: 2025-12-32')],
    expected: ['data/events.yaml:6'],
  },
  {
    name: 'a page without a title',
    changes: [edit('routes/om.md', 'title: About\n', '')],
    expected: ['data/routes/om.md:2'],
  },
  {
    name: 'a misspelt field in a data file',
    changes: [edit('events.yaml', 'link: /om/styret', 'lenke: /om/styret')],
    expected: ['data/events.yaml:4'],
    says: ['Did you mean link?'],
  },
  {
    name: 'an unknown template, the site’s own offered',
    changes: [edit('routes/om.md', 'title: About', 'title: About\ntemplate: article')],
    expected: ['data/routes/om.md:3'],
    says: ['Use one of: events, find, page, placeholder.'],
  },
  {
    name: 'two files for one address',
    changes: [write('routes/om/index.md', page('About again'))],
    expected: ['data/routes/om/index.md:1'],
  },
  {
    name: 'a broken link in a page',
    changes: [edit('routes/om.md', '(/om/styret)', '(/om/styre)')],
    expected: ['data/routes/om.md:6'],
    says: ['add the page under data/routes/, or add a redirect in data/site.yaml'],
  },
  {
    name: 'a redirect to a page that does not exist',
    changes: [edit('site.yaml', '/old-about: /om', '/old-about: /omm')],
    expected: ['data/site.yaml:5'],
  },
  {
    name: 'a missing image in a page',
    changes: [edit('routes/om.md', '(images/logo.svg)', '(images/logga.svg)')],
    expected: ['data/routes/om.md:8'],
    says: ['The file data/images/logga.svg does not exist.', 'add the file under data/images/'],
  },
  {
    name: 'two broken files give two errors',
    changes: [edit('routes/om.md', 'title: About\n', ''), edit('events.yaml', 'date: 2025-10-04', 'date: 2025-10-40')],
    expected: ['data/events.yaml:3', 'data/routes/om.md:2'],
  },
];
