import type { RenderedBatch, RenderedPage } from '../model/rendered.ts';
import type { CountedDocument, KeptIndex, NumberedPostings, PackedPostings, PagePostings } from '../model/search.ts';
import { foldSpaces, mainOfHtml, textOfHtml } from '../text-of-html.ts';
import { SNIPPET_LENGTH } from '../validate/site-settings.ts';
import { type BatchPostings, countDocument, Postings } from './postings.ts';
import { CACHE_THREAD, NumberedPages } from './page-postings.ts';
import { mergedPostings } from './merge-postings.ts';
import { type PartWriter, splitPostings } from './split-index.ts';

interface SearchDocument {
  /** The page's route, or route#anchor for a part of it: unique, and what the documents are ordered by. */
  id: string;
  title: string;
  /** Public URL (base path and trailing slash included). */
  url: string;
  /** Everything a visitor reads on the page, as plain text in one line. */
  content: string;
  /** The page's description: words that weigh as its title's (IndexDocument.naming). */
  naming?: string;
}

export interface SearchIndexFile {
  /** The manifest, the one file the search page links. */
  path: string;
  /** The files left to write: the manifest and every part, or only the manifest when the parts were written as they were made (SearchIndexBuilder.finish). */
  files: Map<string, string>;
  /** The parts' folder; written as they were made, they are under UNNAMED_PARTS until it is renamed to this. */
  folder: string;
  /** How many files the index is, the manifest included. */
  count: number;
  documents: number;
  /** Bytes of all files together. */
  bytes: number;
  /** The JSON of every file, when all together are at most SMALL_INDEX_BYTES (a build's summary gives their gzip size). */
  texts?: string[];
  /** Parts linked from those the last build kept, not made again. */
  reused: number;
}

export { SMALL_INDEX_BYTES } from './index-parts.ts';

/** What a visitor can find on a page: its main content as text, plus what its widgets can show. */
export function searchDocument(page: RenderedPage, href: (route: string) => string): SearchDocument {
  const title = tidy(page.page.title);
  // textOfHtml folds its spaces already: only the composition is left to make the same.
  const text = textOfHtml(withoutTitleHeading(mainOfHtml(page.html), title)).normalize('NFC');
  const content = [text, unseenSentences(tidy(page.searchText), text)].filter((part) => part !== '').join(' ');
  // The description says what the page is about, as its title does. (Its headings were tried
  // too: on the relevance list they named too much, precision at 5 0.637 → 0.595.)
  const naming = tidy(page.page.description ?? '');
  return { id: page.route, title, url: href(page.route), content, ...(naming === '' ? {} : { naming }) };
}

/**
 * Each part of a page with an anchor of its own (a `##` section, an FAQ question, a course
 * level, a calendar door) as a document: «Hval – Svømmeopplæring» at /kurs/#hval, whose
 * content is that part's own text, so the snippet says why it matched.
 */
function sectionDocuments(page: RenderedPage, href: (route: string) => string): SearchDocument[] {
  const pageTitle = tidy(page.page.title);
  return page.sections
    .map((section) => ({
      id: `${page.route}#${section.anchor}`,
      title: `${tidy(section.title)} – ${pageTitle}`,
      url: `${href(page.route)}#${section.anchor}`,
      content: tidy(section.text),
    }))
    .filter((document) => document.content !== '');
}

/**
 * The sentences of a template's extra text that the page does not already show: the same
 * words twice make the index bigger and the search slower, and find nothing new.
 */
function unseenSentences(extra: string, shown: string): string {
  return extra
    .split(/(?<=[.!?…])\s+/)
    .filter((sentence) => !shown.includes(sentence))
    .join(' ');
}

/**
 * A rendered page's documents in index order: the page, then its parts by anchor (none for a
 * page kept out of search). Made where the page is rendered, from what the render produced.
 */
export function pageDocuments(page: RenderedPage, href: (route: string) => string): SearchDocument[] {
  if (page.noindex) return [];
  const parts = sectionDocuments(page, href).sort((a, b) => byText(a.id, b.id));
  return [searchDocument(page, href), ...parts];
}

/**
 * Adds a rendered page's documents to the batch a thread is counting (BatchPostings), their
 * words counted; `snippet` characters of each text are kept. Returns how many it added.
 */
