/**
 * The tool's messages in English: one entry a kind of problem, named `code` or `code/kind`
 * after its ErrorCode (docs/errors.md), giving what is wrong and how to fix it. nb.ts says the
 * same in Norwegian bokmål; the type makes both hold every entry with the same values, and
 * tests/unit/error-catalogue.test.ts that every code has its entries. Values are plain data
 * (they cross threads and sit in the page cache), so a message is worded in the site's
 * language only when it is printed.
 */
import type { Found, Text, YamlTrouble } from './values.ts';
import { formatHint, formatName, foundEn, list, typeName, yamlTrouble } from './en-phrases.ts';

export const en = {
  'yaml-syntax': (v: { trouble: YamlTrouble }) => yamlTrouble(v.trouble),
  'yaml-alias/unresolved': (v: { name: string }) => [
    `The YAML cannot be read: "*${v.name}" is an alias (a * at the start of a value) to an anchor "&${v.name}" that does not exist.`,
    `A value starting with * must be in quotes: write "*${v.name}" (Markdown bold is not used in YAML fields).`,
  ],
  'yaml-alias/bomb': () => [
    'The YAML cannot be read: its aliases (*name) repeat other values so many times that the data would be enormous.',
    'Write the values out instead of repeating them with &anchors and *aliases.',
  ],
  'invalid-field/missing': (v: { expected: string; field: string }) => [
    `The field is missing: expected ${typeName(v.expected)}.`,
    `Add "${v.field}:" with a value here.`,
  ],
  'invalid-field/type': (v: { expected: string; found: Found }) => [
    `Expected ${typeName(v.expected)}, found ${foundEn(v.found)}.`,
    'Check the value and its indentation; put text that starts with a digit or contains a colon in quotes.',
  ],
  'invalid-field/one-of': (v: { values: string[]; found: Found }) => [
    `Expected one of ${v.values.join(', ')}, found ${foundEn(v.found)}.`,
    'Use one of the listed values, spelled exactly the same.',
  ],
  'invalid-field/format': (v: { format: string; custom?: string; found: Found; turned?: string }) => [
    `Expected ${v.custom ?? formatName(v.format)}, found ${foundEn(v.found)}.`,
    formatHint(v.format, v.turned),
  ],
  'invalid-field/unknown': (v: { key: string; suggestion?: string; known: string[] }) => [
    `Unknown field "${v.key}".`,
    v.suggestion
      ? `Did you mean ${v.suggestion}? Fix the spelling, or remove the field: only known fields are used.`
      : `Check the spelling of the field name, or remove it: only known fields are used.${v.known.length > 0 ? ` Known fields here: ${v.known.join(', ')}.` : ' This block takes no other fields.'}`,
  ],
  'invalid-field/size': (v: {
    small: boolean;
    exact: boolean;
    bound: string;
    origin: string;
    custom?: string;
    found: Found;
  }) => {
    const unit = v.origin === 'array' ? ' entries' : v.origin === 'string' ? ' characters' : '';
    const word = v.exact ? 'exactly' : v.small ? 'at least' : 'at most';
    return [
      `Expected ${v.custom ?? `${word} ${v.bound}${unit}`}, found ${foundEn(v.found)}.`,
      v.origin === 'array' ? 'Add or remove entries in the list.' : 'Change the value to fit.',
    ];
  },
  'invalid-field/rule': (v: { rule?: string; block: boolean; found: Found; hint?: string }) => [
    `${v.rule ?? 'The value does not fit'}${v.block ? '.' : ` (found ${foundEn(v.found)}).`}`,
    v.hint ?? 'Compare with a similar entry that works.',
  ],
  'invalid-field/config-unknown': (v: { keys: string[]; known: string }) => [
    `There is no setting called ${v.keys.map((key) => `"${key}"`).join(' or ')}.`,
    `The settings are ${v.known}; remove the others, or correct their spelling.`,
  ],
  'invalid-field/config': (v: { message?: string; known: string }) => [
    v.message ?? 'Expected defineConfig({ … }) as the default export.',
    `Write export default defineConfig({ … }) with any of ${v.known}; each has a default.`,
  ],
  'invalid-field/snippet': (v: { snippet: string; fallback: number }) => [
    `The site definition's search.snippet is ${v.snippet}: it is how many characters of a page's text a search hit shows.`,
    `Give a whole number, 1 or more, or leave it out for ${v.fallback}.`,
  ],
  'missing-file/collection': (v: { name: string; file: string; readme: string }) => [
    `The file for the collection "${v.name}" is missing.`,
    `Create ${v.file} (see ${v.readme} for what goes in it).`,
  ],
  'missing-file/site': (v: { root: string; candidate: string }) => [
    `There is no site definition in ${v.root}.`,
    `Run clubsite in the site's folder (the one with ${v.candidate}), or name the site definition in clubsite.config.ts (siteEntry).`,
  ],
  'unknown-template/from-data': (v: { name: string; known: string }) => [
    `The template "${v.name}" makes its own pages from data: a page file cannot use it.`,
    `Use one of: ${v.known}.`,
  ],
  'unknown-template': (v: { name: string; known: string }) => [
    `There is no template called "${v.name}".`,
    `Use one of: ${v.known}.`,
  ],
  'duplicate-route/files': (v: { route: string; one: string; other: string }) => [
    `Two files make the page ${v.route}: ${v.one} and ${v.other}.`,
    'Keep one of them: rename or delete the other (om.md and om/index.md are the same page).',
  ],
  'duplicate-route/redirect': (v: { route: string; page: string }) => [
    `The redirect from ${v.route} points away from a page that exists: ${v.page}.`,
    'Remove the redirect, or the page.',
  ],
  'duplicate-route/file': (v: { route: string; taken: boolean }) => [
    v.taken
      ? `The site makes the file ${v.route}, and a page or redirect has that address too.`
      : `The site makes the file ${v.route}, which has no file extension: only pages have addresses like that.`,
    'Give the file an address of its own that ends with its extension, like /news/feed.xml.',
  ],
  'broken-redirect': (v: { from: string; to: string }) => [
    `The redirect from ${v.from} goes to ${v.to}, which is not a page.`,
    'Point it at a page that exists, like /om.',
  ],
  'broken-link': (v: { route: string; pages: string; settings: string }) => [
    `The link to ${v.route} goes nowhere: no page has that address.`,
    `Correct the address, add the page under ${v.pages}, or add a redirect in ${v.settings}.`,
  ],
  'broken-link/relative': (v: { href: string; route: string; address: string }) => [
    `The link "${v.href}" leads to ${v.route} (read from this page's address, ${v.address}), and no page has that address.`,
    'Write the whole address starting with / (as the browser shows it after the site name): then it leads to the same page wherever the link stands.',
  ],
  'broken-link/template': (v: { route: string; code: string; siteFile: string; pages: string }) => [
    `A template or the site frame links to ${v.route}, and no page has that address.`,
    `Search the site's code (${v.code} and what ${v.siteFile} imports) for "${v.route}" and correct it, or add the page under ${v.pages}.`,
  ],
  'missing-asset': (v: { file: string; folder: string }) => [
    `The file ${v.file} does not exist.`,
    `Check the spelling, or add the file under ${v.folder}.`,
  ],
  'bad-file-name/space': (v: { file: string; renamed: string }) => [
    `The path ${v.file} has a space in it: in Markdown a link or picture ends at the first space, so it would not show.`,
    `Rename the file without spaces, as ${v.renamed}, and write that name here (phones name photos with spaces).`,
  ],
  'unreadable-image': (v: { file: string; reason: string }) => [
    `${v.file} cannot be used: ${v.reason}.`,
    'Save the photo again as JPEG (.jpg), PNG or WebP, for example by exporting it from your phone or an image program, and copy the whole file.',
  ],
  'unknown-island': (v: { template: string; name: string }) => [
    `The template "${v.template}" uses an island called "${v.name}" that the site definition does not register.`,
    `Add "${v.name}" to the islands the site definition lists (defineIslands), and render it by that reference.`,
  ],
  'bundle-failed': (v: { text: string; clubsite: boolean }) => [
    v.text,
    v.clubsite
      ? 'The site imports clubsite by name: install it in the project (npm install), and run clubsite there.'
      : 'Fix the code at this line; the rest of the site is left as it was.',
  ],
  'site-code-threw/page': (v: {
    thrown: string;
    template: string;
    source: string;
    route: string;
    called: string[];
  }) => [
    `${v.thrown} (the template "${v.template}" threw while rendering ${v.source}, the page ${v.route})`,
    `${v.called.length > 0 ? `Called from ${v.called.join(', called from ')}. ` : ''}This is the site's own code, not clubsite: fix it at this line (a field the template reads may be missing or misspelled).`,
  ],
  'site-code-threw/load': (v: { thrown: string; entry: string }) => [
    `${v.thrown} (the site's code threw as ${v.entry} was loaded)`,
    "This is the site's own code, not clubsite: fix it at this line.",
  ],
  'unsafe-link': (v: { shown: string; scheme: string }) => [
    `The link ${v.shown} is a ${v.scheme}: address, which runs code or hides a page in the link; it is never published.`,
    'Link to a page of the site (an address starting with /), a file in the content folder, or an https:// address.',
  ],
  'control-character': (v: { name: string }) => [
    `The text holds an invisible control character (${v.name}), which would be published as it is.`,
    'Delete the character: retype the text around it, or paste it again as plain text.',
  ],
  'document-kind': (v: { file: string; kind: string; kinds: string[]; folder: string }) => [
    `${v.file} is not a kind of document the site publishes (${v.kind === '' ? 'no file extension' : `.${v.kind}`}).`,
    `Save it as one of ${list(v.kinds)}, or move it out of ${v.folder}.`,
  ],
  'document-too-large': (v: { file: string; size: string; limit: string }) => [
    `${v.file} is ${v.size}; a document may be at most ${v.limit}.`,
    'Make it smaller (export the PDF with "reduced size", or compress its pictures), or split it in two.',
  ],
  'wrong-image': (v: {
    file: string;
    kinds: string[];
    width?: number;
    height?: number;
    found?: { kind: string; width: number; height: number };
  }) => {
    const kinds = v.kinds.map((kind) => kind.toUpperCase()).join(' or ');
    if (v.width === undefined || v.height === undefined)
      return [
        `${v.file} must be a ${kinds}; it is ${v.found ? `a ${v.found.kind.toUpperCase()}` : `not a ${kinds}`}.`,
        `Name a ${kinds} photo, or export the picture as ${kinds}.`,
      ];
    const found = v.found && `a ${v.found.kind.toUpperCase()} of ${v.found.width} × ${v.found.height}`;
    return [
      `${v.file} must be a ${kinds} of ${v.width} × ${v.height} pixels; it is ${found ?? `not a ${kinds}`}.`,
      `Export the picture as ${kinds} at exactly ${v.width} × ${v.height} pixels.`,
    ];
  },
  'not-utf8': (v: { byte: string }) => [
    `The file is not saved as UTF-8: byte 0x${v.byte} on this line cannot be read (letters outside a-z, like é, ü, ø or å, would show as �).`,
    'Open the file in your editor and save it again with the encoding "UTF-8" (in VS Code: click the encoding in the status bar, "Save with Encoding", UTF-8; in Notepad: "Save as", Encoding: UTF-8).',
  ],
  'empty-file': () => ['The file is empty.', 'Write its content, copy a similar file that works, or delete the file.'],
  'file-too-large': (v: { size: string; limit: string }) => [
    `The file is ${v.size} MB: more than the ${v.limit} MB a file on the site may be.`,
    'Make it smaller (split a long text into several pages, scale an image down to at most 2000 pixels wide), or keep it elsewhere and link to it.',
  ],
  'refused-link': (v: { to: 'nothing' | 'folder' | 'outside'; folder: string }) => [
    v.to === 'nothing'
      ? 'This is a link (symlink) to something that does not exist.'
      : v.to === 'folder'
        ? 'This is a link (symlink) to a folder: folders are not followed.'
        : `This is a link (symlink) to a file outside ${v.folder}: only files inside ${v.folder} are published.`,
    `Replace the link with a copy of the file itself, inside ${v.folder}.`,
  ],
  'bad-file-name/page': (v: { renamed: string }) => [
    "A page's file name is its address: it may only have lower-case letters a-z, digits, - and _ (no spaces, capitals or other letters).",
    `Rename the file to ${v.renamed}.`,
  ],
  'bad-file-name/entry': (v: { name: string; example?: string }) => [
    `The file name "${v.name}" is not in the form this folder's files must have: it becomes the address of the page.`,
    `Name the file like ${v.example}.`,
  ],
  'not-an-image': (v: { extension: string }) => [
    `The file is named ${v.extension} but is not ${v.extension === '.svg' ? 'an SVG drawing (no <svg> element at its start)' : `a ${v.extension.slice(1).toUpperCase()} image`}.`,
    'Open it in an image viewer: if it does not show, export the image again (as PNG, JPEG, WebP or SVG) and replace the file; if it does, give it the extension of its real format.',
  ],
  'unclosed-front-matter/kind': (v: { language: string }) => [
    `The front matter is marked as "${v.language}": only YAML front matter is read.`,
    'Start the page with a line with only --- on it, then the fields as YAML (title: ..., description: ...).',
  ],
  'unclosed-front-matter': () => [
    'The front matter opened by "---" on line 1 is never closed.',
    'Add a line with only --- after the last field (title, description, ...), before the text of the page.',
  ],
  'unreadable-file': (v: { code: string }) => [
    `The file cannot be read (${v.code}).`,
    'Check that the file is not locked by another program and that you may read it (its permissions); save it again if in doubt.',
  ],
  'unreadable-file/changed': () => [
    'The file changed while the site was being built.',
    'Build again once the file is saved.',
  ],
  'duplicate-package': (v: { count: number; name: string; folders: string[] }) => [
    `The browser code holds ${v.count} copies of ${v.name} (${v.folders.join(', ')}): pages with islands would fail in the browser, as two Reacts give «Cannot read properties of null (reading 'useState')».`,
    `Keep one copy: install ${v.name} once (npm ls ${v.name} shows where each comes from; npm dedupe, or the version clubsite uses), and install a node_modules copied from another folder again with npm ci.`,
  ],
  'insecure-link': (v: { url: string; secure: string }) => [
    `The address ${v.url} starts with http://: the connection is not encrypted.`,
    `Write it with https:// (${v.secure}) if the site answers there.`,
  ],
  'unused-file': (v: { file: string }) => [
    `No page uses ${v.file}.`,
    'Link to it from a page, or delete it if it is no longer needed.',
  ],
  'robots-under-base': (v: { under: string; root: string; sitemap?: string }) => [
    `Built under --base ${v.under}, robots.txt is served at ${v.under}robots.txt, where crawlers never look (they read /robots.txt at the host's root only).`,
    v.sitemap
      ? `Add this line to the robots.txt at the root of the host (${v.root}): Sitemap: ${v.sitemap}`
      : `Point the robots.txt at the root of the host to ${v.under}sitemap.xml with a Sitemap: line.`,
  ],
} satisfies Record<string, (values: never) => Text>;
