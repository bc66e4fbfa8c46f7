/**
 * What a cached page was rendered from, as keys: its own (the page's file and fields) and what
 * every page of its pass shares (the site's code, the browser bundle, the base, the search
 * index it shows). What it read besides is checked value by value (render/reads.ts).
 */
import { hash as digest } from 'node:crypto';
import type { ValidatedPage } from '../model/pages.ts';
import type { RenderContext } from '../model/render-context.ts';
import { textHashOf } from '../load/text-hash.ts';
import { HAS, KEYS, SEP } from '../render/reads.ts';

// A one-shot digest: 10,000 pages' keys a build, each made without a Hash object of its own.
const hash = (text: string) => digest('sha256', text, 'base64url').slice(0, 22);

/** Keys already made, by the page: a dev session hands the same page again while its file is as it was. */
const ownKeys = new WeakMap<ValidatedPage, string>();

/** The page's own inputs: its summary, where it is written, and its file's text (which holds its Markdown). */
export function ownKey(page: ValidatedPage): string {
  let key = ownKeys.get(page);
  if (key === undefined) {
    key = ownKeyOf(page);
    ownKeys.set(page, key);
  }
  return key;
}

/** The key of a page restored from the fields it was made of (pipeline/source-cache.ts): not hashed again. */
export function knowOwnKey(page: ValidatedPage, key: string): void {
  ownKeys.set(page, key);
}

function ownKeyOf(page: ValidatedPage): string {
  const { route, title, description, template, noindex, data, source, lastmod, output, sourcePage } = page;
  const summary = [route, title, description, template, noindex, data, source, lastmod ?? null, output ?? null];
  // The body is the end of the text, and where it starts is the text's too: the text's hash holds both.
  return hash(JSON.stringify([summary, textHashOf(sourcePage), sourcePage.bodyLineOffset]));
}

/** What every page of a pass shares besides what it reads: the site's code, the browser bundle, the URLs. */
export function sharedKey(siteCode: string, context: RenderContext): string {
  const { client, base, origin, snippet, timeZone } = context;
  return hash(JSON.stringify([siteCode, client, base, origin, snippet, timeZone]));
}

/** The search index the pages of the second pass show (none in the first). */
export const indexKey = (context: RenderContext): string => JSON.stringify(context.searchIndex ?? null);

/** The site's code, as a key: hashed once while it is the same code (a dev session's saves of content). */
export function siteCodeOf(code: string): string {
  if (lastCode?.code !== code) lastCode = { code, key: hash(code) };
  return lastCode.key;
}

let lastCode: { code: string; key: string } | undefined;

/** A read's path as a volunteer would recognise it: `data.menu.items.2.label`, `the route /kurs`. */
export function shownRead(path: string, contentFolder: string): string {
  const [kind = '', ...parts] = path.split(SEP);
  const last = parts.at(-1) ?? '';
  const tail =
    last === KEYS
      ? [...parts.slice(0, -1), '(its fields)']
      : last.startsWith(HAS)
        ? [...parts.slice(0, -1), last.slice(1)]
        : parts;
  if (kind === 'd') return `data.${tail.join('.')}`;
  if (kind === 'p') return `the page list (${tail.join('.')})`;
  if (kind === 'r') return `the route ${parts.join('')}`;
  if (kind === 'a') return `${contentFolder}/${parts.join('')}`;
  if (kind === 'f') return `the photo ${contentFolder}/${parts.join('')}`;
  if (kind === 'c') return `the folder ${contentFolder}/${parts.join('')}/`;
  return path;
}