export function indexPage(
  postings: BatchPostings,
  page: RenderedPage,
  href: (route: string) => string,
  snippet: number,
): number {
  const documents = pageDocuments(page, href);
  for (const document of documents) postings.addDocument(document, snippet);
  return documents.length;
}

/** The documents of the indexable pages in index order: pages by route, each followed by its parts. */
export function searchDocuments(pages: RenderedPage[], href: (route: string) => string): SearchDocument[] {
  return [...pages].sort((a, b) => byText(a.route, b.route)).flatMap((page) => pageDocuments(page, href));
}

/**
 * Every indexable page as a document, and each of its parts, in index order, split into the
 * parts a query fetches on demand (split-index.ts). The same pages give the same bytes and
 * the same hashed names, in whatever order they come.
 */
export function buildSearchIndex(
  pages: RenderedPage[],
  href: (route: string) => string,
  snippet = SNIPPET_LENGTH,
): SearchIndexFile {
  const index = new SearchIndexBuilder();
  for (const document of searchDocuments(pages, href)) index.add(countDocument(document, snippet));
  return index.finish();
}

/**
 * The index built a document at a time, in index order (pages by route): a build adds each
 * page's counted documents as its render comes back, and holds no page's whole text. With a
 * kept index, the pages of a page cache are ranges of it, and only the pages rendered now add
 * postings (merge-postings.ts).
 */
export class SearchIndexBuilder {
  readonly #postings = new Postings();
  /** The page cache's postings packed as the index takes them (NumberedPages keeps what it sent of the words). */
  #numbered: NumberedPages | undefined;
  /** With a kept index: every page's postings in order, and the table they are numbered in. */
  readonly #pages: PagePostings[] = [];
  #words: readonly string[] = [];

  constructor(private readonly kept?: KeptIndex) {}

  add(document: CountedDocument): void {
    this.#postings.add(document);
  }

  /** Adds a batch of rendered pages' documents: counted with the batch, or numbered by a page cache. */
  take(batch: RenderedBatch): void {
    if (batch.postings) this.append(batch.postings.packed, batch.postings.thread);
    if (batch.numbered) this.appendNumbered(batch.numbered);
  }

  /** Adds pages' postings numbered in a page cache's word table (one table for a whole build). */
  appendNumbered({ pages, words }: NumberedPostings): void {
    if (this.kept) {
      this.#words = words;
      for (const page of pages) this.#pages.push(page);
      if (this.kept.data) return;
    }
    this.#numbered ??= new NumberedPages(words);
    this.append(this.#numbered.packed(pages), CACHE_THREAD);
  }

  /** Adds the documents of a run of pages, counted where they were rendered (a batch of thread `from`: see BatchPostings). */
  append(packed: PackedPostings, from: number): void {
    // A kept index takes pages only as a page cache numbers them.
    if (this.kept?.data)
      throw new Error('A build with a kept search index was given postings not numbered by its page cache.');
    this.#postings.append(packed, from);
  }

  /**
   * Splits the index into its parts. With a writer, each part is handed to it as it is made, or
   * linked from the parts it kept (under UNNAMED_PARTS: the caller renames that folder to
   * `folder`), and only the manifest is left in `files`.
   */
  finish(writer?: PartWriter): SearchIndexFile {
    const { kept } = this;
    const merged = kept?.data && mergedPostings(kept.data, this.#pages, (page) => kept.rangeOf(page), this.#words);
    const postings = merged
      ? {
          lists: merged.lists,
          documents: merged.documents,
          same: { ...merged, sameList: merged.lists.sameList, keptIds: merged.lists.keptIds },
        }
      : this.#postings;
    kept?.made(postings.lists, this.#pages);
    return { ...splitPostings(postings, {}, writer), documents: postings.documents.length };
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One line of text in composed Unicode, so «å» typed by a visitor matches «å» in the content. */
function tidy(text: string): string {
  return foldSpaces(text.normalize('NFC'));
}

/**
 * The page without its first <h1> when that heading is the title: the title is a key of its
 * own, and a snippet should start with what the page says, not repeat its name.
 */
function withoutTitleHeading(html: string, title: string): string {
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!heading || tidy(textOfHtml(heading[1] ?? '')) !== title) return html;
  return html.slice(0, heading.index) + html.slice(heading.index + heading[0].length);
}
