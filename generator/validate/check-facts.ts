import type { SiteDefinition } from '../contract/index.ts';
import type { ClockLedger } from '../clock.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedContent } from '../model/pages.ts';
import { positionOf } from '../source-positions.ts';
import { fieldPath } from './describe-issue.ts';

/**
 * Content that is valid but would publish something not yet true at the build's clock (a
 * calendar winner before the draw). The rules are the site's (a template's `check`); each
 * problem is reported at its field.
 */
export function checkFacts(
  site: SiteDefinition,
  content: ValidatedContent,
  clocks: ClockLedger,
  errors: ContentError[],
): void {
  for (const page of content.pages) {
    const check = site.templates[page.template]?.check;
    if (!check || !page.frontMatter) continue;
    for (const problem of check(page.data, { now: clocks.clock(page.source) })) {
      const { line, column } = positionOf(page.frontMatter, problem.path);
      errors.push(
        new ContentError({
          code: 'ahead-of-time',
          file: page.source,
          line,
          column,
          field: fieldPath(problem.path),
          message: problem.message,
          hint: problem.hint,
        }),
      );
    }
  }
}
