import type Token from 'markdown-it/lib/token.mjs';
import type { SearchSection } from '../contract/index.ts';
import { slugOf } from '../slug.ts';
import { foldSpaces } from '../text-of-html.ts';

/**
 * Gives every heading of a Markdown page a stable id (its slug; a second «Spørsmål?» gets
 * «sporsmal-2») and returns each `##` section as data: its heading, anchor and text, up to the
 * next `##`. The search index makes a document of each, so a hit leads to the part of the page
 * that matched, with no parsing of the finished HTML.
 */
export function anchorHeadings(tokens: Token[]): SearchSection[] {
  const used = new Map<string, number>();
  const sections: SearchSection[] = [];
  let current: { section: SearchSection; parts: string[] } | undefined;
  const close = () => {
    if (current) sections.push({ ...current.section, text: foldSpaces(current.parts.join(' ')) });
    current = undefined;
  };
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const title = inlineText(tokens[index + 1]);
      const base = slugOf(title) || 'del';
      const seen = (used.get(base) ?? 0) + 1;
      used.set(base, seen);
      const anchor = seen === 1 ? base : `${base}-${seen}`;
      token.attrSet('id', anchor);
      if (token.tag === 'h2') {
        close();
        current = { section: { anchor, title, text: '' }, parts: [] };
        return;
      }
      if (token.tag === 'h1') close();
    }
    // The section's text: everything under its heading (sub-headings included), not the heading itself.
    if (current && token.type === 'inline' && tokens[index - 1]?.tag !== 'h2') current.parts.push(inlineText(token));
  });
  close();
  return sections;
}

/** The words of an inline token, without markup. */
function inlineText(token: Token | undefined): string {
  if (!token) return '';
  const children = token.children ?? [];
  if (children.length === 0) return token.content;
  return children
    .map((child) =>
      child.type === 'text' || child.type === 'code_inline'
        ? child.content
        : child.type === 'softbreak' || child.type === 'hardbreak'
          ? ' '
          : '',
    )
    .join('');
}
