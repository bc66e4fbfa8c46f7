/** Finding a word and its postings among the parts of the split index (site-search.ts reads them). */
import type { LoadPart, SearchManifest } from './site-search.ts';

/** A part's file, relative to the manifest: postings (w), rare words (r) or documents (d), by number. */
export function partFile(manifest: SearchManifest, kind: 'w' | 'r' | 'd', number: number): string {
  return `search/${manifest.build}/${kind}-${number}.json`;
}

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
    if ((manifest.postings[middle] ?? 0) <= word) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The postings of the word with this number: [step to document, times × 4 + title 2 + text 1, …]. */
export async function postingsOf(manifest: SearchManifest, word: number, part: LoadPart): Promise<number[]> {
  const number = partOf(manifest, word);
  const data = (await part(partFile(manifest, 'w', number))) as { lists: number[][] };
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
