/**
 * A table of kept files (pipeline/kept-table.ts) made into the parsed files a load makes, and the
 * pages validated from them. A build with the cache makes this of 10,000 rows before its load,
 * so it makes as little as it can: a kept page answers its text's hash and what checkText found
 * in it through its class (pipeline/kept-source.ts), and its validated page is made from its row
 * when validate asks for it, with no map entry for each page.
 */
import type { SiteDefinition } from '../contract/index.ts';
import { ContentError, type ErrorDetails } from '../errors.ts';
import type { PageCache } from '../load/load-content.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { PageSource } from '../model/source.ts';
import { type Findings, knowFindings } from '../validate/check-text.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { type KeptFiles, keptPage, keptRowOf, keptYamlFile } from './kept-source.ts';
import { FLAG, fileAt, type KeptTable } from './kept-table.ts';
import { knowOwnKey } from './page-keys.ts';

/** What restoring a table's rows adds to, and what to do when a kept part is not as kept. */
interface Restoring {
  parsed: PageCache;
  forget: () => void;
}

/** The rows of `table` whose path `wanted` says, made into parsed files. */
export function restoreRows(table: KeptTable, into: Restoring, wanted: (absolute: string) => boolean): void {
  const { paths, stamps, flags, routes, bodyLineOffsets } = table;
  const found = table.findings.length > 0 ? new Map(table.findings) : undefined;
  const files: KeptFiles = { table, forget: into.forget };
  for (let row = 0; row < paths.length; row++) {
    const absolute = paths[row] as string;
    if (!wanted(absolute)) continue;
    const file = fileAt(table, row);
    const flag = flags[row] ?? 0;
    if (!(flag & FLAG.page)) {
      into.parsed.set(absolute, { parsed: keptYamlFile(file, files, row), stamp: stamps[row] as string });
      continue;
    }
    const source = keptPage(file, routes[row] as string, bodyLineOffsets[row] ?? 0, files, row);
    // A page found clean tells it through its class; one with findings has them made now (a few).
    if (flag & FLAG.found) knowFindings(source, findingsFrom(found?.get(row)));
    into.parsed.set(absolute, { parsed: source, stamp: stamps[row] as string });
  }
}

/**
 * The pages validated by an earlier build for the site's code that validates now (`valid`),
 * each made from its kept page's row when asked for; others as validate sets them.
 */
export class KeptValidated implements ValidatedPages {
  readonly #others = new WeakMap<PageSource, { site: SiteDefinition; page: ValidatedPage }>();

  constructor(
    private readonly site: SiteDefinition,
    private readonly valid: boolean,
  ) {}

  get(source: PageSource): { site: SiteDefinition; page: ValidatedPage } | undefined {
    const set = this.#others.get(source);
    if (set || !this.valid) return set;
    const kept = keptRowOf(source);
    const table = kept?.files.table;
    if (!kept || !table || !((table.flags[kept.row] ?? 0) & FLAG.valid)) return undefined;
    const page = pageOf(table, kept.row, source);
    // The key of the very fields restored: it was made of them when they were kept.
    const own = table.ownKeys[kept.row];
    if (typeof own === 'string') knowOwnKey(page, own);
    return { site: this.site, page };
  }

  set(source: PageSource, valid: { site: SiteDefinition; page: ValidatedPage }): void {
    this.#others.set(source, valid);
  }
}

/** A kept page's validated page, as validatePage makes it (the same fields, in the same order). */
function pageOf(table: KeptTable, row: number, source: PageSource): ValidatedPage {
  return {
    route: source.route,
    title: table.titles[row] as string,
    description: table.descriptions[row] as string,
    template: table.templates[table.templateOf[row] ?? 0] as string,
    noindex: ((table.flags[row] ?? 0) & FLAG.noindex) !== 0,
    data: table.pageData[row] as Record<string, unknown>,
    source: source.file,
    sourcePage: source,
    frontMatter: source.frontMatter,
  };
}

function findingsFrom(kept: { errors: ErrorDetails[]; warnings: ErrorDetails[] } | undefined): Findings {
  if (!kept) throw new Error('not a kept file');
  return {
    errors: kept.errors.map((details) => new ContentError(details)),
    warnings: kept.warnings.map((details) => new ContentError(details)),
  };
}
