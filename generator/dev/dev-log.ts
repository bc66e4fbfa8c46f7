/**
 * The dev server's terminal lines, in the site's language (messages/dev-words.ts), each rebuild
 * stamped with the time of day on the site's wall clock (now.ts).
 */
import type { Language } from '../errors.ts';
import { DEV_WORDS, type DevWords } from '../messages/dev-words.ts';
import { timeOfDayText } from '../now.ts';
import type { BuildOutcome, DevBuildEvent } from './dev-events.ts';

/** How the terminal speaks: the site's language, and its time zone once a build has read it. */
export interface DevSpeech {
  language: Language;
  timeZone?: string;
}

const ENGLISH: DevSpeech = { language: 'en' };

function what(words: DevWords, files: string[]): string {
  if (files.length === 0) return words.firstBuild;
  if (files.length <= 3) return files.join(', ');
  return words.andMore(files.slice(0, 2), files.length - 2);
}

const head = (speech: DevSpeech, files: string[]) =>
  `${timeOfDayText(Date.now(), speech.timeZone)} ${what(DEV_WORDS[speech.language], files)}`;

/** One line per rebuild: what was saved, what the pages were told, how long it took. */
export function describeOutcome(outcome: BuildOutcome, sent: DevBuildEvent['sent'], speech = ENGLISH): string {
  const words = DEV_WORDS[speech.language];
  const ms = `${outcome.ms.toFixed(0)} ms`;
  const saved = head(speech, outcome.plan.files);
  if (!outcome.ok) return `${saved} → ${words.problems(outcome.problems.length)} (${ms})`;
  const changed = outcome.diff?.changed.length ?? outcome.result.files.size;
  switch (sent) {
    case 'css':
      return `${saved} → ${words.swapped(changed)} (${ms})`;
    case 'clear':
      return `${saved} → ${words.fixed} (${ms})`;
    case 'none':
      return `${saved} → ${words.nothingChanged} (${ms})`;
    default:
      return `${saved} → ${words.reloaded(changed)} (${ms})`;
  }
}

/** A save whose files hold what the last build read: nothing was built. */
export function describeUnchanged(files: string[], speech = ENGLISH): string {
  return `${head(speech, files)} → ${DEV_WORDS[speech.language].savedAsItWas}`;
}

/** The problems as `build` prints them; `served` when there is a last good site to fall back on. */
export function describeProblems(outcome: BuildOutcome, served: boolean, speech = ENGLISH): string {
  if (outcome.ok) return '';
  const blocks = outcome.problems.map((problem) => problem.text).join('\n\n');
  const bug = outcome.bug instanceof Error && outcome.bug.stack ? `\n\n${outcome.bug.stack}` : '';
  const count = outcome.problems.length;
  // In the site's language, as the problems above it (dev-builder.ts).
  const words = outcome.problems[0]?.words;
  const line = words && (served ? (count === 1 ? words.servedOne : words.servedMany) : words.noneServed);
  if (line) return `${blocks}${bug}\n\n${line.replace('{n}', String(count))}`;
  return `${blocks}${bug}\n\n${DEV_WORDS[speech.language].problemsFound(count, served)}`;
}
