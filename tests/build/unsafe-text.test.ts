/**
 * Issue 12 (unsafe links) and issue 15 (control characters): text that would run code or
 * write invisible bytes into every page fails the build at its line, however it is spelt;
 * a plain http:// link builds with a warning.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { formatError, formatWarning } from '../../generator/errors.ts';
import { buildErrors, buildFixture, fixtureSite } from '../support/fixture-site.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function site(changes: Record<string, string | null>): Promise<string> {
  const dir = await fixtureSite('mini', changes);
  folders.push(dir);
  return dir;
}

async function problems(changes: Record<string, string | null>): Promise<string[]> {
  return (await buildErrors(await site(changes))).map(formatError);
}

const HINT =
  '  Hint: Link to a page of the site (an address starting with /), a file in the content folder, or an https:// address.';
const unsafe = (where: string, shown: string, scheme: string) =>
  [
    `✖ ${where}  [unsafe-link]`,
    `  The link ${shown} is a ${scheme}: address, which runs code or hides a page in the link; it is never published.`,
    HINT,
  ].join('\n');

describe('unsafe links are errors at their line', () => {
  test('in Markdown, in every spelling', async () => {
    const body = [
      '[a](javascript:alert(1))',
      '[b](JAVASCRIPT:alert(1))',
      '[c](&#106;avascript:alert(1))',
      '[d](<java\tscript:alert(1)>)',
      '[e](vbscript:msgbox(1))',
      '[f](data:text/html;base64,PHNjcmlwdD4=)',
      '![g](data:image/svg+xml;base64,PHN2Zz4=)',
    ].join('\n\n');
    expect(
      await problems({ 'data/routes/om.md': `---\ntitle: About\ndescription: About the club.\n---\n\n${body}\n` }),
    ).toEqual([
      unsafe('data/routes/om.md:6', '"javascript:alert(1)"', 'javascript'),
      unsafe('data/routes/om.md:8', '"JAVASCRIPT:alert(1)"', 'javascript'),
      unsafe('data/routes/om.md:10', '"javascript:alert(1)"', 'javascript'),
      unsafe('data/routes/om.md:12', '"java\\tscript:alert(1)"', 'javascript'),
      unsafe('data/routes/om.md:14', '"vbscript:msgbox(1)"', 'vbscript'),
      unsafe('data/routes/om.md:16', '"data:text/html;base64,PHNjcmlwdD4="', 'data'),
      unsafe('data/routes/om.md:18', '"data:image/svg+xml;base64,PHN2Zz4="', 'data'),
    ]);
  });

  test('in raw HTML of a page that allows it', async () => {
    const page =
      '---\ntitle: About\ndescription: About the club.\nallowHtml: true\n---\n\n<p>\n<a href="&#x6A;avascript&colon;alert(1)">x</a>\n</p>\n';
    expect(await problems({ 'data/routes/om.md': page })).toEqual([
      unsafe('data/routes/om.md:8', '"&#x6A;avascript&colon;alert(1)"', 'javascript'),
    ]);
  });

  test('in YAML, in front matter and in data', async () => {
    const events =
      'events:\n  - title: Autumn meet\n    date: 2025-10-04\n    link: /om/styret\n  - title: " JavaScript:alert(1)"\n    date: 2025-12-06\n';
    expect(
      await problems({
        'data/routes/events.yaml':
          'title: Events\ndescription: What is on.\ntemplate: events\nheading: "java\\tscript:alert(1)"\n',
        'data/events.yaml': events,
      }),
    ).toEqual([
      unsafe('data/events.yaml:5:12  events[1].title', '" JavaScript:alert(1)"', 'javascript'),
      unsafe('data/routes/events.yaml:4:10  heading', '"java\\tscript:alert(1)"', 'javascript'),
    ]);
  });

  test('prose that starts with «Data:» is not a link', async () => {
    const dir = await site({
      'data/routes/om.md':
        '---\ntitle: About\ndescription: "Data: what we keep, and why."\n---\n\n![Logo](images/logo.svg)\n',
    });
    await expect(buildFixture(dir)).resolves.toBeDefined();
  });
});

describe('plain http:// links', () => {
  test('build, with a warning suggesting https://, in Markdown and in YAML', async () => {
    const dir = await site({
      'data/routes/om.md':
        '---\ntitle: About\ndescription: About the club.\n---\n\nSee [the pool](http://example.org/basseng).\n\n![Logo](images/logo.svg)\n',
      'data/routes/events.yaml':
        'title: Events\ndescription: What is on.\ntemplate: events\nheading: http://example.org/\n',
    });
    const result = await buildFixture(dir);
    expect(result.warnings.map(formatWarning)).toEqual([
      [
        '⚠ data/routes/events.yaml:4:10  heading  [insecure-link]',
        '  The address http://example.org/ starts with http://: the connection is not encrypted.',
        '  Hint: Write it with https:// (https://example.org/) if the site answers there.',
      ].join('\n'),
      [
        '⚠ data/routes/om.md:6  [insecure-link]',
        '  The address http://example.org/basseng starts with http://: the connection is not encrypted.',
        '  Hint: Write it with https:// (https://example.org/basseng) if the site answers there.',
      ].join('\n'),
    ]);
  });
});

describe('control characters are errors at their line', () => {
  const message = (name: string) =>
    `  The text holds an invisible control character (${name}), which would be published as it is.`;
  const hint = '  Hint: Delete the character: retype the text around it, or paste it again as plain text.';

  test('a NUL in a title, raw or escaped, an ESC in data and a BEL in a Markdown body', async () => {
    expect(
      await problems({
        'data/routes/om.md':
          '---\ntitle: "Ab\\0out"\ndescription: About the club.\n---\n\nThe \u0007board.\n\n![Logo](images/logo.svg)\n',
        'data/routes/om/styret.md': '---\ntitle: Bo\u0000ard\ndescription: The board.\n---\n\nText.\n',
        'data/events.yaml': 'events:\n  - title: "Autumn\u001bmeet"\n    date: 2025-10-04\n',
      }),
    ).toEqual([
      ['✖ data/events.yaml:2:12  events[0].title  [control-character]', message('U+001B'), hint].join('\n'),
      ['✖ data/routes/om.md:2:8  title  [control-character]', message('U+0000'), hint].join('\n'),
      ['✖ data/routes/om.md:6:5  [control-character]', message('U+0007'), hint].join('\n'),
      ['✖ data/routes/om/styret.md:2:8  title  [control-character]', message('U+0000'), hint].join('\n'),
    ]);
  });

  test('tabs, line breaks and CRLF are fine', async () => {
    const dir = await site({
      'data/routes/om.md':
        '---\r\ntitle: "About\\tus"\r\ndescription: About the club.\r\n---\r\n\r\nText\twith a tab.\r\n\r\n![Logo](images/logo.svg)\r\n',
    });
    await expect(buildFixture(dir)).resolves.toBeDefined();
  });
});
