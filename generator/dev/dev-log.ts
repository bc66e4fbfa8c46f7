import type { BuildOutcome, DevBuildEvent } from './dev-events.ts';

const clock = () => new Date().toTimeString().slice(0, 8);

function what(files: string[]): string {
  if (files.length === 0) return 'first build';
  if (files.length <= 3) return files.join(', ');
  return `${files.slice(0, 2).join(', ')} and ${files.length - 2} more`;
}

/** One line per rebuild: what was saved, what the pages were told, how long it took. */
export function describeOutcome(outcome: BuildOutcome, sent: DevBuildEvent['sent']): string {
  const ms = `${outcome.ms.toFixed(0)} ms`;
  const head = `${clock()} ${what(outcome.plan.files)}`;
  if (!outcome.ok) {
    const count = outcome.problems.length;
    return `${head} → ✖ ${count} problem${count === 1 ? '' : 's'} (${ms})`;
  }
  const changed = outcome.diff?.changed.length ?? outcome.result.files.size;
  const files = `${changed} file${changed === 1 ? '' : 's'} changed`;
  switch (sent) {
    case 'css':
      return `${head} → stylesheet swapped, ${files} (${ms})`;
    case 'clear':
      return `${head} → ✔ fixed, nothing else changed (${ms})`;
    case 'none':
      return `${head} → nothing changed (${ms})`;
    default:
      return `${head} → pages reloaded, ${files} (${ms})`;
  }
}

/** A save whose files hold what the last build read: nothing was built. */
export function describeUnchanged(files: string[]): string {
  return `${clock()} ${what(files)} → saved as it was, nothing to build`;
}

/** The problems as `build` prints them; `served` when there is a last good site to fall back on. */
export function describeProblems(outcome: BuildOutcome, served: boolean): string {
  if (outcome.ok) return '';
  const blocks = outcome.problems.map((problem) => problem.text).join('\n\n');
  const bug = outcome.bug instanceof Error && outcome.bug.stack ? `\n\n${outcome.bug.stack}` : '';
  const count = outcome.problems.length;
  // In the site's language, as the problems above it (dev-builder.ts).
  const words = outcome.problems[0]?.words;
  const line = words && (served ? (count === 1 ? words.servedOne : words.servedMany) : words.noneServed);
  if (line) return `${blocks}${bug}\n\n${line.replace('{n}', String(count))}`;
  return `${blocks}${bug}\n\n${count} problem${count === 1 ? '' : 's'} found; ${served ? 'the last good site is still served' : 'nothing to serve until they are fixed'}. Save a fix and the page reloads.`;
}
