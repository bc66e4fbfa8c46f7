import type { FieldProblem, SiteDefinition } from '../contract/index.ts';
import { type ClockLedger, RecordingClock } from '../clock.ts';
import { ContentError } from '../errors.ts';
import type { ValidatedContent } from '../model/pages.ts';
import { positionOf } from '../source-positions.ts';
import { fieldPath } from './describe-issue.ts';

/**
 * Content that is valid but would publish something not yet true at the build's clock (a
 * calendar winner before the draw), and content that is overdue there (a draw long past with no
 * winner). The rules are the site's (a template's `check` and `warnings`); each problem is
 * reported at its field, the overdue ones as warnings.
 */
export function checkFacts(
  site: SiteDefinition,
  content: ValidatedContent,
  clocks: ClockLedger,
  errors: ContentError[],
  warnings: ContentError[] = [],
): void {
  for (const page of content.pages) {
    const template = site.templates[page.template];
    const frontMatter = page.frontMatter;
    if (!template || !frontMatter) continue;
    const context = { now: clocks.clock(page.source) };
    // A warning's clock is not noted: it changes what the build says, never its output (the next change).
    const unnoted = { now: new RecordingClock(clocks.now, clocks.timeZone) };
    const at = (problem: FieldProblem) => ({
      file: page.source,
      ...positionOf(frontMatter, problem.path),
      field: fieldPath(problem.path),
      message: problem.message,
      hint: problem.hint,
    });
    for (const problem of template.check?.(page.data, context) ?? [])
      errors.push(new ContentError({ code: 'ahead-of-time', ...at(problem) }));
    for (const problem of template.warnings?.(page.data, unnoted) ?? [])
      warnings.push(new ContentError({ code: 'overdue', ...at(problem) }));
  }
}
