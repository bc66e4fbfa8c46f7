import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { isExternal } from '../urls.ts';

export interface MarkdownLinks {
  href: (route: string) => string;
  asset: (file: string, line: number) => string;
  /** The markup for an image that is a processed photo (render/photos.ts), else undefined. */
  picture?: (file: string, alt: string, line: number) => string | undefined;
}

const renderers = {
  safe: new MarkdownIt({ html: false, linkify: false, typographer: false }),
  html: new MarkdownIt({ html: true, linkify: false, typographer: false }),
};
for (const md of Object.values(renderers)) {
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, index, options, env, self) =>
    (tokens[index]?.meta?.picture as string | undefined) ?? image(tokens, index, options, env, self);
}

/**
 * CommonMark to HTML with markdown-it. Raw HTML is shown as text unless the page allows it.
 * Internal links get the base path and trailing slash; images under content/ get their hashed
 * asset URL; external links are left as written.
 */
export function renderMarkdown(
  body: string,
  options: { allowHtml: boolean; bodyLineOffset: number; links: MarkdownLinks },
): string {
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
    if (isExternal(src)) return;
    const file = src.replace(/^\/+/, '');
    const picture = links.picture?.(file, token.content, line);
    if (picture !== undefined) token.meta = { ...token.meta, picture };
    else token.attrSet('src', links.asset(file, line));
  }
}
