/**
 * The search index of a dev build, made when it is first asked for, not on every save: on a
 * site of 10,000 pages, counting 40,000 documents into postings and splitting them into parts
 * takes seconds, and a volunteer saving a page wants to see that page. The build keeps each
 * page's postings (the page cache keeps them anyway), renders the pages that show
 * the index with a stand-in (so their problems are told at once), and makes the real index,
 * those pages and the files that list every page the first time one of them is read. What it
 * makes is byte for byte what `build` writes (BuildOptions.deferSearchIndex).
 */
import type { PageRecord, RenderedBatch } from '../model/rendered.ts';
import type { PagePostings } from '../model/search.ts';
import { SearchIndexBuilder, type SearchIndexFile } from './search-index.ts';

export type MadeFiles = ReadonlyMap<string, string | Uint8Array>;

/** The files of the output made from every page's output, not only its own (gather-output.ts). */
export const FILES_OF_ALL_PAGES = ['_headers', 'sitemap.xml'] as const;

export class DeferredSearch {
  /** Each indexed page's postings, in index order (pages by route), numbered in the page cache's table. */
  private readonly pages: PagePostings[] = [];
  /** That table's words. */
  private words: readonly string[] = [];
  private documentCount = 0;
  /** Files that hold the stand-in until the index is made: the pages that show it, and FILES_OF_ALL_PAGES. */
  provisional: ReadonlySet<string> = new Set();
  /** The pages that show the index as rendered with the stand-in: they change when anything they show does. */
  private lateKey = '';
  /** What the files that list every page are made of. */
  private outputs: readonly PageRecord[] = [];
  private make: ((index: SearchIndexFile) => MadeFiles) | undefined;
  private madeIndex: SearchIndexFile | undefined;
  private made: MadeFiles | undefined;

  /** Takes a batch of the first pass: each page's postings travel with it, as the page cache keeps them (pipeline/incremental-renderer.ts). */
  take(batch: RenderedBatch): void {
    if (!batch.numbered) return;
    this.words = batch.numbered.words;
    for (const page of batch.numbered.pages) {
      this.pages.push(page);
      this.documentCount += page.documents.length;
    }
  }

  /** How many documents the index will hold. */
  get documents(): number {
    return this.documentCount;
  }

  /** What the pages that show the index are first rendered with: never served (they are provisional). */
  standIn(): SearchIndexFile {
    return {
      path: 'assets/search-pending.json',
      files: new Map(),
      folder: 'assets/search/pending',
      count: 0,
      reused: 0,
      documents: this.documentCount,
      bytes: 0,
    };
  }

  /** Called once the build is done, with how to make the real files from the index. */
  finish(
    provisional: ReadonlySet<string>,
    lateKey: string,
    outputs: readonly PageRecord[],
    make: (index: SearchIndexFile) => MadeFiles,
  ): void {
    this.provisional = provisional;
    this.lateKey = lateKey;
    this.outputs = outputs;
    this.make = make;
  }

  /** The index, made the first time it is asked for. */
  index(): SearchIndexFile {
    if (!this.madeIndex) {
      const builder = new SearchIndexBuilder();
      builder.appendNumbered({ pages: this.pages, words: this.words });
      this.madeIndex = builder.finish();
    }
    return this.madeIndex;
  }

  /** The index's files, the pages that show it and FILES_OF_ALL_PAGES, made the first time they are asked for. */
  files(): MadeFiles {
    if (!this.made) {
      if (!this.make) throw new Error('The deferred search index was read before its build finished.');
      this.made = this.make(this.index());
    }
    return this.made;
  }

  get isMade(): boolean {
    return this.made !== undefined;
  }

  /**
   * Whether `earlier` (the last build's) is made of the same: the same pages showing the index,
   * the same pages to list, and the same documents, as the same objects (pages the render
   * cache reused) or, with `byValue`, word for word. Then this build takes over what it made.
   */
  takeOver(earlier: DeferredSearch, byValue: boolean): boolean {
    if (earlier.lateKey !== this.lateKey || earlier.pages.length !== this.pages.length) return false;
    if (!sameOutputs(this.outputs, earlier.outputs)) return false;
    const same = this.pages.every((page, at) => page === earlier.pages[at]);
    if (!same && !(byValue && this.pages.every((page, at) => samePostings(page, earlier.pages[at])))) {
      return false;
    }
    this.madeIndex ??= earlier.madeIndex;
    this.made ??= earlier.made;
    return true;
  }
}

function sameOutputs(a: readonly PageRecord[], b: readonly PageRecord[]): boolean {
  return (
    a.length === b.length &&
    a.every((page, at) => {
      const other = b[at];
      // Most are the very records of the last build (a dev save hands on its records: pipeline/page-stream.ts).
      return (
        page === other ||
        (other !== undefined &&
          page.route === other.route &&
          page.noindex === other.noindex &&
          page.securityPolicy === other.securityPolicy &&
          page.lastmod === other.lastmod)
      );
    })
  );
}

/** The same documents with the same words (numbered in the one table a dev session keeps). */
function samePostings(a: PagePostings, b: PagePostings | undefined): boolean {
  if (!b || a.documents.length !== b.documents.length || a.pairs.length !== b.pairs.length) return false;
  const sameDocument = (document: PagePostings['documents'][number], at: number) => {
    const other = b.documents[at];
    return (
      other !== undefined &&
      document.title === other.title &&
      document.url === other.url &&
      document.content === other.content
    );
  };
  return (
    a.documents.every(sameDocument) &&
    a.ends.every((end, at) => end === b.ends[at]) &&
    a.pairs.every((pair, at) => pair === b.pairs[at])
  );
}
