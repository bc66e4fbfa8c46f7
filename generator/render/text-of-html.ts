const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

/** The text a visitor reads in a piece of HTML: no tags, scripts or styles, entities decoded, spaces folded. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
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
