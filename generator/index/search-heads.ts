/**
 * A word's head: the few documents a query for the word is likely to list first, whose title,
 * URL and start go into the word's postings part (split-index.ts). A common word's postings
 * and its first hits then come in one round of fetches, not two: the browser ranks with the
 * postings as before and takes a hit's text from a head when one holds it, from the documents'
 * parts otherwise. A head only saves a fetch; it never changes what is found or its order.
 */

/** Documents of a head ranked by how often the word is in them; as many again by document order. */
export const HEAD_SIZE = 4;

/**
 * Documents from which words have heads. Below, a query's hits are in a handful of small
 * documents' parts, and every postings part would carry most of the documents again (the
 * club's search would double in size).
 */
export const HEADS_FROM = 1000;

/**
 * The head of a word from its postings ([document, times × 4 + title 2 + text 1, …], in
 * document order): the documents with the word in the title first, then in the text too,
 * then the most often (the order of a query for the word itself), and the first in document
 * order among those with the word in the title (the order of a typo's or a longer word's
 * matches, which tie on everything else). Sorted by number, each once.
 */
export function headOf(pairs: number[], size = HEAD_SIZE): number[] {
  const often = new Best(size, (doc, code, other) => rankOf(other.code) - rankOf(code) || doc - other.doc);
  const first = new Best(size, (doc, code, other) => (other.code & 3) - (code & 3) || doc - other.doc);
  for (let at = 0; at < pairs.length; at += 2) {
    const doc = pairs[at] ?? 0;
    const code = pairs[at + 1] ?? 0;
    often.offer(doc, code);
    first.offer(doc, code);
  }
  return [...new Set([...often.items, ...first.items].map(({ doc }) => doc))].sort((a, b) => a - b);
}

interface Entry {
  doc: number;
  code: number;
}

/** Title first, then text, then times: one number, larger is better. */
const rankOf = (code: number) => (code & 3) * 2 ** 40 + (code >> 2);

/**
 * The best `size` entries seen, in order: one pass over a long list, no sort of all of it. An
 * entry is made only for a document that gets in (`before` < 0: it goes before `other`).
 */
class Best {
  readonly items: Entry[] = [];
  constructor(
    readonly size: number,
    readonly before: (doc: number, code: number, other: Entry) => number,
  ) {}

  offer(doc: number, code: number): void {
    const { items, size, before } = this;
    const last = items[items.length - 1];
    if (items.length === size && last && before(doc, code, last) >= 0) return;
    let at = items.length;
    while (at > 0 && before(doc, code, items[at - 1] as Entry) < 0) at -= 1;
    items.splice(at, 0, { doc, code });
    if (items.length > size) items.pop();
  }
}
