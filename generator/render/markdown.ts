import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { isExternal } from '../urls.ts';

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
 * asset URL; external links are left as written.
 */
export function renderMarkdown(body: string, options: { allowHtml: boolean; bodyLineOffset: number; links: MarkdownLinks }): string {
  const md = options.allowHtml ? renderers.html : renderers.safe;
  const tokens = md.parse(body, {});
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
