/**
 * The relevance list (tests/bench/search-relevance.yaml) judged against a build's search: for
 * each query, the first five hits marked right or wrong, precision at 5, and whether the hit
 * the list names first (or the page it is a part of) is among the first three. Shared by
 * `npm run bench -- search-relevance`, which prints it, and tests/build/search-relevance-list.test.ts,
 * which keeps the top-3 figure from falling.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { PAGE_SIZE } from '../../site/widgets/search-results.ts';
import { indexedDocuments, searchOver } from './search-index.ts';
import { projectRoot } from './site-build.ts';

interface Judgement {
  query: string;
  note?: string;
  /** The hits a parent would be glad to see among the first five. */
  first: string[];
}

/** Places judged: precision at 5. */
export const SHOWN = 5;
/**
 * A query «finds its page» when the first URL its list names, or the page that URL is a part
 * of (/kurs/ for /kurs/#hval), is among this many first hits.
 */
export const LEADING = 3;

export interface JudgedQuery {
  query: string;
  total: number;
  /** The first SHOWN places: true a hit the list names, false another (shorter when fewer hits). */
  top: boolean[];
  /** Right hits ÷ SHOWN. */
  precision: number;
  /** Right hits ÷ the places the list's answers could fill (at most SHOWN). */
  possible: number;
  /** Whether the list's first hit, or its page, is among the first LEADING. */
  leads: boolean;
}

/** The relevance list as written, every URL checked against the index (a stale list fails). */
export async function relevanceList(files: Map<string, string | Uint8Array>): Promise<Judgement[]> {
  const judgements = parse(
    await readFile(path.join(projectRoot, 'tests/bench/search-relevance.yaml'), 'utf8'),
  ) as Judgement[];
  const urls = new Set(indexedDocuments(files).map((document) => document.url));
  const stale = judgements.flatMap(({ query, first }) =>
    first.filter((url) => !urls.has(url)).map((url) => `${query}: ${url}`),
  );
  if (stale.length > 0)
    throw new Error(`search-relevance.yaml names hits the index does not hold:\n${stale.join('\n')}`);
  return judgements;
}

/** Each query of the list searched as the search page asks (its first page of hits), and judged. */
export async function judgeRelevance(files: Map<string, string | Uint8Array>): Promise<JudgedQuery[]> {
  const judgements = await relevanceList(files);
  const { search } = searchOver(files);
  const judged: JudgedQuery[] = [];
  for (const { query, first } of judgements) {
    const { total, hits } = await search(query, PAGE_SIZE);
    const top = hits.slice(0, SHOWN).map((hit) => first.includes(hit.url));
    const right = top.filter(Boolean).length;
    const page = (first[0] ?? '').replace(/#.*$/, '');
    const leads = hits.slice(0, LEADING).some((hit) => hit.url === first[0] || hit.url === page);
    judged.push({
      query,
      total,
      top,
      precision: right / SHOWN,
      possible: right / Math.min(SHOWN, first.length),
      leads,
    });
  }
  return judged;
}
