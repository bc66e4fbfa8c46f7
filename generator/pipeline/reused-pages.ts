/**
 * Pages the incremental renderer takes from its page cache as they were (incremental-renderer.ts):
 * each as the page a publisher writes, and a run of them as one batch.
 */
import type { ErrorDetails } from '../errors.ts';
import type { PageRecord, PublishedPage, RenderedBatch } from '../model/rendered.ts';
import type { PagePostings } from '../model/search.ts';
import type { CachedPage } from './page-cache.ts';

/**
 * Pages taken from the cache in a row go on together, in runs that end at every this many
 * pages of the pass: a page rendered again splits only its own run, so a dev save hands on the
 * other runs as the batches they were last time (see TakenRun.batch).
 */
export const RUN_PAGES = 512;

/**
 * The published page of each entry whose HTML the cache holds in memory (a dev session's): an
 * entry is never changed once kept, so the page made from it and its HTML is the same page at
 * every save that reuses it, and is made once, not once a save.
 */
const published = new WeakMap<CachedPage, PublishedPage>();

/**
 * A cached page as a publisher takes it: its record and warnings, with its HTML when the entry
 * holds it in memory, else the file `htmlFile` that holds it. A copy is written out field by
 * field, in the record's order (page-stream.ts recordOf): a literal of one shape is made at a
 * tenth of the cost of Object.assign, 10,000 a build.
 */
export function reusedPage(cached: CachedPage, kept: string): PublishedPage {
  // The HTML read from the cache's file and checked against its hash (page-cache.ts verifiedHtml): written out as a copy.
  const html = cached.html ?? kept;
  if (cached.html === undefined) return Object.assign({}, cached.record, { warnings: cached.warnings, html });
  const known = published.get(cached);
  if (known?.html === html) return known;
  const page: PublishedPage = Object.assign({}, cached.record, { warnings: cached.warnings, html });
  published.set(cached, page);
  return page;
}

/** A run of pages taken from the cache, with their search postings and warnings. */
export class TakenRun {
  readonly pages: Array<PublishedPage> = [];
  /** What the build keeps of each: the record its cache entry holds (not made again from the page). */
  readonly #records: PageRecord[] = [];
  readonly #postings: PagePostings[] = [];
  readonly #warnings: ErrorDetails[] = [];

  /** Adds a page, with its record, and its postings when its pass is indexed. */
  add(page: PublishedPage, record: PageRecord, postings: PagePostings | undefined): void {
    this.pages.push(page);
    this.#records.push(record);
    if (postings) this.#postings.push(postings);
    // Most pages have none: no spread call for each of 10,000.
    if (page.warnings !== undefined && page.warnings.length > 0) this.#warnings.push(...page.warnings);
  }

  /**
   * The run as one batch; `words` is the cache's word table, which the postings are numbered in.
   * A run of the same pages as a run of the last build (the same page objects, which a dev
   * session hands on while their entries are the same) is that run's batch itself: what is made
   * of a batch (its records, the content files its pages use) is then not made again.
   */
  batch(words: readonly string[]): RenderedBatch {
    const first = this.pages[0];
    const last = first && lastRuns.get(first);
    if (last && last.words === words && last.postings === this.#postings.length && samePages(last.pages, this.pages))
      return last.batch;
    const numbered = this.#postings.length > 0 ? { numbered: { pages: this.#postings, words } } : {};
    const batch = { pages: this.pages, ...numbered, records: this.#records, problems: [], warnings: this.#warnings };
    if (first) lastRuns.set(first, { pages: this.pages, postings: this.#postings.length, words, batch });
    return batch;
  }
}

/** The batch each run was last made into, by its first page (a published page is made once per cache entry). */
const lastRuns = new WeakMap<
  PublishedPage,
  { pages: ReadonlyArray<PublishedPage>; postings: number; words: readonly string[]; batch: RenderedBatch }
>();

function samePages(a: ReadonlyArray<PublishedPage>, b: ReadonlyArray<PublishedPage>): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return false;
  return true;
}
