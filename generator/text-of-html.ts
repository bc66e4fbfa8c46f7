import type * as Entities from 'entities';
import { lazyPackage } from './lazy-package.ts';

/**
 * entities' CommonJS build, loaded when first used: markdown-it requires that build, and the
 * ESM one imported beside it was a second copy of the same tables loaded at every start.
 */
const entities = lazyPackage<typeof Entities>('entities');

/** Raw-text elements: their contents are code, never text, and may hold anything but their end tag. */
const RAW_TEXT = /<(script|style|template|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** A comment, or a tag with its name and attributes (quoted values may hold `>`). */
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Elements whose contents a visitor does not read as text on the page: drawings, no-script fallbacks. */
const UNREAD = new Set(['svg', 'math', 'noscript', 'iframe', 'object', 'canvas', 'audio', 'video']);

/** Tags inside a line of text: removing them must not split a word («<strong>S</strong>vøm» is «Svøm»). */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

const MAY_HIDE = /hidden|sr-only|footnote-/i;

/**
 * Whether an element is out of sight: `hidden` (shown later by a script, if at all), or text
 * only for screen readers (`visually-hidden`, `sr-only`), which annotates what is visible. A
 * footnote's number and its way back (Markdown's `footnote-ref`, `footnote-backref`) lead
 * elsewhere on the page and are no words: a snippet would read «tekst1» and «Note. ↩».
 */
function unseen(name: string, attributes: string): boolean {
  if (UNREAD.has(name)) return true;
  // Most tags say neither: one scan for them, not three.
  if (!MAY_HIDE.test(attributes)) return false;
  const bare = attributes.replace(/"[^"]*"|'[^']*'/g, '""');
  if (/(?:^|\s)hidden(?![\w-])/i.test(bare)) return true;
  const className = /(?:^|\s)class\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
  return /(?:^|\s)(?:visually-hidden|sr-only|footnote-ref|footnote-backref)(?:\s|$)/.test(
    className?.[1] ?? className?.[2] ?? '',
  );
}

/** The HTML with every element a visitor does not see left out (see `unseen`), and comments gone. */
function visibleHtml(html: string): string {
  let out = '';
  let last = 0;
  let skipping: { name: string; depth: number } | undefined;
  const source = html.replace(RAW_TEXT, ' ');
  for (const match of source.matchAll(TAG)) {
    const [tag, closing = '', rawName = '', attributes = ''] = match;
    const name = rawName.toLowerCase();
    const opens = rawName !== '' && closing === '' && !VOID.has(name) && !attributes.trimEnd().endsWith('/');
    if (skipping) {
      if (name === skipping.name) skipping.depth += opens ? 1 : closing === '/' ? -1 : 0;
      if (skipping.depth === 0) skipping = undefined;
    } else {
      out += source.slice(last, match.index);
      if (rawName === '') out += ' ';
      else if (opens && unseen(name, attributes)) {
        out += INLINE.has(name) ? '' : ' ';
        skipping = { name, depth: 1 };
      } else out += INLINE.has(name) ? '' : ' ';
    }
    last = match.index + tag.length;
  }
  if (!skipping) out += source.slice(last);
  return out;
}

/** Where spaces are folded: a run of two or more, or one that is not a plain space (most are one plain space already). */
const SPACES = /\s{2,}|[^\S ]/g;

/** Every run of white space as one plain space, and none at either end. */
export function foldSpaces(text: string): string {
  return text.replace(SPACES, ' ').trim();
}

const SOFT_HYPHENS = /\u00ad/g;

/**
 * The text a visitor reads in a piece of HTML: no tags, scripts or hidden elements, entities
 * decoded as a browser decodes them in text (every named entity of the HTML standard, by
 * `entities`, which markdown-it already brings), spaces folded.
 *
 * Tags are found by the scanner above rather than a real HTML parser (issue 30): the HTML read
 * here is the build's own (React and markdown-it output, well formed), where a scanner is
 * exact, and a parser costs twice the time. Measured on the text of N synthetic pages (the
 * bench's Markdown, rendered by renderMarkdown), the best of 10 runs (4 at 10,000) on this machine:
 *
 *   pages    22-entry table (before)   entities (now)   htmlparser2 12, same rules
 *   1,000            38.4 ms               36.3 ms              88.4 ms
 *   10,000          401.7 ms              386.9 ms             932.8 ms
 *
 * with the same text from all three on every page. The old table left `&uuml;`, `&euro;` or
 * `&rsquo;` as written. Markdown tokens were no candidate: template pages have none.
 */
export function textOfHtml(html: string): string {
  // A soft hyphen (`&shy;`) is where a long word may break, not a letter: «Ære&shy;full» is found as «Ærefull».
  return foldSpaces(entities().decodeHTML(visibleHtml(html)).replace(SOFT_HYPHENS, ''));
}

/** The inner HTML of the page's <main>, where its own content is (the frame is left out). */
export function mainOfHtml(html: string): string {
  const start = html.search(/<main\b/i);
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end === -1) return html;
  return html.slice(html.indexOf('>', start) + 1, end);
}
