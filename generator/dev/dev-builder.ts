import path from 'node:path';
import { setImmediate as yieldToRequests, setTimeout as sleep } from 'node:timers/promises';
import { build, type BuildResult } from '../build.ts';
import { BuildFailed, formatError } from '../errors.ts';
import { type PageCache, stampOf } from '../load/load-content.ts';
import { RenderCache } from '../render/render-cache.ts';
import type { ValidatedPages } from '../validate/validate-content.ts';
import { normalizeBase } from '../urls.ts';
import { EMPTY_PLAN, mergePlans, type ChangePlan } from './change-plan.ts';
import { diffOutputs, stylesheetSwap, type OutputDiff } from './output-diff.ts';
import type { DevProblem } from './reload-channel.ts';
import { carryDeferred } from './served-files.ts';

export interface DevBuildOptions {
  root: string;
  contentDir: string;
  now?: string;
  base: string;
  origin?: string;
}

export type BuildOutcome =
  /** `plan` is what was saved this time (a failed build's leftovers are redone too, silently). */
  | { ok: true; result: BuildResult; ms: number; plan: ChangePlan; diff?: OutputDiff; swap?: Array<[string, string]> }
  | { ok: false; problems: DevProblem[]; ms: number; plan: ChangePlan; bug?: unknown };

/** A file that vanished or changed kind between listing and reading: an editor mid-save. */
function isSaveRace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (
    !(error instanceof BuildFailed) && ['ENOENT', 'EISDIR', 'ENOTDIR', 'EBUSY', 'EPERM', 'EACCES'].includes(code ?? '')
  );
}

export function problemsOf(error: unknown): DevProblem[] {
  if (error instanceof BuildFailed) {
    return error.errors.map((problem) => ({
      location: problem.location,
      field: problem.field,
      message: problem.message,
      hint: problem.hint,
      text: formatError(problem),
    }));
  }
  const message = error instanceof Error ? error.message : String(error);
  const hint =
    'This is a bug in clubsite, not in your content: the terminal shows the full trace. Saving a file tries again.';
  return [{ location: '(clubsite)', message, hint, text: `✖ (clubsite)\n  ${message}\n  Hint: ${hint}` }];
}

/**
 * Keeps the last good build and makes the next one with as little work as the change needs:
 * the site module and the client bundle of the last good build are reused unless a change
 * (or an earlier failed build) touched them. A failed build leaves the last good site as it was.
 */
export class DevBuilder {
  last: BuildResult | undefined;
  problems: DevProblem[] = [];
  /** What failed builds still owe: a template that failed to bundle is bundled again next time. */
  private owed: ChangePlan = { ...EMPTY_PLAN, site: true, client: true };
  /** Pages of earlier builds: parsed again only when their text changed, rendered again only when what they are made of changed. */
  private readonly parsed: PageCache = new Map();
  private readonly validated: ValidatedPages = new WeakMap();
  private readonly rendered = new RenderCache();
  /**
   * Set once the watcher watches: from then on a file it has not reported is not looked at
   * (stat) on each save, 10,000 of them at 10,000 pages; changedOnDisk checks them after.
   */
  private watching = false;

  constructor(private readonly options: DevBuildOptions) {}

  async run(change: ChangePlan): Promise<BuildOutcome> {
    const plan = mergePlans(this.owed, change);
    const start = performance.now();
    let result: BuildResult;
    try {
      result = await this.buildOnce(plan).catch(async (error: unknown) => {
        if (!isSaveRace(error)) throw error;
        await sleep(40);
        return this.buildOnce(plan);
      });
    } catch (error) {
      this.owed = plan;
      this.problems = problemsOf(error);
      const bug = error instanceof BuildFailed ? undefined : error;
      return { ok: false, problems: this.problems, ms: performance.now() - start, plan: change, bug };
    }
    this.owed = EMPTY_PLAN;
    this.problems = [];
    const previous = this.last;
    this.last = result;
    if (!previous) return { ok: true, result, ms: performance.now() - start, plan: change };
    const diff = diffOutputs(previous.files, result.files);
    carryDeferred(previous, result, diff);
    const swap = stylesheetSwap(
      { files: previous.files, styles: previous.client.styles },
      { files: result.files, styles: result.client.styles },
      diff,
      normalizeBase(this.options.base),
    );
    return { ok: true, result, ms: performance.now() - start, plan: change, diff, swap };
  }

  /** The watcher is watching the content: a file it did not report is as it was read. */
  trustWatcher(): void {
    this.watching = true;
  }

  /**
   * Files read earlier that are not as they were read (a change the watcher missed), checked
   * a few hundred at a time so that requests are answered in between.
   */
  async changedOnDisk(): Promise<string[]> {
    const changed: string[] = [];
    let checked = 0;
    for (const [file, entry] of [...this.parsed]) {
      if (entry.stamp === undefined) continue;
      if (stampOf(file) !== entry.stamp) changed.push(file);
      checked += 1;
      if (checked % 500 === 0) await yieldToRequests();
    }
    return changed;
  }

  private buildOnce(plan: ChangePlan): Promise<BuildResult> {
    const { root, contentDir, base, origin } = this.options;
    const reported = new Set(plan.files.map((file) => path.resolve(root, file)));
    const reuse = {
      unchanged: this.watching ? (file: string) => !reported.has(file) : undefined,
      site: this.last && !plan.site ? this.last.site : undefined,
      client: this.last && !plan.client ? this.last.client : undefined,
      parsed: this.parsed,
      validated: this.validated,
      rendered: this.rendered,
    };
    // Drafts and posts dated later are shown while editing, marked as such.
    // The search index is made when a page reads it, not on every save.
    return build({ root, contentDir, now: this.now(), base, origin, reuse, drafts: true, deferSearchIndex: true });
  }

  /**
   * --now, else CLUBSITE_NOW, else the clock at this rebuild to the minute: pages rendered in
   * the same minute are reused, and a page that shows the time is at most a minute behind.
   */
  private now(): string | Date | undefined {
    if (this.options.now !== undefined || process.env.CLUBSITE_NOW) return this.options.now;
    return new Date(Math.floor(Date.now() / 60_000) * 60_000);
  }
}
