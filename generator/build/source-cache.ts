/**
 * What the load and validate stages made of each content file, kept between builds beside the
 * page cache (`sources.bin`). A file whose stamp (modification time, size, inode: stampOf) is as
 * it was is not read, parsed, checked or validated again: its parsed front matter, what
 * checkText found in it and its validated page come from here. Its text and Markdown body are
 * read from the file only when something asks for them (a page rendered again), and checked
 * against the hash of the text the earlier build read: a file changed since (mid-build) is a
 * problem that says "build again", never a page made of two versions of it.
 *
 * The file holds no text (at 10,000 pages, a few megabytes where the texts are 44): reading it
 * back costs a tenth of reading and parsing the files. A validated page is kept only for the
 * site code and default template that validated it. Like the page cache, anything that does not
 * read as expected is no cache: every file is read.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { SiteDefinition } from '../contract/index.ts';
import { ContentError, type ErrorDetails } from '../errors.ts';
import { readBytes } from '../load/content-files.ts';
import { decodeText, MAX_TEXT_BYTES } from '../load/decode-text.ts';
import type { PageCache } from '../load/load-content.ts';
import { knowTextHash, textHash, textHashOf } from '../load/text-hash.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { LoadedSite } from '../model/site.ts';
import type { PageSource, YamlSource } from '../model/source.ts';
import { findingsOf, knowFindings } from '../validate/check-text.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { writeWhole } from './cache-folder.ts';
import { generatorCode } from './generator-code.ts';
import { siteCodeOf } from './page-keys.ts';

const SOURCES_FILE = 'sources.bin';
const FORMAT = 2;

/** A file as kept: a page's parsed source without its text and body, and what was made of it. */
interface KeptFile {
  stamp: string;
  parsed: PageSource | YamlSource;
  /** A page file's text's hash (none for a YAML data file). */
  hash?: string;
  bodyLength?: number;
  findings?: { errors: ErrorDetails[]; warnings: ErrorDetails[] };
  page?: ValidatedPage;
}

interface SourcesFile {
  format: number;
  generator: string;
  /** The site's code and default template that validated the kept pages. */
  validatedBy: string;
  files: Array<[absolute: string, kept: KeptFile]>;
}

/** What a build hands prepare(): the files kept, as the dev session keeps them in memory. */
export interface KeptSources {
  parsed: PageCache;
  validated: ValidatedPages;
}

export class SourceCache {
  /** The parsed files as read back, and for what they were validated: a build that changed neither need not save. */
  #restored = new Set<PageSource | YamlSource>();
  #validatedBy: string | undefined;

  constructor(
    private readonly dir: string,
    private readonly generator: string,
  ) {}

