/**
 * `npm run bench -- search-relevance`: how often the first five hits are the pages a parent
 * looks for. Searches the real club site, built in memory, with the browser's own search over
 * its split index, for each query of search-relevance.yaml, and prints precision at 5, how
 * many queries have the page the list names first among the first three hits, and the index's
 * gzip bytes (relevance bought with a bigger index shows here).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { PAGE_SIZE } from '../../site/widgets/search-results.ts';
import { indexedDocuments, manifestPathOf, partsOf, searchOver } from '../support/search-index.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';
import { printTable } from './table.ts';

interface Judgement {
  query: string;
  note?: string;
  /** The hits a parent would be glad to see among the first five. */
  first: string[];
}

const SHOWN = 5;
/** A query «finds its page» when the first URL its list names is among this many first hits. */
export const LEADING = 3;

export async function benchSearchRelevance(): Promise<void> {
  const judgements = parse(
    await readFile(path.join(projectRoot, 'tests/bench/search-relevance.yaml'), 'utf8'),
  ) as Judgement[];
  const result = await buildSite('2025-12-10T18:00');
  const urls = new Set(indexedDocuments(result.files).map((document) => document.url));
  const stale = judgements.flatMap(({ query, first }) =>
    first.filter((url) => !urls.has(url)).map((url) => `${query}: ${url}`),
  );
  if (stale.length > 0)
    throw new Error(`search-relevance.yaml names hits the index does not hold:\n${stale.join('\n')}`);

  const { search } = searchOver(result.files);
  const rows: Array<Array<string | number>> = [['query', 'hits', 'first five', 'P@5', 'P@5 of possible', 'top 3']];
  let sum = 0;
  let sumPossible = 0;
  let leading = 0;
  for (const { query, first } of judgements) {
    // The first page of hits, as the search page asks for it: a title that is just the query leads it.
    const { total, hits } = await search(query, PAGE_SIZE);
    const top = hits.slice(0, SHOWN).map((hit) => first.includes(hit.url));
    const right = top.filter(Boolean).length;
    // Plain precision at 5 counts an empty place as a miss; «of possible» divides by the places
    // the list's right answers could fill, so a query with two right pages can reach 1.
    const precision = right / SHOWN;
    const possible = right / Math.min(SHOWN, first.length);
    sum += precision;
    sumPossible += possible;
    const found = hits.slice(0, LEADING).some((hit) => hit.url === first[0]);
    if (found) leading += 1;
    rows.push([query, total, marks(top), precision.toFixed(2), possible.toFixed(2), found ? '✓' : '✗']);
  }
  const mean = (value: number) => (value / judgements.length).toFixed(3);
  rows.push(['mean', '', '', mean(sum), mean(sumPossible), `${leading}/${judgements.length}`]);
  console.log(`${judgements.length} queries; ✓ a page the list names, ✗ another, · no hit.`);
  console.log(`top 3: the first page the list names is among the first ${LEADING} hits.`);
  printTable(rows);
  console.log(`search index: ${indexGzipBytes(result.files)} bytes gzip (manifest and every part).`);
}

/** The search index's bytes as gzip (level 6) sends them: the manifest and every part, each on its own. */
function indexGzipBytes(files: Map<string, string | Uint8Array>): number {
  const manifest = manifestPathOf(files);
  return [manifest, ...partsOf(files, manifest)].reduce((total, file) => {
    const data = files.get(file) ?? '';
    return total + gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: 6 }).byteLength;
  }, 0);
}

/** ✓ for a right hit, ✗ for another, · for a place with no hit. */
function marks(top: boolean[]): string {
  return Array.from({ length: SHOWN }, (_, at) => (at < top.length ? (top[at] ? '✓' : '✗') : '·')).join('');
}
