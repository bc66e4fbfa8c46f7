// The club's content read right but wrong: fields, routes, links and files, and several problems at once.
import { type Case, changesIn, latin1, page } from '../../support/bad-inputs.ts';

const { edit, write } = changesIn('content');

export const CLUB_CHECK_CASES: Case[] = [
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
      '  Her skal det stå en dato som finnes, som 2025-11-20, eller en dato og et klokkeslett i norsk tid, som 2025-11-20 18:00, men det står "20.11.2025 kl. 12.00".\n  Tips: Skriv den som 2025-11-20 12:00: år, måned, dag, og så klokkeslettet.',
    ],
  },
  {
    name: 'a date written day first with slashes',
    changes: [edit('training-times.yaml', 'updated: 2025-10-09', 'updated: 9/10/2025')],
    expected: ['content/training-times.yaml:6'],
    says: [
      '  Her skal det stå en dato som 2025-12-01, men det står "9/10/2025".\n  Tips: Skriv den som 2025-10-09: år, måned, dag.',
    ],
  },
  {
    name: 'a date written day first with a two-digit year',
    changes: [edit('training-times.yaml', 'updated: 2025-10-09', 'updated: 09.10.25')],
    expected: ['content/training-times.yaml:6'],
    says: ['  Tips: Skriv den som 2025-10-09: år, måned, dag.'],
  },
  {
    name: 'a date written day first that is no day of the calendar',
    changes: [edit('nyheter/2025-11-20-julekalender-2025.md', 'date: 2025-11-20 12:00', 'date: 31.11.2025')],
    expected: ['content/nyheter/2025-11-20-julekalender-2025.md:4'],
    says: ['  Tips: Skriv datoen som ÅÅÅÅ-MM-DD: år, måned (01-12), dag, og så klokkeslettet hvis det er ett.'],
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
      '  Feltet «alt» mangler: en nyhet med «image» trenger det.\n  Tips: Legg til «alt:» under «image:» med en kort tekst om hva bildet viser, for dem som ikke ser det.',
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
    says: ['Mente du description?'],
  },
  {
    name: 'a misspelt field on an article',
    changes: [edit('pages/dugnad.md', /\nfaq:/, '\nfaqs:')],
    expected: ['content/pages/dugnad.md:4'],
    says: ['Mente du faq?'],
  },
  {
    name: 'a misspelt field deep in a block',
    changes: [edit('pages/index.md', '  label: Finn', '  lable: Finn')],
    expected: ['content/pages/index.md:6', 'content/pages/index.md:7'],
    says: ['Mente du label?'],
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
  // Issue 45: a photo of people who can be recognised, without their consent, is not published.
  {
    name: 'a photo of recognisable people without consent',
    changes: [edit('photos.yaml', 'people: ikke-gjenkjennelige', 'people: gjenkjennelige')],
    expected: ['content/photos.yaml:6'],
    says: [
      '  images/skagerrak-swim-bassenget.jpg viser personer som kan kjennes igjen, og har ikke samtykke (det står en liste med 0).\n  Tips: Et bilde der noen kan kjennes igjen, trenger samtykke fra hver av dem (under 15 år fra både barnet og en foresatt), eller en forklaring i «noConsentNeeded» på hvorfor det ikke trengs.',
    ],
  },
  {
    name: 'consent for a photo that is not there',
    changes: [edit('photos.yaml', 'file: images/deling.png', 'file: images/stevne-2025.jpg')],
    expected: ['content/photos.yaml:9'],
    says: ['The file content/images/stevne-2025.jpg does not exist.'],
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
