import type { ValidatedPage } from '../model/pages.ts';
import type { PageText } from '../model/source.ts';

/**
 * A page as a render job carries it to a worker: without its front matter (the render reads
 * the page's text and body only), and without its body, which is the end of its text: a page
 * crosses between threads as one copy of its text, not two.
 */
export type JobPage = Omit<ValidatedPage, 'sourcePage' | 'frontMatter'> & {
  sourcePage: Omit<PageText, 'body'> & { bodyLength: number };
};

export function toJobPage(page: ValidatedPage): JobPage {
  const { frontMatter: _, sourcePage, ...rest } = page;
  const { file, text, bodyLineOffset, body } = sourcePage;
  return { ...rest, sourcePage: { file, text, bodyLineOffset, bodyLength: body.length } };
}

/** The page as the render reads it again. */
export function fromJobPage(page: JobPage): ValidatedPage {
  const { bodyLength, ...source } = page.sourcePage;
  return { ...page, sourcePage: { ...source, body: source.text.slice(source.text.length - bodyLength) } };
}
