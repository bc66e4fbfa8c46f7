/** The `check` command: every page rendered and checked, nothing written or kept. */
import { names, summary, warn, warningsOf } from './cli-build.ts';
import { type OutputMode, printResult, progressLine } from './cli-output.ts';
import type { Project } from './config/project-config.ts';
import { languageOf } from './messages/say.ts';
import { SUMMARY_WORDS } from './messages/summary-words.ts';

export async function runCheck(project: Project, options: { now?: string }, mode: OutputMode): Promise<void> {
  const start = performance.now();
  const { build } = await import('./pipeline/build.ts');
  const { MemoryPublisher } = await import('./publish/memory-publisher.ts');
  // Every page is rendered and checked, and let go: nothing is written or kept.
  const nowhere = new MemoryPublisher({ keep: false });
  const result = await build({
    ...names(project),
    now: options.now,
    onProgress: progressLine(mode),
    publisher: nowhere,
  });
  warn(mode, warningsOf(result, [], false));
  const valid = SUMMARY_WORDS[languageOf(result.site.site.lang)].valid;
  printResult(mode, `✔ ${valid}: ${summary(result, undefined, performance.now() - start)}`, result.timings);
}
