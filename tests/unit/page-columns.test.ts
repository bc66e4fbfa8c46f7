import v8 from 'node:v8';
import { describe, expect, test } from 'vitest';
import { fromColumns, toColumns } from '../../generator/pipeline/page-columns.ts';

/** An entry as the page cache's file stores it (generator/pipeline/packed-arrays.ts: its arrays as spans). */
function entry(at: number, change: { lastmod?: string; noindex?: boolean; postings?: boolean } = {}) {
  const clock = { from: -Infinity, until: 1767222000000 + at };
  const dated = change.lastmod === undefined ? {} : { lastmod: change.lastmod };
  const record = {
    ...{ route: `/side-${at}`, source: `content/pages/side-${at}.md`, file: `side-${at}/index.html` },
    ...{ title: `Side ${at} – «test»`, noindex: change.noindex ?? false, ...dated },
    ...{
      securityPolicy: "default-src 'self'",
      islands: at % 2 ? ['kart'] : [],
      assets: ['file:a.png'],
      bytes: 1000 + at,
    },
    clock,
  };
  const documents = [{ title: 'Tittel', url: `/side-${at}/`, content: 'Svømming – æøå 🏊' }];
  const postings = { documents, pairs: [at, 3], ends: [at, 1], ...(at % 3 ? { pairsKept: true } : {}) };
  return {
    ...{ own: `own${at}`, shared: 'shared', index: at > 2 ? '{"parts":1}' : 'null', clock, record, warnings: [] },
    ...{ htmlFile: `side-${at}.html`, reads: [at * 10, 10] },
    ...(change.postings === false ? {} : { postings }),
  };
}

/** The entries after a write and a read, as a cache file holds them (a structured copy of the columns). */
const again = (pages: Array<[string, unknown]>) => fromColumns(v8.deserialize(v8.serialize(toColumns(pages))));

/** Every key, in order, with every value and its kind: what toEqual leaves out (key order, 1 and 1.0 alike). */
const shape = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(shape).join()}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.entries(value).map(([key, field]) => `${key}:${shape(field)}`)}}`
      : `${typeof value}:${Object.is(value, -0) ? '-0' : String(value)}`;

describe("the page cache's entries as columns", () => {
  test('read back as the very entries written, field order and all', () => {
    const pages: Array<[string, unknown]> = [
      ['side-0/index.html', entry(0)],
      ['side-1/index.html', entry(1, { lastmod: '2025-11-03', noindex: true })],
      ['side-2/index.html', entry(2, { postings: false })],
      ['side-3/index.html', { ...entry(3), warnings: [{ code: 'W', file: 'x.md', message: 'm', hint: 'h' }] }],
    ];
    const read = again(pages);
    expect(read).toEqual(pages);
    expect(shape(read)).toBe(shape(pages));
  });

  test("an entry's record keeps its own clock when it is not the entry's", () => {
    const own = entry(4);
    const page = { ...own, record: { ...own.record, clock: { from: 5, until: 6 } } };
    const [[, read]] = again([['side-4/index.html', page]]) as [[string, typeof page]];
    expect(read.record.clock).toEqual({ from: 5, until: 6 });
    expect(read.clock).toEqual(own.clock);
    const [[, same]] = again([['side-4/index.html', own]]) as [[string, typeof own]];
    expect(same.record.clock).toBe(same.clock);
  });

  test('an entry of another shape is kept whole, and reads back as it was', () => {
    const plain = entry(5);
    const others: unknown[] = [
      { ...plain, extra: 1 },
      { ...plain, record: { ...plain.record, lastmod: undefined } },
      { ...plain, record: { ...plain.record, islands: [1] } },
      { ...plain, htmlFile: undefined },
      { ...plain, postings: { ...plain.postings, documents: [{ url: '/', title: 't', content: 'c' }] } },
      'not an entry',
    ];
    const pages = others.map((other, at): [string, unknown] => [`other-${at}/index.html`, other]);
    expect(toColumns(pages).others).toHaveLength(others.length);
    const read = again(pages);
    expect(shape(read)).toBe(shape(pages));
  });

  test('columns not whole are not read', () => {
    const columns = toColumns([['side-0/index.html', entry(0)]]);
    expect(fromColumns({ ...columns, spans: new Float64Array(1) })).toBeUndefined();
    expect(fromColumns({ ...columns, documentTitles: [] })).toBeUndefined();
    expect(fromColumns({ ...columns, routes: undefined })).toBeUndefined();
    expect(fromColumns([])).toBeUndefined();
    expect(fromColumns(null)).toBeUndefined();
  });

  test('a row naming a string the table lacks is left out: its page is rendered again', () => {
    const columns = toColumns([
      ['side-0/index.html', entry(0)],
      ['side-1/index.html', entry(1)],
    ]);
    columns.policyOf[1] = 99;
    expect(fromColumns(columns)?.map(([file]) => file)).toEqual(['side-0/index.html']);
  });
});
