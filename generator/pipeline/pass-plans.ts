/**
 * The last plan of each pass a dev session rendered (incremental-renderer.ts), so that a save
 * does not look up again, one by one, the 10,000 pages it did not touch. A page's lookup is a
 * function of the page object (its file and own key are made once per object), its cache entry,
 * the pass's keys, the build's instant, and whether any read answer turned since its reads were
 * found the same (the read checker's version). When all of these are as they were, the step is
 * what the lookup gives again: the entry is still what a render would make now.
 */
import type { ValidatedPage } from '../model/pages.ts';
import type { CachedPage } from './page-cache.ts';

interface PageStep {
  page: ValidatedPage;
  /** Its file in the output: what the cache knows it by. */
  file: string;
  own: string;
}

/**
 * A page of the pass: with its cache entry, when that is still what a render would make now,
 * and where its HTML is (in memory, or the file that holds it); else why it is rendered. One
 * object per page: 10,000 of them a build. The page a publisher takes is made from it as its
 * run goes on (reused-pages.ts), not here: 10,000 copies of a record would outlive the plan.
 */
export type PlanStep =
  | (PageStep & { cached: CachedPage; html: string; reason?: undefined })
  | (PageStep & { cached?: undefined; html?: undefined; reason: string });

/** What a plan was made under: every page's lookup depends on these besides the page and its entry. */
interface PlanInputs {
  shared: string;
  index: string;
  now: number;
  /** The read checker's version once it answered in the pass's context. */
  version: number;
}

interface Plan extends PlanInputs {
  pages: readonly ValidatedPage[];
  steps: readonly PlanStep[];
}

export class PassPlans {
  /** By the pass: the first pass, the pages that show the index, the 404 page (passKey). */
  readonly #plans = new Map<string, Plan>();

  /**
   * The steps of the last plan that hold now, by position in the pass (undefined where the
   * page must be looked up): the same page object at the same place, taken from the cache with
   * HTML in memory, its entry still the cache's, under the same inputs.
   */
  holding(
    pages: readonly ValidatedPage[],
    inputs: PlanInputs,
    entryOf: (file: string) => CachedPage | undefined,
  ): Array<PlanStep | undefined> {
    const last = this.#plans.get(passKey(pages, inputs));
    const held = new Array<PlanStep | undefined>(pages.length);
    if (!last || !sameInputs(last, inputs)) return held;
    const count = Math.min(pages.length, last.pages.length);
    for (let at = 0; at < count; at += 1) {
      const step = last.steps[at];
      if (step === undefined || pages[at] !== last.pages[at]) continue;
      // Its HTML in memory (the page a publisher takes is then whole: reused-pages.ts).
      if (step.cached?.html !== undefined && entryOf(step.file) === step.cached) held[at] = step;
    }
    return held;
  }

  /** Keeps the pass's plan for the next build. */
  keep(pages: readonly ValidatedPage[], steps: readonly PlanStep[], inputs: PlanInputs): void {
    this.#plans.set(passKey(pages, inputs), { ...inputs, pages, steps });
  }
}

/** A pass, told apart from the others by the index it shows and its first page (the first pass and the 404 page's show none). */
const passKey = (pages: readonly ValidatedPage[], inputs: PlanInputs) => `${inputs.index}\n${pages[0]?.route ?? ''}`;

function sameInputs(a: PlanInputs, b: PlanInputs): boolean {
  return a.shared === b.shared && a.index === b.index && a.now === b.now && a.version === b.version;
}
