/**
 * `npm run bench -- search-relevance`: how often the first five hits are the pages a parent
 * looks for. Searches the real club site, built in memory, with the browser's own search over
 * its split index, for each query of search-relevance.yaml (tests/support/search-relevance.ts
 * judges them), and prints precision at 5, how many queries have the hit the list names first
 * (or its page) among the first three, and the index's gzip bytes (relevance bought with a
 * bigger index shows here).
 */
import { gzipSync } from 'node:zlib';
import { manifestPathOf, partsOf } from '../support/search-index.ts';
import { judgeRelevance, LEADING, SHOWN } from '../support/search-relevance.ts';
import { buildSite } from '../support/site-build.ts';
import { printTable } from './table.ts';

export async function benchSearchRelevance(): Promise<void> {
  const result = await buildSite('2025-12-10T18:00');
  const judged = await judgeRelevance(result.files);
  const rows: Array<Array<string | number>> = [['query', 'hits', 'first five', 'P@5', 'P@5 of possible', 'top 3']];
  for (const { query, total, top, precision, possible, leads } of judged)
    rows.push([query, total, marks(top), precision.toFixed(2), possible.toFixed(2), leads ? '✓' : '✗']);
  const mean = (value: (query: (typeof judged)[number]) => number) =>
    (judged.reduce((sum, query) => sum + value(query), 0) / judged.length).toFixed(3);
  const leading = judged.filter((query) => query.leads).length;
  rows.push([
    'mean',
    '',
    '',
    mean((query) => query.precision),
    mean((query) => query.possible),
    `${leading}/${judged.length}`,
  ]);
  console.log(`${judged.length} queries; ✓ a page the list names, ✗ another, · no hit.`);
  console.log(`top 3: the first hit the list names, or its page, is among the first ${LEADING} hits.`);
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
