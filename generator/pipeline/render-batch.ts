/**
 * Renders a batch of pages on the thread it runs on (this one, or a render worker: the same
 * code), and counts their search documents where they were rendered. What comes back is plain
 * data: the pages, their postings and their problems as details (ErrorDetails), which cross
 * between threads as they are.
 */
import type { SiteDefinition } from '../contract/index.ts';
import { type ContentError, errorDetails } from '../errors.ts';
import type { BatchPostings } from '../index/postings.ts';
import { indexPage } from '../index/search-index.ts';
import type { ValidatedPage } from '../model/pages.ts';
import type { RenderContext } from '../model/render-context.ts';
import type { RenderedBatch, RenderedPage } from '../model/rendered.ts';
import { environmentOf } from '../render/render-environment.ts';
import { renderPage } from '../render/render-page.ts';

/** How a batch's search documents are counted: into a thread's postings, sent a batch at a time (none: not indexed). */
type Counting = { postings: BatchPostings; thread: number } | undefined;

export function renderBatch(
  site: SiteDefinition,
  context: RenderContext,
  pages: readonly ValidatedPage[],
  counting: Counting,
  /** Whether the thread's postings counted so far go with this batch (false: they wait for a later one). */
  take = true,
): RenderedBatch {
  const environment = environmentOf(site, context);
  const { href } = environment.urls;
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const rendered: RenderedPage[] = [];
  for (const page of pages) {
    const before = warnings.length;
    const done = renderPage(environment, page, errors, warnings);
    if (!done) continue;
    if (warnings.length > before) done.warnings = warnings.slice(before).map(errorDetails);
    if (counting) done.documentCount = indexPage(counting.postings, done, href, context.snippet);
    rendered.push(done);
  }
  return {
    pages: rendered,
    ...(counting && take ? { postings: { packed: counting.postings.take(), thread: counting.thread } } : {}),
    problems: errors.map(errorDetails),
    warnings: warnings.map(errorDetails),
  };
}
