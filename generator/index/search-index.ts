import Fuse from 'fuse.js';
import { contentHash } from '../hash.ts';
import { mainOfHtml, textOfHtml } from '../render/text-of-html.ts';
import type { RenderedPage } from '../render/render-pages.ts';

export interface SearchDocument {
  id: string;
  title: string;
  url: string;
  content: string;
}

/** The keys the index covers: the same list must be given to Fuse in the browser. */
export const SEARCH_KEYS = ['title', 'content'] as const;

export interface SearchIndexFile {
  path: string;
  json: string;
  documents: number;
}

/** What a visitor can find on a page: its main content as text, plus what its widgets can show. */
export function searchDocument(page: RenderedPage, href: (route: string) => string): SearchDocument {
  const content = [textOfHtml(mainOfHtml(page.html)), page.searchText].filter((text) => text !== '').join(' ');
  return { id: page.route, title: page.page.title, url: href(page.route), content };
}

/**
 * Every indexable page as a document, with the Fuse.js index prebuilt so the browser only
 * loads it. The file name carries a content hash.
 */
export function buildSearchIndex(pages: RenderedPage[], href: (route: string) => string): SearchIndexFile {
  const documents = pages
    .filter((page) => !page.noindex)
    .map((page) => searchDocument(page, href))
    .sort((a, b) => a.id.localeCompare(b.id));
  const index = Fuse.createIndex([...SEARCH_KEYS], documents);
  const json = JSON.stringify({ keys: SEARCH_KEYS, documents, index: index.toJSON() });
  return { path: `assets/search-${contentHash(json)}.json`, json, documents: documents.length };
}
