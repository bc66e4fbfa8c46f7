/**
 * The kept files of sources.bin (pipeline/source-cache.ts) as columns: one array per field, a
 * file's fields at the same place in each. A build with the cache reads every kept file's
 * stamp, route, text hash and validated page (and its own key for the page cache), and little
 * else: those are plain columns (a few arrays of strings and numbers decode in a tenth of the
 * time 10,000 objects of twenty fields each take, and without their keys written 10,000 times). What is read only when asked
 * for (a page's front matter, every value's place) stays bytes (`lazy`): a YAML value as
 * v8.serialize wrote it, the places as JSON text, decoded file by file (pipeline/kept-source.ts).
 */
import v8 from 'node:v8';
import type { ErrorDetails } from '../errors.ts';

/** What a row's `flags` say: a page file (else a YAML data file), what checkText found, and its validated page. */
export const FLAG = { page: 1, clean: 2, found: 4, valid: 8, noindex: 16 } as const;

export interface KeptTable {
  /** Each file's absolute path. */
  paths: string[];
  /** Where its name relative to the project root starts in its path; -1: it is in `otherFiles`. */
  fileStarts: Int32Array;
  otherFiles: Array<[row: number, file: string]>;
  stamps: string[];
  flags: Uint8Array;
  /** A page's route and text hash (null for a YAML file). */
  routes: Array<string | null>;
  hashes: Array<string | null>;
  bodyLengths: Uint32Array;
  bodyLineOffsets: Uint32Array;
  /** What checkText found in a page that has something to tell (FLAG.found). */
  findings: Array<[row: number, found: { errors: ErrorDetails[]; warnings: ErrorDetails[] }]>;
  /** A valid page's fields (FLAG.valid): the others are its file's. */
  titles: Array<string | null>;
  descriptions: Array<string | null>;
  templates: string[];
  templateOf: Uint16Array;
  pageData: unknown[];
  /** A valid page's own key (pipeline/page-keys.ts): a build need not hash the page again to look it up in the page cache. */
  ownKeys: Array<string | null>;
  /** Each file's data (v8.serialize) and then its places (JSON), ending at dataEnds and nodesEnds. */
  lazy: Uint8Array;
  dataEnds: Uint32Array;
  nodesEnds: Uint32Array;
}

/** A row's file, relative to the project root. */
export function fileAt(table: KeptTable, row: number): string {
  const start = table.fileStarts[row] ?? -1;
  if (start >= 0) return (table.paths[row] ?? '').slice(start);
  return table.otherFiles.find(([at]) => at === row)?.[1] ?? '';
}

/** A row's data as v8.serialize wrote it. */
export const dataBytes = (table: KeptTable, row: number): Uint8Array =>
  table.lazy.subarray(row === 0 ? 0 : table.nodesEnds[row - 1], table.dataEnds[row]);

/** A row's places as JSON text (UTF-8). */
export const nodesBytes = (table: KeptTable, row: number): Uint8Array =>
  table.lazy.subarray(table.dataEnds[row], table.nodesEnds[row]);

const TEXT_COLUMNS = ['paths', 'stamps', 'routes', 'hashes', 'titles', 'descriptions', 'pageData', 'ownKeys'] as const;
const NUMBER_COLUMNS = [
  ['fileStarts', Int32Array],
  ['flags', Uint8Array],
  ['bodyLengths', Uint32Array],
  ['bodyLineOffsets', Uint32Array],
  ['templateOf', Uint16Array],
  ['dataEnds', Uint32Array],
  ['nodesEnds', Uint32Array],
] as const;

/** `value` as a table, if it is one whose columns are whole; else undefined (no cache: every file is read). */
export function checkedTable(value: unknown): KeptTable | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const table = value as KeptTable;
  const rows = Array.isArray(table.paths) ? table.paths.length : -1;
  const whole =
    TEXT_COLUMNS.every((name) => Array.isArray(table[name]) && table[name].length === rows) &&
    NUMBER_COLUMNS.every(([name, type]) => table[name] instanceof type && table[name].length === rows) &&
    [table.otherFiles, table.findings, table.templates].every(Array.isArray) &&
    table.lazy instanceof Uint8Array &&
    (rows === 0 || table.nodesEnds[rows - 1] === table.lazy.length);
  return whole ? table : undefined;
}

