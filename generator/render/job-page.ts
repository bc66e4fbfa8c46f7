import type { ValidatedPage } from '../validate/validate-content.ts';

/**
 * A page as a render job carries it to a worker: without its parsed front matter (the render
 * reads the page's text and body only), and without its body, which is the end of its text:
 * a page crosses between threads as one copy of its text, not two.
 */
export type JobPage = Omit<ValidatedPage, 'sourcePage'> & {
  sourcePage: Omit<ValidatedPage['sourcePage'], 'frontMatter' | 'body'> & { bodyLength: number };
};

export function toJobPage(page: ValidatedPage): JobPage {
  const { frontMatter: _, body, ...source } = page.sourcePage;
  return { ...page, sourcePage: { ...source, bodyLength: body.length } };
}

/** The page as the render reads it again (its front matter, which the render does not read, left out). */
export function fromJobPage(page: JobPage): ValidatedPage {
  const { bodyLength, ...source } = page.sourcePage;
  const body = source.text.slice(source.text.length - bodyLength);
  return { ...page, sourcePage: { ...source, body } as ValidatedPage['sourcePage'] };
}
