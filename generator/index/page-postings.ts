/**
 * Each page's search documents with their words counted, as a page cache keeps them: the
 * words numbered in one table of the cache's own (WordNumbering), so a page taken from the
 * cache is added to the index by numbers alone, its words not read or counted again. The
 * threads that render count a batch of pages at a time under numbers of their own
 * (postings.ts BatchPostings); a batch is cut here into its pages, renumbered.
 */
import type { PackedPostings, PagePostings } from '../model/search.ts';

export type { PagePostings };
import { grown } from './word-table.ts';

/** The index's counter for postings numbered by a WordNumbering (render workers are 0, 1, …, this thread -1). */
export const CACHE_THREAD = -2;

export class WordNumbering {
  readonly words: string[];
  readonly #ids = new Map<string, number>();
  /** For each thread's numbering in the render under way: its word numbers → these. */
  readonly #threads = new Map<number, { ids: Int32Array; count: number }>();

  constructor(words: readonly string[] = []) {
    this.words = words.slice();
    // An indexed loop: run once a build, where an iterator of entries is not made fast (40,000 words: 5 ms against 20).
    const ids = this.#ids;
    for (let id = 0; id < this.words.length; id += 1) ids.set(this.words[id] as string, id);
  }

  /** Forgets the threads' numberings: a render's threads number their words afresh. */
  newRender(): void {
    this.#threads.clear();
  }

  idOf(word: string): number {
    let id = this.#ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.#ids.set(word, id);
    }
    return id;
  }

  /** A thread's batch cut into its pages (`counts`: each page's documents, in order), renumbered. */
  pagesOf(packed: PackedPostings, thread: number, counts: readonly number[]): PagePostings[] {
    let known = this.#threads.get(thread);
    if (!known) {
      known = { ids: new Int32Array(1024), count: 0 };
      this.#threads.set(thread, known);
    }
    if (packed.words !== '') {
      for (const word of packed.words.split(' ')) {
        if (known.count === known.ids.length) known.ids = grown(known.ids);
        known.ids[known.count] = this.idOf(word);
        known.count += 1;
      }
    }
    const ids = known.ids;
    const pages: PagePostings[] = [];
    let document = 0;
    for (const count of counts) {
      const first = document === 0 ? 0 : (packed.ends[document - 1] ?? 0);
      const last = document + count === 0 ? 0 : (packed.ends[document + count - 1] ?? first);
      const pairs = packed.pairs.slice(first, last);
      for (let at = 0; at < pairs.length; at += 2) pairs[at] = ids[pairs[at] ?? 0] ?? 0;
      const ends = new Uint32Array(count);
      for (let at = 0; at < count; at += 1) ends[at] = (packed.ends[document + at] ?? first) - first;
      pages.push({ documents: packed.documents.slice(document, document + count), ends, pairs });
      document += count;
    }
    return pages;
  }

  /**
   * The numbering with only the words `pages` use, and their postings renumbered to it: a
   * cache keeps its table from growing with the words of pages long gone.
   */
  static compacted(
    pages: readonly PagePostings[],
    from: WordNumbering,
  ): { numbering: WordNumbering; pages: PagePostings[] } {
    const numbering = new WordNumbering();
    const map = new Int32Array(from.words.length).fill(-1);
    const renumbered = pages.map((page) => {
      const pairs = page.pairs.slice();
      for (let at = 0; at < pairs.length; at += 2) {
        const old = pairs[at] ?? 0;
        let id = map[old] ?? -1;
        if (id === -1) {
          id = numbering.idOf(from.words[old] ?? '');
          map[old] = id;
        }
        pairs[at] = id;
      }
      return { documents: page.documents, ends: page.ends, pairs };
    });
    return { numbering, pages: renumbered };
  }
}

/**
 * Pages' postings as the index takes them (SearchIndexBuilder.append under CACHE_THREAD): the
 * words the numbering has gained since the last, then the pages' documents and pairs.
 */
export class NumberedPages {
  #sent = 0;

  constructor(private readonly words: readonly string[]) {}

  packed(pages: readonly PagePostings[]): PackedPostings {
    const words = this.#sent === this.words.length ? '' : this.words.slice(this.#sent).join(' ');
    this.#sent = this.words.length;
    // One page (a page cache hands them one by one) is packed already: its pairs and ends as they are.
    const [only] = pages;
    if (pages.length === 1 && only) return { documents: only.documents, words, ends: only.ends, pairs: only.pairs };
    const documents = pages.flatMap((page) => page.documents);
    const total = pages.reduce((sum, page) => sum + page.pairs.length, 0);
    const pairs = new Int32Array(total);
    const ends = new Uint32Array(documents.length);
    let at = 0;
    let document = 0;
    for (const page of pages) {
      pairs.set(page.pairs, at);
      for (const end of page.ends) ends[document++] = end + at;
      at += page.pairs.length;
    }
    return { documents, words, ends, pairs };
  }
}