/** A table being written: rows added one by one, then `done`. */
export class TableWriter {
  readonly #table: Omit<KeptTable, 'lazy' | (typeof NUMBER_COLUMNS)[number][0]> = {
    paths: [],
    otherFiles: [],
    stamps: [],
    routes: [],
    hashes: [],
    findings: [],
    titles: [],
    descriptions: [],
    templates: [],
    pageData: [],
    ownKeys: [],
  };
  readonly #numbers = Object.fromEntries(NUMBER_COLUMNS.map(([name]) => [name, [] as number[]])) as Record<
    (typeof NUMBER_COLUMNS)[number][0],
    number[]
  >;
  readonly #lazy: Uint8Array[] = [];
  #lazyLength = 0;

  get rows(): number {
    return this.#table.paths.length;
  }

  /** A row: a file's path, name (relative to the project root) and stamp, with its data and places as bytes. */
  add(absolute: string, file: string, stamp: string, lazy: { data: Uint8Array; nodes: Uint8Array }): number {
    const row = this.rows;
    const table = this.#table;
    table.paths.push(absolute);
    table.stamps.push(stamp);
    const start = absolute.length - file.length;
    const inPath = start > 0 && absolute.endsWith(file) && /[\\/]/.test(absolute[start - 1] ?? '');
    this.#numbers.fileStarts.push(inPath ? start : -1);
    if (!inPath) table.otherFiles.push([row, file]);
    this.#lazy.push(lazy.data, lazy.nodes);
    this.#lazyLength += lazy.data.length;
    this.#numbers.dataEnds.push(this.#lazyLength);
    this.#lazyLength += lazy.nodes.length;
    this.#numbers.nodesEnds.push(this.#lazyLength);
    for (const column of [table.routes, table.hashes, table.titles, table.descriptions, table.pageData, table.ownKeys])
      column.push(null);
    for (const name of ['flags', 'bodyLengths', 'bodyLineOffsets', 'templateOf'] as const) this.#numbers[name].push(0);
    return row;
  }

  /** A page's own fields, on the row just added. */
  page(row: number, fields: { route: string; hash: string; bodyLength: number; bodyLineOffset: number }): void {
    this.#table.routes[row] = fields.route;
    this.#table.hashes[row] = fields.hash;
    this.#numbers.bodyLengths[row] = fields.bodyLength;
    this.#numbers.bodyLineOffsets[row] = fields.bodyLineOffset;
    this.#flag(row, FLAG.page);
  }

  /** What checkText found in the page: nothing (clean), or what it tells. */
  findings(row: number, found: { errors: ErrorDetails[]; warnings: ErrorDetails[] }): void {
    if (found.errors.length + found.warnings.length === 0) this.#flag(row, FLAG.clean);
    else {
      this.#table.findings.push([row, found]);
      this.#flag(row, FLAG.found);
    }
  }

  /** The page's validated fields besides its file's, and its own key. */
  valid(
    row: number,
    page: { title: string; description: string; template: string; noindex: boolean; data: unknown },
    ownKey: string,
  ) {
    const table = this.#table;
    table.ownKeys[row] = ownKey;
    table.titles[row] = page.title;
    table.descriptions[row] = page.description;
    let template = table.templates.indexOf(page.template);
    if (template < 0) template = table.templates.push(page.template) - 1;
    this.#numbers.templateOf[row] = template;
    table.pageData[row] = page.data;
    this.#flag(row, page.noindex ? FLAG.valid | FLAG.noindex : FLAG.valid);
  }

  #flag(row: number, flag: number): void {
    this.#numbers.flags[row] = (this.#numbers.flags[row] ?? 0) | flag;
  }

  /** The table, its columns as typed arrays and its lazy parts as one block of bytes. */
  done(): KeptTable {
    const numbers = Object.fromEntries(NUMBER_COLUMNS.map(([name, type]) => [name, type.from(this.#numbers[name])]));
    return { ...this.#table, ...numbers, lazy: Buffer.concat(this.#lazy, this.#lazyLength) } as unknown as KeptTable;
  }
}

/** A YAML value as a row keeps it. */
export const dataOf = (bytes: Uint8Array): unknown => v8.deserialize(bytes);
export const bytesOfData = (data: unknown): Uint8Array => v8.serialize(data);
