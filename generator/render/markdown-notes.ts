import type MarkdownIt from 'markdown-it';
import type Anchor from 'markdown-it-anchor';
import type Footnote from 'markdown-it-footnote';
import type { RenderRule } from 'markdown-it/lib/renderer.mjs';
import type { MarkdownLabels, SearchSection } from '../contract/index.ts';
import { lazyPackage } from '../lazy-package.ts';
import { anchorHeadings } from './markdown-sections.ts';

/** The two plugins, loaded with markdown-it itself (markdown.ts). */
const anchorPlugin = lazyPackage<typeof Anchor>('markdown-it-anchor');
const footnotePlugin = lazyPackage<typeof Footnote>('markdown-it-footnote');

/** What a render hands its plugins: the site's words for them, and where the `##` sections go. */
export interface MarkdownEnv {
  labels: MarkdownLabels;
  sections: SearchSection[];
}

/** For a site that names none: what a screen reader says for footnotes and heading links. */
export const ENGLISH_LABELS: MarkdownLabels = {
  footnote: (number) => `Footnote ${number}`,
  footnotes: 'Footnotes',
  backToText: (number) => `Back to footnote ${number} in the text`,
  headingLink: (heading) => `Link to «${heading}»`,
};

/** A chain-link icon: seen, never read (the link's name says what it is). */
const LINK_ICON =
  '<svg class="heading-anchor__icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"/></svg>';

/**
 * Footnotes (`Tekst[^1]` … `[^1]: Note.`, markdown-it-footnote) and a link beside each `##`
 * and `###` heading that a visitor can copy (markdown-it-anchor, its accessible «link after
 * the heading» form). Headings keep the ids `anchorHeadings` gives them (the search index's
 * anchors); markdown-it-anchor keeps an id a heading has. Everything a visitor's screen reader
 * hears comes from the site's labels, read from the render's env.
 */
export function addNotesAndAnchors(md: MarkdownIt): void {
  md.use(footnotePlugin());
  const rules = md.renderer.rules;
  const numberOf = (meta: { id: number }) => meta.id + 1;
  // The same ids as the plugin's (fn1, fnref1, fnref1:1); the words are the site's.
  const refId = (meta: { id: number; subId: number }) => `${numberOf(meta)}${meta.subId > 0 ? `:${meta.subId}` : ''}`;
  rules.footnote_ref = ((tokens, index, _options, env: MarkdownEnv) => {
    const meta = tokens[index]?.meta;
    const label = md.utils.escapeHtml(env.labels.footnote(numberOf(meta)));
    return `<sup class="footnote-ref"><a href="#fn${numberOf(meta)}" id="fnref${refId(meta)}" aria-label="${label}">${numberOf(meta)}</a></sup>`;
  }) satisfies RenderRule;
  rules.footnote_block_open = ((_tokens, _index, _options, env: MarkdownEnv) =>
    `<section class="footnotes" aria-label="${md.utils.escapeHtml(env.labels.footnotes)}">\n<ol class="footnotes-list">\n`) satisfies RenderRule;
  rules.footnote_anchor = ((tokens, index, _options, env: MarkdownEnv) => {
    const meta = tokens[index]?.meta;
    const label = md.utils.escapeHtml(env.labels.backToText(numberOf(meta)));
    // ↩ with U+FE0E, so that iOS does not draw it as an emoji.
    return ` <a href="#fnref${refId(meta)}" class="footnote-backref" aria-label="${label}">\u21a9\uFE0E</a>`;
  }) satisfies RenderRule;

  // Ids first (after footnote_tail has moved the notes to the end: they are no section's text),
  // then markdown-it-anchor's links, which read them.
  md.core.ruler.push('heading_ids', (state) => {
    const notes = state.tokens.findIndex((token) => token.type === 'footnote_block_open');
    (state.env as MarkdownEnv).sections.push(
      ...anchorHeadings(notes === -1 ? state.tokens : state.tokens.slice(0, notes)),
    );
  });
  const anchor = anchorPlugin();
  md.use(anchor, {
    level: [2, 3],
    // Headings are not made focusable: they are as they were before they had links.
    tabIndex: false,
    permalink: (slug, options, state, index) =>
      anchor.permalink.linkAfterHeader({
        style: 'aria-label',
        class: 'heading-anchor__link',
        symbol: LINK_ICON,
        assistiveText: (title) => (state.env as MarkdownEnv).labels.headingLink(title),
        wrapper: ['<div class="heading-anchor">', '</div>'],
      })(slug, options, state, index),
  });
}
