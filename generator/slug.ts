/** Letters that do not fall apart into a base letter and a mark, written out in plain a-z. */
const SPELLED_OUT: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', þ: 'th' };

/**
 * The one slug of clubsite: a text as plain a-z and digits joined by hyphens, stable as long
 * as the text is. Headings' and questions' anchors, tags in addresses and the names suggested
 * for page files all come from it ('Hvor trener vi?' → 'hvor-trener-vi', 'Bølger på sjøen' →
 * 'bolger-pa-sjoen', 'Lærer' → 'laerer', 'Œuvre' → 'oeuvre', 'Straße' → 'strasse').
 */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[æøœßđłþ]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
