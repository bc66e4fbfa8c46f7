/**
 * A kept file (a row of pipeline/kept-table.ts) made into the parsed file a load makes, with the
 * parts read only when asked for: a page's text and body, read from its file and checked to be
 * the text the build that kept it read; its front matter's data, and the places of its values,
 * decoded from the bytes they were kept as.
 *
 * A kept page and its front matter are objects of a class whose getters every kept page shares:
 * 10,000 of them are made with their fields and nothing more (no property defined afterwards,
 * no map or closure of their own), which is most of what a build with the cache makes before
 * its load. Their own fields are a page's and a front matter's; `text`, `body`, `data` and
 * `nodes` are read through the class (a copy made with `{ ...source }` would not have them:
 * validate-content.ts names the front matter's fields it copies). A YAML data file is a plain
 * object with its data: it is handed to the render workers, which copy own fields only.
 */
import { ContentError } from '../errors.ts';
import { readBytes } from '../load/content-files.ts';
import { decodeText, MAX_TEXT_BYTES } from '../load/decode-text.ts';
import { KEPT_HASH, textHash } from '../load/text-hash.ts';
import type { PageSource, YamlNode, YamlSource } from '../model/source.ts';
import { type Findings, KEPT_FINDINGS } from '../validate/check-text.ts';
import { dataBytes, dataOf, FLAG, type KeptTable, nodesBytes } from './kept-table.ts';
import { say } from '../messages/say.ts';

/** Where kept files' lazy parts are: their table, and what to do when one of them is not as kept. */
export interface KeptFiles {
  table: KeptTable;
  /** The kept files are not believed again (sources.bin is removed). */
  forget: () => void;
}

/** A kept file's table and row. */
interface KeptRow {
  files: KeptFiles;
  row: number;
}

/** A kept page's front matter: its data and the places of its values, decoded when first asked for. */
class KeptFrontMatter implements YamlSource {
  readonly #files: KeptFiles;
  readonly #row: number;

  constructor(
    readonly file: string,
    files: KeptFiles,
    row: number,
  ) {
    this.#files = files;
    this.#row = row;
  }

  get data(): unknown {
    return settle(
      this,
      'data',
      decoded(this.#files, this.file, () => dataOf(dataBytes(this.#files.table, this.#row))),
    );
  }

  get nodes(): YamlNode[] {
    return settle(this, 'nodes', nodesOf(this.#files, this.#row, this.file));
  }

  static rowOf(source: object): KeptRow | undefined {
    return #files in source ? { files: source.#files, row: source.#row } : undefined;
  }
}

/** A kept page file: its text and body read from its file when first asked for. */
class KeptPageSource implements PageSource {
  readonly frontMatter: KeptFrontMatter;
  readonly #files: KeptFiles;
  readonly #row: number;
  #text: string | undefined = undefined;

  constructor(
    readonly file: string,
    readonly route: string,
    readonly bodyLineOffset: number,
    files: KeptFiles,
    row: number,
  ) {
    this.frontMatter = new KeptFrontMatter(file, files, row);
    this.#files = files;
    this.#row = row;
  }

  get text(): string {
    if (this.#text === undefined) {
      const { table } = this.#files;
      const bytes = readBytes(table.paths[this.#row] ?? '', this.file, MAX_TEXT_BYTES);
      const now = bytes === undefined ? undefined : decodeText(this.file, bytes);
      if (now === undefined || textHash(now) !== table.hashes[this.#row]) throw changed(this.#files, this.file);
      this.#text = now;
    }
    return this.#text;
  }

  get body(): string {
    const { text } = this;
    return text.slice(text.length - (this.#files.table.bodyLengths[this.#row] ?? 0));
  }

  /** The hash of the text the build that kept it read (load/text-hash.ts). */
  get [KEPT_HASH](): string | undefined {
    return this.#files.table.hashes[this.#row] ?? undefined;
  }

  /** Nothing, when that build's checkText found nothing in it (what it found otherwise is told through check-text.ts). */
  get [KEPT_FINDINGS](): Findings | undefined {
    return (this.#files.table.flags[this.#row] ?? 0) & FLAG.clean ? NO_FINDINGS : undefined;
  }

  static rowOf(source: object): KeptRow | undefined {
    return #files in source ? { files: source.#files, row: source.#row } : undefined;
  }
}

/** What checkText found in most pages: nothing (read only, as every page's findings are). */
const NO_FINDINGS = Object.freeze({ errors: Object.freeze([]), warnings: Object.freeze([]) }) as unknown as Findings;

/** A kept page of `row`. */
export const keptPage = (
  file: string,
  route: string,
  bodyLineOffset: number,
  files: KeptFiles,
  row: number,
): PageSource => new KeptPageSource(file, route, bodyLineOffset, files, row);

/** The YAML data files made from rows, by the object (a few: they are plain objects). */
const yamlRows = new WeakMap<YamlSource, KeptRow>();

/** A kept YAML data file: its data decoded now (it is validated on every build), its places when asked for. */
export function keptYamlFile(file: string, files: KeptFiles, row: number): YamlSource {
  const data = decoded(files, file, () => dataOf(dataBytes(files.table, row)));
  const source = { file, data } as YamlSource;
  Object.defineProperty(source, 'nodes', {
    get: () => settle(source, 'nodes', nodesOf(files, row, file)),
    enumerable: true,
    configurable: true,
  });
  yamlRows.set(source, { files, row });
  return source;
}

/** The row a parsed file was made from, if it was kept (its lazy parts are copied from there, not made again). */
export const keptRowOf = (source: PageSource | YamlSource): KeptRow | undefined =>
  KeptPageSource.rowOf(source) ?? yamlRows.get(source as YamlSource);

/** The value a getter found, kept on the object as its own field from now on. */
function settle<T>(source: object, name: string, value: T): T {
  Object.defineProperty(source, name, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

const nodesOf = (files: KeptFiles, row: number, file: string): YamlNode[] =>
  decoded(files, file, () => {
    const bytes = nodesBytes(files.table, row);
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as YamlNode[];
  });

/** What `decode` makes of a kept part; one that does not decode is the kept files' fault, told like a file changed. */
function decoded<T>(files: KeptFiles, file: string, decode: () => T): T {
  try {
    return decode();
  } catch {
    throw changed(files, file);
  }
}

function changed(files: KeptFiles, file: string): ContentError {
  // Its stamp said it was as it was: the kept files are not believed again.
  files.forget();
  return new ContentError({
    code: 'unreadable-file',
    file,
    ...say('unreadable-file/changed'),
  });
}
