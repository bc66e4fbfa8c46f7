import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { SearchSection } from '../contract.ts';
import { isExternal } from '../urls.ts';
import { anchorHeadings } from './markdown-sections.ts';

export interface MarkdownLinks {
  href: (route: string) => string;
  asset: (file: string, line: number) => string;
}

const renderers = {
  safe: new MarkdownIt({ html: false, linkify: false, typographer: false }),
  html: new MarkdownIt({ html: true, linkify: false, typographer: false }),
};

/**
 * CommonMark to HTML with markdown-it. Raw HTML is shown as text unless the page allows it.
 * Internal links get the base path and trailing slash; images under content/ get their hashed
 * asset URL; external links are left as written. Headings get stable ids (their slug), and the
 * page's `##` sections are handed back in `sections`.
 */
export function renderMarkdown(
  body: string,
  options: { allowHtml: boolean; bodyLineOffset: number; links: MarkdownLinks; sections?: SearchSection[] },
): string {
  const md = options.allowHtml ? renderers.html : renderers.safe;
  const tokens = md.parse(body, {});
  // Headings get ids; the `##` sections go to the search index as parts of their own.
  options.sections?.push(...anchorHeadings(tokens));
  for (const block of tokens) {
    const line = (block.map?.[0] ?? 0) + 1 + options.bodyLineOffset;
    for (const token of block.children ?? []) rewrite(token, line, options.links);
  }
  return md.renderer.render(tokens, md.options, {});
}

function rewrite(token: Token, line: number, links: MarkdownLinks): void {
  if (token.type === 'link_open') {
    const href = token.attrGet('href') ?? '';
    if (href.startsWith('/')) token.attrSet('href', links.href(href));
  } else if (token.type === 'image') {
    const src = token.attrGet('src') ?? '';
    if (!isExternal(src)) token.attrSet('src', links.asset(src.replace(/^\/+/, ''), line));
  }
}
