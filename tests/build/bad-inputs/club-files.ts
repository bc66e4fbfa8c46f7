// The club's content read and parsed wrong: YAML, encodings, front matter, file names, symlinks, sizes.
import { bomb, type Case, changesIn, hugePng, latin1, page } from '../../support/bad-inputs.ts';

const { edit, write } = changesIn('content');

export const CLUB_FILE_CASES: Case[] = [
  {
    name: 'YAML alias to a missing anchor (an attempt at bold) in a data file',
    changes: [edit('menu.yaml', 'label: Forside', 'label: *Viktig*')],
    expected: ['content/menu.yaml:4'],
    says: ['«*Viktig*» er et alias'],
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
    says: ['aliasene (*navn) gjentar andre verdier'],
  },
  {
    name: 'YAML syntax error in a data file',
    changes: [edit('training-times.yaml', 'groups: [A, B, C, D, E, F]', 'groups: [A, B, C, D, E, F')],
    expected: ['content/training-times.yaml:7'],
    says: ['  Tegnet [ som åpnes på denne linjen, blir aldri lukket'],
  },
  // Issue 44: a missing } in a training time was «Flow map in block collection must be sufficiently indented», at the line after.
  {
    name: 'a training time without its closing brace',
    changes: [
      edit(
        'training-times.yaml',
        'time: "16:00 - 18:00", location: Spicheren }',
        'time: "16:00 - 18:00", location: Spicheren',
      ),
    ],
    expected: ['content/training-times.yaml:10'],
    says: [
      '  Tegnet { som åpnes på denne linjen, blir aldri lukket: en liste i [ ] eller en blokk i { } må slutte på samme linje.\n  Tips: Legg til } som mangler, på slutten av linjen, og sjekk kommaene mellom verdiene.',
    ],
  },
  {
    name: 'YAML syntax error in front matter',
    changes: [edit('pages/om.md', 'title: Om klubben', 'title: "Om klubben')],
    expected: ['content/pages/om.md:2'],
    says: ['  Anførselstegnet " som åpnes på denne linjen, blir aldri lukket.'],
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
    says: ['  Filen er tom.\n  Tips: Skriv innholdet'],
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
    says: ['blir aldri lukket'],
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
    says: ['bare YAML'],
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
    says: ['utenfor content/'],
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
    says: ['ikke en SVG-tegning'],
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
];
