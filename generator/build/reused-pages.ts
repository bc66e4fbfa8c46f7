/**
 * Pages the incremental renderer takes from its page cache as they were (incremental-renderer.ts):
 * each as the page a publisher writes, and a run of them as one batch.
 */
import type { ErrorDetails } from '../errors.ts';
import type { CopiedPage, PublishedPage, RenderedBatch } from '../model/rendered.ts';
import type { PagePostings } from '../model/search.ts';
import type { CachedPage } from './page-cache.ts';
import { knownRecord } from './page-stream.ts';

/** Pages taken from the cache in a row go on together, up to this many. */
const RUN_PAGES = 512;

/**
 * The published page of each entry whose HTML the cache holds in memory (a dev session's): an
 * entry is never changed once kept, so the page made from it and its HTML is the same page at
 * every save that reuses it, and is made once, not once a save.
 */
const published = new WeakMap<CachedPage, PublishedPage>();

/** A cached page as a publisher takes it: its record and warnings, with its HTML or the file that holds it. */
export function reusedPage(cached: CachedPage, html: string | { file: string }): PublishedPage | CopiedPage {
  if (typeof html !== 'string') {
    const copied = { ...cached.record, warnings: cached.warnings, copyOf: html.file };
    knownRecord(copied, cached.record);
    return copied;
  }
  const known = published.get(cached);
  if (known?.html === html) return known;
  const page = { ...cached.record, warnings: cached.warnings, html };
  knownRecord(page, cached.record);
  published.set(cached, page);
  return page;
}

/** A run of pages taken from the cache, with their search postings and warnings. */
export class TakenRun {
  readonly pages: Array<PublishedPage | CopiedPage> = [];
  readonly #postings: PagePostings[] = [];
  readonly #warnings: ErrorDetails[] = [];

  /** Adds a page, with its postings when its pass is indexed. */
  add(page: PublishedPage | CopiedPage, postings: PagePostings | undefined): void {
    this.pages.push(page);
    if (postings) this.#postings.push(postings);
    // Most pages have none: no spread call for each of 10,000.
    if (page.warnings !== undefined && page.warnings.length > 0) this.#warnings.push(...page.warnings);
  }

  get full(): boolean {
    return this.pages.length >= RUN_PAGES;
  }

  /** The run as one batch; `words` is the cache's word table, which the postings are numbered in. */
  batch(words: readonly string[]): RenderedBatch {
    const numbered = this.#postings.length > 0 ? { numbered: { pages: this.#postings, words } } : {};
    return { pages: this.pages, ...numbered, problems: [], warnings: this.#warnings };
  }
}
