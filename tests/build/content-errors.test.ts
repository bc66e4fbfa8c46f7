import { describe, expect, test } from 'vitest';
import { formatError } from '../../generator/errors.ts';
import { buildErrors, fixtureSite } from '../support/fixture-site.ts';

const EVENTS_OK =
  'events:\n  - title: Autumn meet\n    date: 2025-10-04\n    link: /om/styret\n  - title: Winter meet\n    date: 2025-12-06\n';

/** Every problem as the volunteer reads it. */
async function problems(changes: Record<string, string | null>): Promise<string[]> {
  const errors = await buildErrors(await fixtureSite('mini', changes));
  return errors.map(formatError);
}

describe('content errors name the file, line, column, field, what is wrong and a hint', () => {
  test('YAML that cannot be parsed', async () => {
    expect(await problems({ 'data/events.yaml': 'events:\n  - title: Autumn meet\n    date: [2025-10-04\n' })).toEqual([
      [
        // Issue 44: at the [ left open, in plain words (the yaml package's words were at the line after).
        '✖ data/events.yaml:3:11  [yaml-syntax]',
        '  The [ opened on this line is never closed: a list in [ ] or a block in { } must end on its line.',
        '  Hint: Add the missing ] at the end of the line, and check the commas between the values.',
      ].join('\n'),
    ]);
  });

  test('a field of the wrong shape, at its own line, with its path', async () => {
    const broken = EVENTS_OK.replace('date: 2025-12-06', 'date: 2025-13-06');
    expect(await problems({ 'data/events.yaml': broken })).toEqual([
      [
        '✖ data/events.yaml:6:11  events[1].date  [invalid-field]',
        '  Expected a date like 2025-12-01, found "2025-13-06".',
        '  Hint: Write dates as YYYY-MM-DD: year, month (01-12), day.',
      ].join('\n'),
    ]);
  });

  test('a missing field points at the entry it belongs in', async () => {
    const broken = EVENTS_OK.replace('    date: 2025-12-06\n', '');
    expect(await problems({ 'data/events.yaml': broken })).toEqual([
      [
        '✖ data/events.yaml:5:5  events[1].date  [invalid-field]',
        '  The field is missing: expected text.',
        '  Hint: Add "date:" with a value here.',
      ].join('\n'),
    ]);
  });

  test('a misspelt field name in a strict schema', async () => {
    const broken = EVENTS_OK.replace('    date: 2025-12-06', '    date: 2025-12-06\n    tittle: Oops');
    expect(await problems({ 'data/events.yaml': broken })).toEqual([
      [
        '✖ data/events.yaml:7:5  events[1].tittle  [invalid-field]',
        '  Unknown field "tittle".',
        '  Hint: Did you mean title? Fix the spelling, or remove the field: only known fields are used.',
      ].join('\n'),
    ]);
  });

  test('every problem of a run is listed, across files', async () => {
    const list = await problems({
      'data/events.yaml': EVENTS_OK.replace('2025-10-04', '4 October').replace('title: Winter meet', 'title: 12'),
      'data/routes/om.md': '---\ntitle: About\n---\n\nText.\n',
    });
    expect(list.map((problem) => problem.split('\n')[0])).toEqual([
      '✖ data/events.yaml:3:11  events[0].date  [invalid-field]',
      '✖ data/events.yaml:5:12  events[1].title  [invalid-field]',
      '✖ data/routes/om.md:2:1  description  [invalid-field]',
    ]);
    expect(list[1]).toContain('Expected text, found number 12.');
  });

  test('front matter errors carry the line in the Markdown file', async () => {
    expect(
      await problems({
        'data/routes/om.md': '---\ntitle: About\ndescription: About the club.\ntemplate: artikel\n---\n\nText.\n',
      }),
    ).toEqual([
      [
        '✖ data/routes/om.md:4:11  template  [unknown-template]',
        '  There is no template called "artikel".',
        '  Hint: Use one of: events, find, page, placeholder.',
      ].join('\n'),
    ]);
  });

  test("a template's own front-matter schema is checked too", async () => {
    expect(
      await problems({
        'data/routes/events.yaml': 'title: Events\ndescription: What is on.\ntemplate: events\nheading: 3\n',
      }),
    ).toEqual([
      [
        '✖ data/routes/events.yaml:4:10  heading  [invalid-field]',
        '  Expected text, found number 3.',
        '  Hint: Check the value and its indentation; put text that starts with a digit or contains a colon in quotes.',
      ].join('\n'),
    ]);
  });

  test('two files for one route name both', async () => {
    expect(
      await problems({ 'data/routes/om/index.md': '---\ntitle: About again\ndescription: Twice.\n---\n' }),
    ).toEqual([
      [
        '✖ data/routes/om/index.md:1:1  [duplicate-route]',
        '  Two files make the page /om: data/routes/om.md and data/routes/om/index.md.',
        '  Hint: Keep one of them: rename or delete the other (om.md and om/index.md are the same page).',
      ].join('\n'),
    ]);
  });

  test('a broken link in Markdown is traced to its line', async () => {
    const page = '---\ntitle: About\ndescription: About the club.\n---\n\nThe board.\n\nSee [the team](/laget) too.\n';
    expect(await problems({ 'data/routes/om.md': page })).toEqual([
      [
        '✖ data/routes/om.md:8:16  [broken-link]',
        '  The link to /laget goes nowhere: no page has that address.',
        '  Hint: Correct the address, add the page under data/routes/, or add a redirect in data/site.yaml.',
      ].join('\n'),
    ]);
  });

  test('a broken link in a template is told once, however many pages show it', async () => {
    const fixture = await fixtureSite('mini');
    const { readFile, writeFile } = await import('node:fs/promises');
    const file = `${fixture}/layouts/site.tsx`;
    await writeFile(file, (await readFile(file, 'utf8')).replace("props.href('/om')", "props.href('/omm')"));
    expect((await buildErrors(fixture)).map(formatError)).toEqual([
      [
        '✖ layouts/  [broken-link]',
        '  A template or the site frame links to /omm, and no page has that address.',
        '  Hint: Search the site\'s code (layouts/ and what layouts/site.tsx imports) for "/omm" and correct it, or add the page under data/routes/.',
      ].join('\n'),
    ]);
  });

  test('a broken link in a collection is reported at its field', async () => {
    expect(await problems({ 'data/events.yaml': EVENTS_OK.replace('link: /om/styret', 'link: /om/styre') })).toEqual([
      [
        '✖ data/events.yaml:4:11  events[0].link  [broken-link]',
        '  The link to /om/styre goes nowhere: no page has that address.',
        '  Hint: Correct the address, add the page under data/routes/, or add a redirect in data/site.yaml.',
      ].join('\n'),
    ]);
  });

  test('a redirect to nowhere, and one that hides a page', async () => {
    const site =
      'name: Mini\norigin: https://mini.example\nlogo: images/logo.svg\nredirects:\n  /old-about: /about\n  /om: /events\n';
    expect(
      (await problems({ 'data/site.yaml': site })).map((problem) => problem.split('\n').slice(0, 2).join('\n')),
    ).toEqual([
      '✖ data/site.yaml:6:3  redirects./om  [duplicate-route]\n  The redirect from /om points away from a page that exists: data/routes/om.md.',
      '✖ data/site.yaml:5:15  redirects./old-about  [broken-redirect]\n  The redirect from /old-about goes to /about, which is not a page.',
    ]);
  });

  test('a missing image, in Markdown and in data', async () => {
    const page = '---\ntitle: About\ndescription: About the club.\n---\n\n![Team](images/team.jpg)\n';
    const site = 'name: Mini\norigin: https://mini.example\nlogo: images/logo.png\n';
    expect(await problems({ 'data/routes/om.md': page, 'data/site.yaml': site })).toContain(
      [
        '✖ data/routes/om.md:6  [missing-asset]',
        '  The file data/images/team.jpg does not exist.',
        '  Hint: Check the spelling, or add the file under data/images/.',
      ].join('\n'),
    );
    const list = await problems({ 'data/site.yaml': site });
    expect(list[0]?.split('\n')[0]).toBe('✖ data/site.yaml:3:7  [missing-asset]');
    expect(list[0]).toContain('The file data/images/logo.png does not exist.');
  });

  test('a missing collection file', async () => {
    expect(await problems({ 'data/events.yaml': null })).toEqual([
      [
        '✖ data/events.yaml  [missing-file]',
        '  The file for the collection "events" is missing.',
        '  Hint: Create data/events.yaml (see data/README.md for what goes in it).',
      ].join('\n'),
    ]);
  });

  test('a syntax error in a template names the file and line', async () => {
    const list = await problems({ 'scripts/hello.ts': 'document.documentElement.dataset.hello = ;\n' });
    expect(list[0]?.split('\n')[0]).toBe('✖ scripts/hello.ts:1:42  [bundle-failed]');
  });
});
