/**
 * Word numbers in the order of their words (UTF-16 code units, as the index's parts are cut
 * by). A kept index keeps its words in that order and a merge adds new words after them
 * (merge-postings.ts), so the list is that order but for a short tail: sorting only the tail
 * and merging it in compares each word once or twice, where sorting 40,000 words compares each
 * fifteen times.
 */

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The numbers of `words` (each word once), ordered by word. */
export function nameOrder(words: readonly string[]): number[] {
  let sorted = 1;
  while (sorted < words.length && (words[sorted - 1] as string) < (words[sorted] as string)) sorted += 1;
  if (sorted >= words.length) return Array.from(words, (_, id) => id);
  const tail = Array.from({ length: words.length - sorted }, (_, at) => sorted + at).sort((a, b) =>
    byName(words[a] as string, words[b] as string),
  );
  const order: number[] = [];
  let head = 0;
  let next = 0;
  while (head < sorted && next < tail.length) {
    const other = tail[next] as number;
    if ((words[head] as string) < (words[other] as string)) order.push(head++);
    else {
      order.push(other);
      next += 1;
    }
  }
  while (head < sorted) order.push(head++);
  while (next < tail.length) order.push(tail[next++] as number);
  return order;
}
