import { ContentError } from '../errors.ts';
import type { LoadedContent, PageSource, Position, YamlSource } from '../model/source.ts';
import { fieldPath } from './describe-issue.ts';
import {
  CONTROL_CHARACTER,
  controlCharacterName,
  isPlainHttp,
  unsafeLinkMessage,
  unsafeScheme,
} from './link-safety.ts';
import { say } from '../messages/say.ts';

/**
 * What no text of the site may hold, whatever field it is in: a control character (a NUL in a
 * title is written raw into every page) or a link that runs code. Every YAML value and key of
 * every data file and front matter is read, and every line of every Markdown body; links in
 * Markdown are read where they are rendered (render/markdown.ts). Plain http:// addresses in
 * YAML are warnings.
 */
export function checkText(loaded: LoadedContent, errors: ContentError[], warnings: ContentError[]): void {
  for (const source of loaded.collections.values()) checkYaml(source, errors, warnings);
  for (const page of [...loaded.pages, ...[...loaded.entries.values()].flat()]) {
    // A page's findings are its own: one the dev server parsed before is not read again.
    let found = findingsOf(page);
    if (!found) {
      found = { errors: [], warnings: [] };
      checkPage(page, found.errors, found.warnings);
      checked.set(page, found);
    }
    // Most pages have found nothing: no spread call for each of 10,000 on a dev save.
    if (found.errors.length > 0) errors.push(...found.errors);
    if (found.warnings.length > 0) warnings.push(...found.warnings);
  }
}

const checked = new WeakMap<PageSource, Findings>();

/** What checkText found in a page's file. */
export interface Findings {
  errors: ContentError[];
  warnings: ContentError[];
}

/**
 * What a page kept from an earlier build (pipeline/kept-source.ts) answers, through its class, when
 * that build found nothing in it: no map entry for each of 10,000 kept pages on every build.
 */
export const KEPT_FINDINGS: unique symbol = Symbol('kept findings');

/** What checkText found in a page's file this run, if it looked, or a build that read it found. */
export const findingsOf = (page: PageSource): Findings | undefined =>
  checked.get(page) ?? (page as { readonly [KEPT_FINDINGS]?: Findings })[KEPT_FINDINGS];

/** What a build that read the page's file found in it (pipeline/source-cache.ts): it is not looked at again. */
export function knowFindings(page: PageSource, found: Findings): void {
  checked.set(page, found);
}

function checkPage(page: PageSource, errors: ContentError[], warnings: ContentError[]): void {
  checkYaml(page.frontMatter, errors, warnings);
  if (SPACE_IN_LINK.test(page.body)) spacedLinks(page, errors);
  if (!CONTROL_CHARACTER.test(page.body)) return;
  page.body.split('\n').forEach((line, index) => {
    const name = controlCharacterName(line);
    if (name)
      errors.push(
        controlCharacter(
          page.file,
          index + 1 + page.bodyLineOffset,
          line.search(CONTROL_CHARACTER) + 1,
          undefined,
          name,
        ),
      );
  });
}

/** A Markdown link or picture whose path has a space (`![Stevnet](images/Stevne bilde.jpg)`, as phones name photos). */
const SPACE_IN_LINK = /\]\([^()\s<>]+ /;
const SPACED_LINK = /\]\(([^()\s<>]+ [^()<>]*)\)/g;
/** What may follow a path after a space: the link's title, `[text](/om "Om klubben")`. */
const TITLED = /^\S+\s+("[^"]*"|'[^']*')$/;

/**
 * Markdown ends a link's path at its first space, so such a link or picture is published as
 * its text, brackets and all: an error at its line, with the name to give the file instead.
 * An address with a scheme (https://…) is the other site's, and no file to rename.
 */
function spacedLinks(page: PageSource, errors: ContentError[]): void {
  page.body.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(SPACED_LINK)) {
      const target = match[1] ?? '';
      if (TITLED.test(target) || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const renamed = target.trim().replace(/\s+/g, '-').toLowerCase();
      errors.push(
        new ContentError({
          code: 'bad-file-name',
          file: page.file,
          line: index + 1 + page.bodyLineOffset,
          column: (match.index ?? 0) + 3,
          ...say('bad-file-name/space', { file: target, renamed }),
        }),
      );
    }
  });
}

function checkYaml(source: YamlSource, errors: ContentError[], warnings: ContentError[]): void {
  // Most files hold nothing to tell: their values are looked at once, in the data.
  if (!someText(source.data, suspect)) return;
  const check = (where: Position, path: (string | number)[], value: string) => {
    const field = fieldPath(path) || undefined;
    const name = controlCharacterName(value);
    if (name) errors.push(controlCharacter(source.file, where.line, where.column, field, name));
    const scheme = unsafeScheme(value);
    if (scheme)
      errors.push(
        new ContentError({
          code: 'unsafe-link',
          file: source.file,
          ...where,
          field,
          ...unsafeLinkMessage(value, scheme),
        }),
      );
    else if (isPlainHttp(value)) warnings.push(insecureLink(source.file, where, field, value));
  };
  // Every key and text value, in the order they stand in the file (a key before its value).
  for (const node of source.nodes) {
    if (node.key && node.keyText !== undefined) check(node.key, node.path.slice(0, -1), node.keyText);
    if (node.text !== undefined) check(node.at, node.path, node.text);
  }
}

const suspect = (text: string) =>
  controlCharacterName(text) !== undefined || unsafeScheme(text) !== undefined || isPlainHttp(text);

/** Whether a key or a text anywhere in the data passes `test`. */
function someText(data: unknown, test: (text: string) => boolean): boolean {
  if (typeof data === 'string') return test(data);
  if (Array.isArray(data)) return data.some((item) => someText(item, test));
  if (data !== null && typeof data === 'object')
    return Object.entries(data).some(([key, value]) => test(key) || someText(value, test));
  return false;
}

function controlCharacter(
  file: string,
  line: number,
  column: number,
  field: string | undefined,
  name: string,
): ContentError {
  return new ContentError({
    code: 'control-character',
    file,
    line,
    column,
    field,
    ...say('control-character', { name }),
  });
}

export function insecureLink(
  file: string,
  where: { line?: number; column?: number },
  field: string | undefined,
  url: string,
): ContentError {
  return new ContentError({
    code: 'insecure-link',
    file,
    ...where,
    field,
    ...say('insecure-link', { url, secure: url.trim().replace(/^http:/i, 'https:') }),
  });
}
