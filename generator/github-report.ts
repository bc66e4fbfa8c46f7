/**
 * A content problem where a volunteer sees it on github.com, without a terminal: run by a
 * GitHub workflow (GITHUB_ACTIONS=true), `build` and `check` also print each problem as a
 * workflow command (`::error file=…,line=…,col=…::`, an annotation on the commit and on the
 * run's page, at the file's line) and write the problems into the job's summary
 * ($GITHUB_STEP_SUMMARY). The text is the build's own (errors.ts), as the terminal shows it.
 */
import { appendFileSync } from 'node:fs';
import { type ContentError, formatErrorIn, type Language } from './errors.ts';
import { SUMMARY_WORDS } from './messages/summary-words.ts';

/** GitHub's escaping of a workflow command's message, and of a property's value. */
const message = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string) => message(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One problem as a workflow command: an annotation at its file and line. */
function errorCommand(error: ContentError, language: Language = 'en'): string {
  const where = [`file=${property(error.file)}`];
  if (error.line !== undefined) where.push(`line=${error.line}`);
  if (error.column !== undefined) where.push(`col=${error.column}`);
  where.push(`title=${property(`${error.field ?? error.file} [${error.code}]`)}`);
  const worded = error.wordedIn(language);
  return `::error ${where.join(',')}::${message(`${worded.message}\n${SUMMARY_WORDS[language].hint}: ${worded.hint}`)}`;
}

/** The job summary: every problem, and that the live site stays as it was. */
function problemsSummary(errors: readonly ContentError[], language: Language = 'en'): string {
  const words = SUMMARY_WORDS[language];
  const blocks = errors.map((error) => `\`\`\`text\n${formatErrorIn(error, language)}\n\`\`\``).join('\n\n');
  return `### ✖ ${words.refused(errors.length)}\n\n${words.liveSiteKept}\n\n${blocks}\n`;
}

/** Tells GitHub of the problems, when a workflow runs this. */
export function reportToGitHub(
  errors: readonly ContentError[],
  env: NodeJS.ProcessEnv = process.env,
  language: Language = 'en',
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const error of errors) console.log(errorCommand(error, language));
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, problemsSummary(errors, language));
}
