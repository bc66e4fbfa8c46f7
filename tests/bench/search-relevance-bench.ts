/**
 * `npm run bench -- search-relevance`: how often the first five hits are the pages a parent
 * looks for. Searches the real club site, built in memory, with the browser's own search over
 * its split index, for each query of search-relevance.yaml, and prints precision at 5.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { PAGE_SIZE } from '../../site/widgets/search-results.ts';
import { indexedDocuments, searchOver } from '../support/search-index.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';
import { printTable } from './table.ts';

interface Judgement {
  query: string;
  note?: string;
  /** The hits a parent would be glad to see among the first five. */
  first: string[];
}

const SHOWN = 5;

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
  const rows: Array<Array<string | number>> = [['query', 'hits', 'first five', 'P@5', 'P@5 of possible']];
  let sum = 0;
  let sumPossible = 0;
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
    rows.push([query, total, marks(top), precision.toFixed(2), possible.toFixed(2)]);
  }
  rows.push(['mean', '', '', (sum / judgements.length).toFixed(3), (sumPossible / judgements.length).toFixed(3)]);
  console.log(`${judgements.length} queries; ✓ a page the list names, ✗ another, · no hit.`);
  printTable(rows);
}

/** ✓ for a right hit, ✗ for another, · for a place with no hit. */
function marks(top: boolean[]): string {
  return Array.from({ length: SHOWN }, (_, at) => (at < top.length ? (top[at] ? '✓' : '✗') : '·')).join('');
}
