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
export function headOf(pairs: ArrayLike<number>, size = HEAD_SIZE): number[] {
  const often = new Best(size);
  const first = new Best(size);
  for (let at = 0; at < pairs.length; at += 2) {
    const doc = pairs[at] ?? 0;
    const code = pairs[at + 1] ?? 0;
    often.offer(doc, rankOf(code));
    first.offer(doc, code & 3);
  }
  return [...new Set([...often.docs, ...first.docs])].sort((a, b) => a - b);
}

/** Title first, then text, then times: one number, larger is better. */
const rankOf = (code: number) => (code & 3) * 2 ** 40 + (code >> 2);

/**
 * The `size` documents of the highest rank seen, in order. Documents come in document order,
 * so of two with the same rank the one seen first stays ahead: a document that does not rank
 * above the last one kept is passed over at once, which is nearly all of a long list.
 */
class Best {
  readonly docs: number[] = [];
  readonly #ranks: number[] = [];
  constructor(readonly size: number) {}

  offer(doc: number, rank: number): void {
    const ranks = this.#ranks;
    let at = ranks.length;
    if (at === this.size && rank <= (ranks[at - 1] ?? 0)) return;
    while (at > 0 && rank > (ranks[at - 1] ?? 0)) at -= 1;
    ranks.splice(at, 0, rank);
    this.docs.splice(at, 0, doc);
    if (ranks.length > this.size) {
      ranks.pop();
      this.docs.pop();
    }
  }
}
