const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

/** Elements whose contents a visitor never reads as text: code, styles, templates, drawings. */
const UNREAD = /<(script|style|template|svg)\b[^>]*>[\s\S]*?<\/\1>/gi;

/** Tags inside a line of text: removing them must not split a word («<strong>S</strong>vøm» is «Svøm»). */
const INLINE_TAG = /<\/?(a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var|wbr)\b[^>]*>/gi;

/** The text a visitor reads in a piece of HTML: no tags, scripts or styles, entities decoded, spaces folded. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(UNREAD, ' ')
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower] ?? match;
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
      return match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The inner HTML of the page's <main>, where its own content is (the frame is left out). */
export function mainOfHtml(html: string): string {
  const start = html.search(/<main\b/i);
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end === -1) return html;
  return html.slice(html.indexOf('>', start) + 1, end);
}
