/**
 * The level finder's steps as pure functions: which question is shown, which answers led
 * there (the history, for «Tilbake») and the result, if one is shown. The widget only keeps
 * this state and renders it.
 */

/** Where an answer leads: to another question (by its index) or to a result (by its key). */
export type Branch = { next: number } | { result: string };

export interface Step {
  question: string;
  yes: Branch;
  no: Branch;
}

export type Answer = 'yes' | 'no';

export interface FinderState {
  /** The question shown (or, with a result, the question that led to it). */
  index: number;
  /** Questions answered before, oldest first: «Tilbake» returns to the last one. */
  history: number[];
  /** The key of the result shown, or null while questions remain. */
  result: string | null;
}

/** Question 0, empty history, no result. */
export function startState(): FinderState {
  return { index: 0, history: [], result: null };
}

/**
 * Ja or Nei: shows a result or moves to the next question. Either way the current question
 * goes on the history, so «Tilbake» from a result returns to the question just answered.
 */
export function answer(steps: readonly Step[], state: FinderState, choice: Answer): FinderState {
  const step = steps[state.index];
  if (!step || state.result !== null) return state;
  const branch = step[choice];
  const history = [...state.history, state.index];
  if ('result' in branch) return { index: state.index, history, result: branch.result };
  return { index: branch.next, history, result: null };
}

/** True when «Tilbake» is offered. */
export function canGoBack(state: FinderState): boolean {
  return state.history.length > 0;
}

/** «Tilbake»: the previous question again, with any result cleared. */
export function back(state: FinderState): FinderState {
  const previous = state.history.at(-1);
  if (previous === undefined) return state;
  return { index: previous, history: state.history.slice(0, -1), result: null };
}

/** «Start på nytt». */
export function restart(): FinderState {
  return startState();
}

/**
 * Problems in a set of steps, as [path, message] pairs: a `next` must point forward to a
 * question that exists (so every path ends), and a `result` must name a known result.
 */
export function stepProblems(
  steps: readonly Step[],
  resultKeys: readonly string[],
): Array<{ path: (string | number)[]; message: string; input: unknown }> {
  const problems: Array<{ path: (string | number)[]; message: string; input: unknown }> = [];
  steps.forEach((step, index) => {
    for (const choice of ['yes', 'no'] as const) {
      const branch = step[choice];
      if ('next' in branch) {
        if (branch.next <= index || branch.next >= steps.length) {
          const message =
            index + 1 < steps.length
              ? `Her skal det stå nummeret på et senere spørsmål, ${index + 1 === steps.length - 1 ? index + 1 : `${index + 1} til ${steps.length - 1}`} (det første spørsmålet er 0)`
              : 'Her skal det stå «result:»: ingen spørsmål kommer etter det siste';
          problems.push({ path: [index, choice, 'next'], message, input: branch.next });
        }
      } else if (!resultKeys.includes(branch.result)) {
        problems.push({
          path: [index, choice, 'result'],
          message: `Her skal det stå et av resultatene: ${resultKeys.join(', ')}`,
          input: branch.result,
        });
      }
    }
  });
  return problems;
}
