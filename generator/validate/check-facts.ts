import type { SiteDefinition } from '../contract/index.ts';
import { ContentError } from '../errors.ts';
import { locate } from '../load/yaml-source.ts';
import { fieldPath } from './describe-issue.ts';
import type { ValidatedContent } from './validate-content.ts';

/**
 * Content that is valid but would publish something not yet true at the build's clock (a
 * calendar winner before the draw). The rules are the site's (a template's `check`); each
 * problem is reported at its field.
 */
export function checkFacts(site: SiteDefinition, content: ValidatedContent, now: Date, errors: ContentError[]): void {
  for (const page of content.pages) {
    const check = site.templates[page.template]?.check;
    if (!check) continue;
    for (const problem of check(page.data, { now })) {
      const { line, column } = locate(page.sourcePage.frontMatter, problem.path);
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
