import type { BuildResult } from '../pipeline/build-result.ts';
import type { ChangePlan } from '../pipeline/change-plan.ts';
import { BuildSession, type SessionOptions } from '../pipeline/session.ts';
import { BuildFailed, formatErrorIn, type Language } from '../errors.ts';
import { languageOf } from '../messages/say.ts';
import { SUMMARY_WORDS } from '../messages/summary-words.ts';
import { normalizeBase } from '../urls.ts';
import type { BuildOutcome } from './dev-events.ts';
import type { DevSpeech } from './dev-log.ts';
import { diffOutputs, stylesheetSwap } from './output-diff.ts';
import type { DevProblem } from './reload-channel.ts';
import { carryDeferred } from './served-files.ts';

export type { BuildOutcome };

/** A failed build's problems for the pages' overlay and the terminal, in the site's language. */
function problemsOf(error: unknown, language: Language = 'en'): DevProblem[] {
  if (error instanceof BuildFailed) {
    const spoken = error.language ?? language;
    return error.errors.map((problem) => ({
      location: problem.location,
      field: problem.field,
      ...problem.wordedIn(spoken),
      text: formatErrorIn(problem, spoken),
      words: SUMMARY_WORDS[spoken].overlay,
    }));
  }
  const message = error instanceof Error ? error.message : String(error);
  const words = SUMMARY_WORDS[language];
  const text = `✖ (clubsite)\n  ${message}\n  ${words.hint}: ${words.bug}`;
  return [{ location: '(clubsite)', message, hint: words.bug, text, words: words.overlay }];
}

/**
 * The dev server's side of a build session (pipeline/session.ts): each save updates the session,
 * and what it made is compared with the last good build, so the open pages are told exactly
 * what changed (a stylesheet swapped in place, or a reload). A failed build leaves the last
 * good site as it was, and its problems are kept for the pages' overlay.
 */
export class DevBuilder {
  problems: DevProblem[] = [];
  /** How the terminal speaks: the language and time zone of the last build that read the site. */
  speech: DevSpeech = { language: 'en' };
  readonly #session: BuildSession;

  constructor(private readonly options: SessionOptions) {
    this.#session = new BuildSession(options);
  }

  /** The last good build: what is served. */
  get last(): BuildResult | undefined {
    return this.#session.last;
  }

  async run(plan: ChangePlan): Promise<BuildOutcome> {
    const start = performance.now();
    const previous = this.#session.last;
    let result: BuildResult;
    try {
      result = await this.#session.update(plan.files);
    } catch (error) {
      if (error instanceof BuildFailed && error.language) this.speech = { ...this.speech, language: error.language };
      this.problems = problemsOf(error, this.speech.language);
      const bug = error instanceof BuildFailed ? undefined : error;
      return { ok: false, problems: this.problems, ms: performance.now() - start, plan, bug };
    }
    this.problems = [];
    this.speech = { language: languageOf(result.site.site.lang), timeZone: result.site.site.timeZone };
    if (!previous) return { ok: true, result, ms: performance.now() - start, plan };
    const diff = diffOutputs(previous.files, result.files);
    carryDeferred(previous, result, diff);
    const swap = stylesheetSwap(
      { files: previous.files, styles: previous.client.styles },
      { files: result.files, styles: result.client.styles },
      diff,
      normalizeBase(this.options.base),
    );
    return { ok: true, result, ms: performance.now() - start, plan, diff, swap };
  }

  /** Whether the saved files hold just what the last good build read (pipeline/session.ts): nothing to build. */
  readAsBefore(files: readonly string[]): boolean {
    return this.#session.readAsBefore(files);
  }

  /** The watcher is watching the content: a file it did not report is as it was read. */
  trustWatcher(): void {
    this.#session.trustWatcher();
  }

  /** Files read earlier that are not as they were read (a change the watcher missed); it ends early once `stop` says so. */
  changedOnDisk(stop?: () => boolean): Promise<string[]> {
    return this.#session.changedOnDisk(stop);
  }
}
