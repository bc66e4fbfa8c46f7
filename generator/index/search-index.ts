import Fuse from 'fuse.js';
import { contentHash } from '../hash.ts';
import { mainOfHtml, textOfHtml } from '../render/text-of-html.ts';
import type { RenderedPage } from '../render/render-pages.ts';

export interface SearchDocument {
  /** The page's route: unique, and what the documents are ordered by. */
  id: string;
  title: string;
  /** Public URL (base path and trailing slash included). */
  url: string;
  /** Everything a visitor reads on the page, as plain text in one line. */
  content: string;
}

/** The keys the index covers: the browser must give Fuse the same list. */
export const SEARCH_KEYS = ['title', 'content'] as const;

type FuseIndexJson = ReturnType<ReturnType<typeof Fuse.createIndex<SearchDocument>>['toJSON']>;

/**
 * The file the browser fetches. Each entry holds a document next to its prebuilt index record,
 * whose text is the same: side by side, gzip stores that text once (its window is 32 KB),
 * where a list of documents followed by the whole index would hold it twice once the site
 * grows. The browser takes the entries apart and hands the records to `Fuse.parseIndex`.
 */
export interface SearchIndexJson {
  keys: FuseIndexJson['keys'];
  entries: Array<{ document: SearchDocument; record: FuseIndexJson['records'][number] }>;
}

export interface SearchIndexFile {
  path: string;
  json: string;
  documents: number;
}

/** What a visitor can find on a page: its main content as text, plus what its widgets can show. */
export function searchDocument(page: RenderedPage, href: (route: string) => string): SearchDocument {
  const title = tidy(page.page.title);
  const text = tidy(textOfHtml(withoutTitleHeading(mainOfHtml(page.html), title)));
  const content = [text, unseenSentences(tidy(page.searchText), text)].filter((part) => part !== '').join(' ');
  return { id: page.route, title, url: href(page.route), content };
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
 * Every indexable page as a document, in route order, with the Fuse.js index prebuilt so the
 * browser only parses it. The file name carries a content hash; the same pages give the same
 * bytes.
 */
export function buildSearchIndex(pages: RenderedPage[], href: (route: string) => string): SearchIndexFile {
  const documents = pages
    .filter((page) => !page.noindex)
    .map((page) => searchDocument(page, href))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const index = Fuse.createIndex<SearchDocument>([...SEARCH_KEYS], documents).toJSON();
  const records = new Map(index.records.map((record) => [record.i, record]));
  const file: SearchIndexJson = {
    keys: index.keys,
    entries: documents.map((document, position) => ({
      document,
      record: records.get(position) ?? { i: position, $: {} },
    })),
  };
  const json = JSON.stringify(file);
  return { path: `assets/search-${contentHash(json)}.json`, json, documents: documents.length };
}

/** One line of text in composed Unicode, so «å» typed by a visitor matches «å» in the content. */
function tidy(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
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
