/**
 * Word numbers in the order of their words (UTF-16 code units, as the index's parts are cut
 * by). A kept index keeps its words in that order and a merge adds new words after them
 * (merge-postings.ts), so the list is that order but for a short tail: sorting only the tail
 * and putting each of its words in place by halving compares a few words, where sorting 40,000
 * words compares each fifteen times.
 */

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The numbers of `words` (each word once), ordered by word. `inOrder`: how many words from the
 * first are known to be in order already (a merge's words from a kept index), not compared.
 */
export function nameOrder(words: readonly string[], inOrder = 0): number[] {
  let sorted = Math.max(1, inOrder);
  while (sorted < words.length && (words[sorted - 1] as string) < (words[sorted] as string)) sorted += 1;
  const order: number[] = [];
  if (sorted >= words.length) {
    for (let id = 0; id < words.length; id += 1) order.push(id);
    return order;
  }
  const tail = Array.from({ length: words.length - sorted }, (_, at) => sorted + at).sort((a, b) =>
    byName(words[a] as string, words[b] as string),
  );
  // Each tail word's place among the sorted ones found by halving, the run before it copied.
  let head = 0;
  for (const other of tail) {
    const low = placeOf(words, words[other] as string, head, sorted);
    for (; head < low; head += 1) order.push(head);
    order.push(other);
  }
  for (; head < sorted; head += 1) order.push(head);
  return order;
}

/** The first place in `words` [low, high), which are in name order, whose word is not before `word` (found by halving). */
export function placeOf(words: readonly string[], word: string, low = 0, high = words.length): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
