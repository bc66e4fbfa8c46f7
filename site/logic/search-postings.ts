/** Finding a word and its postings among the parts of the split index (site-search.ts reads them). */
import type { LoadPart, SearchManifest } from './site-search.ts';

/**
 * The matched words, best first, whose postings lie in at most `most` parts: on a big site a
 * short query can match thousands of words all over the alphabet, and the best matches are
 * the ones a visitor looks for. A site whose postings fit in `most` parts loses nothing.
 */
export function withinParts<Match extends { refIndex: number }>(
  manifest: SearchManifest,
  matches: Match[],
  most: number,
): Match[] {
  const parts = new Set<number>();
  return matches.filter(({ refIndex }) => {
    const part = partOf(manifest, refIndex);
    if (!parts.has(part) && parts.size >= most) return false;
    parts.add(part);
    return true;
  });
}

/** The number of the postings part that holds a word: the last that starts at or before it. */
function partOf(manifest: SearchManifest, word: number): number {
  let low = 0;
  let high = manifest.postings.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((manifest.postings[middle]?.[0] ?? 0) <= word) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The postings of the word with this number: [step to document, times × 4 + title 2 + text 1, …]. */
export async function postingsOf(manifest: SearchManifest, word: number, part: LoadPart): Promise<number[]> {
  const [from = 0, file = ''] = manifest.postings[partOf(manifest, word)] ?? [];
  const data = (await part(file)) as { lists: number[][] };
  return data.lists[word - from] ?? [];
}

/** The parts of rare words that may hold words starting with the token's first letter. */
export function rareParts(manifest: SearchManifest, token: string): SearchManifest['rare'] {
  const first = token.slice(0, 1);
  const last = `${first}\uffff`;
  return manifest.rare.filter(([start], at) => {
    const next = manifest.rare[at + 1]?.[0];
    return start <= last && (next === undefined || next > first);
  });
}