  /** The kept files, for the site whose code (as a key) and default template are `validatedBy`. */
  restore(site: SiteDefinition, validatedBy: string): KeptSources {
    const parsed: PageCache = new Map();
    const validated: ValidatedPages = new WeakMap();
    const read = this.#read();
    if (!read) return { parsed, validated };
    try {
      for (const [absolute, kept] of read.files) {
        nodesOnDemand('frontMatter' in kept.parsed ? kept.parsed.frontMatter : kept.parsed);
        if (kept.hash !== undefined) readOnDemand(absolute, kept.parsed as PageSource, kept, () => this.#forget());
        if (kept.findings) knowFindings(kept.parsed as PageSource, findingsFrom(kept.findings));
        if (kept.page && read.validatedBy === validatedBy)
          validated.set(kept.parsed as PageSource, { site, page: kept.page });
        parsed.set(absolute, { parsed: kept.parsed, stamp: kept.stamp });
        this.#restored.add(kept.parsed);
      }
    } catch {
      // Not what a build wrote: every file is read.
      this.#restored.clear();
      return { parsed: new Map(), validated: new WeakMap() };
    }
    this.#validatedBy = read.validatedBy;
    return { parsed, validated };
  }

  /** Keeps the files of a build that succeeded, unless they are the ones read back. */
  save({ parsed, validated }: KeptSources, validatedBy: string): void {
    const entries = [...parsed].filter(([, entry]) => entry.stamp !== undefined);
    const same =
      entries.length === this.#restored.size && entries.every(([, entry]) => this.#restored.has(entry.parsed));
    if (same && this.#validatedBy === validatedBy) return;
    const files = entries.map(([absolute, entry]): [string, KeptFile] => [
      absolute,
      keptFile(entry.parsed, entry.stamp ?? '', validated),
    ]);
    const contents: SourcesFile = { format: FORMAT, generator: this.generator, validatedBy, files };
    try {
      writeWhole(path.join(this.dir, SOURCES_FILE), v8.serialize(contents));
    } catch {
      // The next build reads every file: the cache only saves time.
    }
  }

  #forget(): void {
    rmSync(path.join(this.dir, SOURCES_FILE), { force: true });
  }

  #read(): SourcesFile | undefined {
    try {
      const contents = v8.deserialize(readFileSync(path.join(this.dir, SOURCES_FILE))) as Partial<SourcesFile>;
      const fits = contents?.format === FORMAT && contents.generator === this.generator;
      return fits && Array.isArray(contents.files) ? (contents as SourcesFile) : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A parsed file as kept: a page without its text and body (its validated page pointing at the copy). */
function keptFile(parsed: PageSource | YamlSource, stamp: string, validated: ValidatedPages): KeptFile {
  if (!('text' in parsed)) return { stamp, parsed: keptYaml(parsed) };
  const { file, route, bodyLineOffset } = parsed;
  const frontMatter = keptYaml(parsed.frontMatter);
  const copy = { file, route, frontMatter, bodyLineOffset } as PageSource;
  const found = findingsOf(parsed);
  const page = validated.get(parsed)?.page;
  return {
    stamp,
    parsed: copy,
    hash: textHashOf(parsed),
    bodyLength: keptBodies.get(parsed) ?? parsed.body.length,
    ...(found ? { findings: { errors: found.errors.map(detailsOf), warnings: found.warnings.map(detailsOf) } } : {}),
    ...(page ? { page: { ...page, sourcePage: copy, frontMatter } } : {}),
  };
}

/**
 * A YAML source as kept: the places of its values as JSON text, which is read back at the cost
 * of copying it, and parsed only when a problem in the file is told (most never are).
 */
function keptYaml(source: YamlSource): YamlSource {
  const nodes = keptNodes.get(source) ?? JSON.stringify(source.nodes);
  return { file: source.file, data: source.data, nodes: nodes as unknown as YamlSource['nodes'] };
}

/** A kept YAML source's places, parsed when first asked for. */
function nodesOnDemand(source: YamlSource): void {
  const json = source.nodes as unknown;
  if (typeof json !== 'string') return;
  keptNodes.set(source, json);
  let nodes: YamlSource['nodes'] | undefined;
  Object.defineProperty(source, 'nodes', {
    get: () => {
      nodes ??= JSON.parse(json) as YamlSource['nodes'];
      return nodes;
    },
    enumerable: true,
    configurable: true,
  });
}

/** The JSON of kept YAML sources' places: kept again without parsing it. */
const keptNodes = new WeakMap<YamlSource, string>();

/** A kept page's text and body, read from its file when first asked for, and checked to be the text it was. */
function readOnDemand(absolute: string, source: PageSource, kept: KeptFile, forget: () => void): void {
  const hash = kept.hash ?? '';
  knowTextHash(source, hash);
  let text: string | undefined;
  const read = (): string => {
    if (text === undefined) {
      const bytes = readBytes(absolute, source.file, MAX_TEXT_BYTES);
      const now = bytes === undefined ? undefined : decodeText(source.file, bytes);
      if (now === undefined || textHash(now) !== hash) {
        // Its stamp said it was as it was: the kept files are not believed again.
        forget();
        throw new ContentError({
          code: 'unreadable-file',
          file: source.file,
          message: 'The file changed while the site was being built.',
          hint: 'Build again once the file is saved.',
        });
      }
      text = now;
    }
    return text;
  };
  const bodyLength = kept.bodyLength ?? 0;
  keptBodies.set(source, bodyLength);
  Object.defineProperties(source, {
    text: { get: read, enumerable: true, configurable: true },
    body: { get: () => read().slice(read().length - bodyLength), enumerable: true, configurable: true },
  });
}

/** The lengths of kept pages' bodies: known without reading them. */
const keptBodies = new WeakMap<PageSource, number>();

const detailsOf = ({ code, file, line, column, field, message, hint }: ContentError): ErrorDetails => ({
  code,
  file,
  ...(line === undefined ? {} : { line }),
  ...(column === undefined ? {} : { column }),
  ...(field === undefined ? {} : { field }),
  message,
  hint,
});

const findingsFrom = (kept: { errors: ErrorDetails[]; warnings: ErrorDetails[] }) => ({
  errors: kept.errors.map((details) => new ContentError(details)),
  warnings: kept.warnings.map((details) => new ContentError(details)),
});

/** A build's kept sources: what it hands prepare(), and `keep`, which saves them once the build has succeeded. */
export interface BuildSources {
  reuse: Partial<KeptSources>;
  keep: () => void;
}

/** A build without a cache folder (`--no-cache`) keeps nothing. */
export const NOTHING_KEPT: BuildSources = { reuse: {}, keep: () => undefined };

export function sourcesOf(
  run: { root: string; defaultTemplate: string },
  site: LoadedSite,
  cacheDir: string,
): BuildSources {
  const cache = new SourceCache(path.resolve(run.root, cacheDir), generatorCode());
  const validatedBy = `${siteCodeOf(site.bundle.code)}\n${run.defaultTemplate}`;
  const reuse = cache.restore(site.site, validatedBy);
  return { reuse, keep: () => cache.save(reuse, validatedBy) };
}
