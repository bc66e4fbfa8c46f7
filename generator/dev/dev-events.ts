/** What a dev rebuild did, as the terminal, the open pages and the tests hear of it. */
import type { BuildResult } from '../pipeline/build-result.ts';
import type { ChangePlan } from '../pipeline/change-plan.ts';
import type { OutputDiff } from './output-diff.ts';
import type { DevProblem } from './reload-channel.ts';

export type BuildOutcome =
  /** `plan` is what was saved this time (a failed build's leftovers are redone too, silently). */
  | { ok: true; result: BuildResult; ms: number; plan: ChangePlan; diff?: OutputDiff; swap?: Array<[string, string]> }
  | { ok: false; problems: DevProblem[]; ms: number; plan: ChangePlan; bug?: unknown };

/** What a rebuild did, for tests and the benchmark. */
export interface DevBuildEvent {
  outcome: BuildOutcome;
  /** What the open pages were told: reload, swap the stylesheet, show problems, or nothing. */
  sent: 'reload' | 'css' | 'problems' | 'clear' | 'none';
  revision: string;
}
