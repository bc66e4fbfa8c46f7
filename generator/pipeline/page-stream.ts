/**
 * What the build does with each batch of rendered pages, whichever renderer made it: the
 * pages go to the publisher, their problems to the build's, and the batch to everything made
 * from every page (the search index, _headers, the sitemap, the used content files).
 */
import { ContentError, type Problems } from '../errors.ts';
import type { PageConsumer, Publisher } from '../model/pipeline.ts';
import type { PageRecord, RenderedBatch } from '../model/rendered.ts';

export class PageStream {
  /** What is kept of every page taken, in the order taken. */
  readonly records: PageRecord[] = [];

  constructor(
    private readonly publisher: Publisher,
    private readonly problems: Problems,
    private readonly consumers: readonly PageConsumer[],
    private readonly progress?: (done: number, total: number) => void,
  ) {}

  /**
   * Takes every batch of a pass; `also` (the search index) takes them too. With `counted`, the
   * pass's pages are counted out on the progress line (the first pass: most of a build's time).
   */
  async take(
    batches: AsyncIterable<RenderedBatch>,
    options: { also?: Pick<PageConsumer, 'take'>; counted?: number } = {},
  ): Promise<void> {
    const { also, counted } = options;
    let done = 0;
    for await (const batch of batches) {
      for (const problem of batch.problems) this.problems.errors.push(new ContentError(problem));
      for (const warning of batch.warnings) this.problems.warnings.push(new ContentError(warning));
      for (const page of batch.pages) this.publisher.page(page);
      for (const record of recordsOf(batch)) this.records.push(record);
      // Once a batch: on a terminal each count is a write (10,000 pages taken from a cache come in 20 batches).
      if (counted !== undefined && batch.pages.length > 0) {
        done += batch.pages.length;
        this.progress?.(done, counted);
      }
      also?.take(batch);
      for (const consumer of this.consumers) consumer.take(batch);
    }
  }

  /** Writes every consumer's files. */
  async finish(): Promise<void> {
    for (const consumer of this.consumers) {
      for (const [file, data] of consumer.files()) {
        this.publisher.write(file, data);
        // Thousands of search index parts at 10,000 pages: not all of them waiting in memory at once.
        await this.publisher.ready();
      }
    }
  }
}

/**
 * Records already made, by the page and by the batch: neither is changed once made, and a dev
 * session hands on the same page object, and the same batch for a run of pages taken from its
 * cache, at each save that reuses them (pipeline/reused-pages.ts). A run taken from a page cache
 * comes with the records the cache holds (RenderedBatch.records).
 */
const keptRecords = new WeakMap<PageRecord, PageRecord>();
const batchRecords = new WeakMap<RenderedBatch, PageRecord[]>();

function recordsOf(batch: RenderedBatch): PageRecord[] {
  if (batch.records) return batch.records;
  let records = batchRecords.get(batch);
  if (records === undefined) {
    records = batch.pages.map(keptRecordOf);
    batchRecords.set(batch, records);
  }
  return records;
}

function keptRecordOf(page: PageRecord): PageRecord {
  let record = keptRecords.get(page);
  if (record === undefined) {
    record = recordOf(page);
    keptRecords.set(page, record);
  }
  return record;
}

/** What the build keeps of a page: not its HTML. */
export function recordOf(page: PageRecord): PageRecord {
  // Not what it read, nor its warnings (told with its batch): those go to the page cache, if any.
  const { route, source, file, title, noindex, lastmod, securityPolicy, islands, assets, bytes, clock } = page;
  const dated = lastmod === undefined ? {} : { lastmod };
  return { route, source, file, title, noindex, ...dated, securityPolicy, islands, assets, bytes, clock };
}
