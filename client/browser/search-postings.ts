/** Finding a word and its postings among the parts of the split index (client/search-index.ts reads them). */
import { type PostingsPart, partFile, type RareWordsPart, type SearchManifest } from '../shared/search-index-format.ts';

/** Fetches a part of the index by its path (as the manifest names it). */
export type LoadPart = (file: string) => Promise<unknown>;

/**
 * The matched words, best first, whose postings lie in at most `most` parts: on a big site a
 * short query can match thousands of words all over the alphabet, and the best matches are
 * the ones a visitor looks for. A site whose postings fit in `most` parts loses nothing. A
 * rare word's postings come with it, in no extra part.
 */
export function withinParts<Match extends { refIndex: number }>(
  manifest: SearchManifest,
  matches: Match[],
  most: number,
): Match[] {
  const parts = new Set<number>();
  return matches.filter(({ refIndex }) => {
    if (refIndex >= manifest.words.length) return true;
    const part = partOf(manifest.postings, refIndex);
    if (!parts.has(part) && parts.size >= most) return false;
    parts.add(part);
    return true;
  });
}

/** The number of the part that holds a word: the last whose first word is at or before it. */
function partOf(starts: number[], word: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= word) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The postings of the word with this number: [step to document, times × 4 + title 2 + text 1, …]. */
export async function postingsOf(manifest: SearchManifest, word: number, part: LoadPart): Promise<number[]> {
  if (word >= manifest.words.length) {
    const number = partOf(
      manifest.rare.map(([, from]) => from),
      word,
    );
    const data = (await part(partFile(manifest, 'r', number))) as RareWordsPart;
    return data.lists[word - (manifest.rare[number]?.[1] ?? 0)] ?? [];
  }
  const number = partOf(manifest.postings, word);
  const data = (await part(partFile(manifest, 'w', number))) as PostingsPart;
  return data.lists[word - (manifest.postings[number] ?? 0)] ?? [];
}

/** The parts of rare words that may hold words starting with the token's first letter: [file, number of its first word]. */
export function rareParts(manifest: SearchManifest, token: string): Array<[file: string, from: number]> {
  const first = token.slice(0, 1);
  const last = `${first}\uffff`;
  return manifest.rare.flatMap(([start, from], at) => {
    const next = manifest.rare[at + 1]?.[0];
    return start <= last && (next === undefined || next > first) ? [[partFile(manifest, 'r', at), from]] : [];
  });
}
