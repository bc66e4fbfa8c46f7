import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { MarkdownLabels, SearchSection } from '../contract/index.ts';
import { lazyPackage } from '../lazy-package.ts';
import { ENGLISH_LABELS, type MarkdownEnv, addNotesAndAnchors } from './markdown-notes.ts';

export interface MarkdownLinks {
  /**
   * A link's target (percent-encoded by markdown-it) → the URL to publish; the caller checks
   * it and reports a problem at `line`.
   */
  link: (href: string, line: number) => string;
  /** An image's source as written → the URL to publish. */
  image: (src: string, line: number) => string;
  /** A URL in raw HTML (pages that allow it) and its attribute: checked, left as written. */
  raw: (url: string, line: number, attribute: string) => void;
  /** The markup for an image that is a processed photo (render/photos.ts), else undefined. */
  picture?: (file: string, alt: string, line: number) => string | undefined;
}

/** markdown-it: loaded with the first page that renders text (a nightly build's pages may render none). */
const markdownIt = lazyPackage<typeof MarkdownIt>('markdown-it');
let made: { safe: MarkdownIt; html: MarkdownIt } | undefined;

/** The two renderers (raw HTML shown as text, or allowed), made when first asked. */
function renderers(): { safe: MarkdownIt; html: MarkdownIt } {
  if (made) return made;
  const Renderer = markdownIt();
  made = {
    safe: new Renderer({ html: false, linkify: false, typographer: false }),
    html: new Renderer({ html: true, linkify: false, typographer: false }),
  };
  // markdown-it silently turns a link it does not trust (javascript:, data:) into text; every
  // link is handed to the caller instead, which fails the build on an unsafe one at its line.
  for (const md of Object.values(made)) md.validateLink = () => true;
  for (const md of Object.values(made)) addNotesAndAnchors(md);
  // A processed photo is rendered as the <picture> its token carries.
  for (const md of Object.values(made)) {
    const image = md.renderer.rules.image;
    md.renderer.rules.image = (tokens, index, options, env, self) =>
      (tokens[index]?.meta?.picture as string | undefined) ??
      (image ? image(tokens, index, options, env, self) : self.renderToken(tokens, index, options));
  }
  return made;
}

/**
 * CommonMark to HTML with markdown-it. Raw HTML is shown as text unless the page allows it.
 * Every link and image target goes through `links` with its line in the file, and is
 * published as `links` returns it. Headings get stable ids (their slug) and a link to copy, and
 * the page's `##` sections are handed back in `sections`; footnotes get numbers and links both
 * ways. What a screen reader says for those links is the site's `labels`.
 */
export function renderMarkdown(
  body: string,
  options: {
    allowHtml: boolean;
    bodyLineOffset: number;
    links: MarkdownLinks;
    sections?: SearchSection[];
    labels?: MarkdownLabels | undefined;
  },
): string {
  const md = options.allowHtml ? renderers().html : renderers().safe;
  // Headings get ids; the `##` sections go to the search index as parts of their own.
  const env: MarkdownEnv = { labels: options.labels ?? ENGLISH_LABELS, sections: options.sections ?? [] };
  const tokens = md.parse(body, env);
  for (const block of tokens) {
    let line = (block.map?.[0] ?? 0) + 1 + options.bodyLineOffset;
    if (block.type === 'html_block') rawUrls(block.content, line, options.links);
    for (const token of block.children ?? []) {
      if (token.type === 'softbreak' || token.type === 'hardbreak') line += 1;
      else rewrite(token, line, options.links);
    }
  }
  return md.renderer.render(tokens, md.options, env);
}

function rewrite(token: Token, line: number, links: MarkdownLinks): void {
  if (token.type === 'link_open') {
    token.attrSet('href', links.link(token.attrGet('href') ?? '', line));
  } else if (token.type === 'image') {
    const src = token.attrGet('src') ?? '';
    const picture = links.picture?.(src.replace(/^\/+/, ''), token.content, line);
    if (picture !== undefined) token.meta = { ...token.meta, picture };
    else token.attrSet('src', links.image(src, line));
  } else if (token.type === 'html_inline') {
    rawUrls(token.content, line, links);
  }
}

function rawUrls(html: string, firstLine: number, links: MarkdownLinks): void {
  for (const match of html.matchAll(
    /\b(href|src|action|formaction|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
  )) {
    const line = firstLine + (html.slice(0, match.index).match(/\n/g)?.length ?? 0);
    links.raw(match[2] ?? match[3] ?? match[4] ?? '', line, (match[1] ?? '').toLowerCase());
  }
}
