/**
 * Which words the manifest holds: the `count` most frequent, ties going to the word first in
 * name order (as a stable sort of the words in name order by frequency would pick them). Told
 * by a histogram of the frequencies, not a sort: a sort of a large site's words by frequency
 * was the split's largest cost when nearly nothing changed.
 */
export function commonWords(byName: readonly number[], counts: Int32Array, count: number): Uint8Array {
  const isCommon = new Uint8Array(counts.length);
  if (count <= 0) return isCommon;
  // Indexed loops: run once a build, over 40,000 words, before any is compiled (an iterator costs more there).
  let most = 0;
  for (let id = 0; id < counts.length; id += 1) if ((counts[id] as number) > most) most = counts[id] as number;
  const histogram = new Int32Array(most + 1);
  for (let id = 0; id < counts.length; id += 1) {
    const frequency = counts[id] as number;
    histogram[frequency] = (histogram[frequency] as number) + 1;
  }
  // The least frequency a common word has, and how many words of it are common.
  let least = most;
  let above = 0;
  while (least > 0 && above + (histogram[least] ?? 0) < count) {
    above += histogram[least] ?? 0;
    least -= 1;
  }
  let atLeast = count - above;
  for (let at = 0; at < byName.length; at += 1) {
    const id = byName[at] as number;
    const frequency = counts[id] ?? 0;
    if (frequency > least) isCommon[id] = 1;
    else if (frequency === least && atLeast > 0) {
      isCommon[id] = 1;
      atLeast -= 1;
    }
  }
  return isCommon;
}
