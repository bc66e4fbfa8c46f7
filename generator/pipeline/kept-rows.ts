/**
 * The files a build read, as a table of kept files (pipeline/kept-table.ts): a file kept from an
 * earlier build is copied from the bytes it was read from, its data and places not made again;
 * another has its front matter serialized and its places written as JSON. A validated page is
 * kept only when it is what validatePage makes of the file (the same fields, in that order):
 * any other is validated again by the next build, never restored different.
 */
import type { ContentError, ErrorDetails } from '../errors.ts';
import type { PageCache } from '../load/load-content.ts';
import { textHashOf } from '../load/text-hash.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { PageSource } from '../model/source.ts';
import { findingsOf } from '../validate/check-text.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { keptRowOf } from './kept-source.ts';
import { bytesOfData, dataBytes, type KeptTable, nodesBytes, TableWriter } from './kept-table.ts';
import { ownKey } from './page-keys.ts';

type PageCacheEntry = PageCache extends Map<string, infer Entry> ? Entry : never;

/** The fields of a page validatePage makes, in its order. */
const PAGE_KEYS = 'route,title,description,template,noindex,data,source,sourcePage,frontMatter';

/** The entries (absolute path, parsed file and stamp) as a table, with the pages `validated` holds. */
export function tableOf(entries: ReadonlyArray<[string, PageCacheEntry]>, validated: ValidatedPages): KeptTable {
  const writer = new TableWriter();
  for (const [absolute, { parsed, stamp }] of entries) {
    const kept = keptRowOf(parsed);
    const yaml = 'text' in parsed ? parsed.frontMatter : parsed;
    const lazy = kept
      ? { data: dataBytes(kept.files.table, kept.row), nodes: nodesBytes(kept.files.table, kept.row) }
      : { data: bytesOfData(yaml.data), nodes: Buffer.from(JSON.stringify(yaml.nodes)) };
    const row = writer.add(absolute, parsed.file, stamp ?? '', lazy);
    if ('text' in parsed) addPage(writer, row, parsed, validated.get(parsed)?.page);
  }
  return writer.done();
}

function addPage(writer: TableWriter, row: number, source: PageSource, page: ValidatedPage | undefined): void {
  const kept = keptRowOf(source);
  const bodyLength = kept ? (kept.files.table.bodyLengths[kept.row] ?? 0) : source.body.length;
  const { route, bodyLineOffset } = source;
  writer.page(row, { route, hash: textHashOf(source), bodyLength, bodyLineOffset });
  const found = findingsOf(source);
  if (found) writer.findings(row, { errors: found.errors.map(detailsOf), warnings: found.warnings.map(detailsOf) });
  if (page && isPageOf(page, source)) writer.valid(row, page, ownKey(page));
}

/** Whether `page` is what validatePage made of `source`, and nothing else. */
function isPageOf(page: ValidatedPage, source: PageSource): boolean {
  const { route, source: file, sourcePage, frontMatter } = page;
  const own = route === source.route && file === source.file && sourcePage === source;
  return own && frontMatter === source.frontMatter && Object.keys(page).join(',') === PAGE_KEYS;
}

const detailsOf = ({ code, file, line, column, field, message, hint, said }: ContentError): ErrorDetails => ({
  code,
  file,
  ...(line === undefined ? {} : { line }),
  ...(column === undefined ? {} : { column }),
  ...(field === undefined ? {} : { field }),
  message,
  hint,
  // The catalogue's entry, so that a kept problem is printed in the site's language again.
  ...(said === undefined ? {} : { said }),
});
