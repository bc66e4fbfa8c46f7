/**
 * The `build` and `check` commands. The pipeline is their heavy half (esbuild, React, sharp):
 * it is imported once a build is to run, so `--help`, `--version` and a build that finds
 * nothing changed since the last one (pipeline/last-build.ts) never load it.
 */
import path from 'node:path';
import type { BuildResult } from './pipeline/build.ts';
import { readsAhead } from './pipeline/kept-sources-file.ts';
import { type BuildAsked, recordBuild, unchangedBuild } from './pipeline/last-build.ts';
import { type Project, sourceFolders } from './config/project-config.ts';
import { type OutputMode, paintMarks, printResult, progressLine } from './cli-output.ts';
import { type ContentError, formatWarnings } from './errors.ts';
import { FIGURE_WORDS } from './messages/figure-words.ts';
import { languageOf } from './messages/say.ts';
import { resolveNow, wallClockText } from './now.ts';
import { robotsUnderBase } from './publish/robots-note.ts';
import { ContentWalk } from './load/content-walk.ts';
import { type CacheFault, cacheFault } from './pipeline/cache-fault.ts';
import { cacheFaultWords } from './messages/fault-words.ts';
import { takeCacheFault } from './noted-cache-fault.ts';
import type { OwnedCacheFolder } from './pipeline/owned-cache-folder.ts';
import { cacheWrite, DEFAULT_CACHE_DIR, ownedCache } from './cli-cache-folder.ts';
import { resolveOutFolder } from './publish/out-folder.ts';
import { OutputError } from './publish/output-error.ts';

export { cacheOption, DEFAULT_CACHE_DIR } from './cli-cache-folder.ts';
export { cacheLine, nextChangeLine, renderReasons, summary } from './cli-summary.ts';
import { figuresOf, nextChangeText, renderReasons, type SummaryFacts, summary, summaryOf } from './cli-summary.ts';

/** What the pipeline takes of the project's configuration. */
export const names = ({ root, contentDir, siteEntry, defaultTemplate }: Project) => ({
  root,
  contentDir,
  siteEntry,
  defaultTemplate,
});

export interface BuildCommandOptions {
  /** False with --no-cache: every page is rendered, and the cache is neither read nor written. */
  cache?: boolean;
  cacheDir?: string;
  /** The output folder as the user named it (default: the project's). */
  out: string;
  force?: boolean;
  now?: string;
  base: string;
  origin?: string;
  workers?: number;
}

/** Warnings are problems too: told even with --quiet, on stderr. */
export function warn(mode: OutputMode, warnings: string): void {
  if (warnings !== '') console.warn(paintMarks(mode, warnings));
}

/** A build's warnings in the site's language, with `more` of the command's own (robots.txt under --base); `building` false for check. */
export function warningsOf(result: BuildResult, more: ContentError[] = [], building = true): string {
  const warnings = [...result.warnings, ...more];
  return warnings.length > 0 ? formatWarnings(warnings, languageOf(result.site.site.lang), building) : '';
}

export async function runBuild(project: Project, options: BuildCommandOptions, mode: OutputMode): Promise<void> {
  const start = performance.now();
  const startedAt = Date.now();
  const cwd = project.root;
  const { outDir, owned } = await placesOf(project, options);
  const cache = owned.cacheDir ? { cacheDir: owned.cacheDir } : {};
  const asked: BuildAsked = { ...names(project), outDir, base: options.base, origin: options.origin };
  const shownOut = path.relative(cwd, outDir) || '.';
  // One look at the content folder: whether anything changed, the load's stamps and the record.
  const walk = new ContentWalk(path.resolve(cwd, project.contentDir));
  if (cache.cacheDir && tellUnchanged(cache.cacheDir, asked, { project, options, mode, shownOut, start, walk })) return;
  // What the build reads first is begun now, while the pipeline is imported (pipeline/kept-sources-file.ts).
  const ahead = readsAhead(cache.cacheDir, walk);
  const { build } = await import('./pipeline/build.ts');
  const { discardWriting, openOutput } = await import('./publish/write-output.ts');
  const { emptyTrash, readyRemover } = await import('./publish/trash.ts');
  // The folders the configuration names are refused before the build; those of the site's
  // code are known once it is bundled, and the swap checks them too (the same list, grown).
  const sources = [...sourceFolders(project), ...(cache.cacheDir ? [cache.cacheDir] : [])];
  const trash = cache.cacheDir ? path.join(cache.cacheDir, 'trash') : undefined;
  const where = { project: cwd, force: options.force, shown: options.out, sources, trash };
  // What earlier builds left to remove goes while this one runs.
  const emptied = trash ? emptyTrash(trash) : Promise.resolve();
  // The remover of the site the swap replaces, started while this process is small; let go unless the swap took it.
  const letRemoverGo = trash ? readyRemover(trash) : () => undefined;
  const interrupts = catchInterrupts(discardWriting);
  let result: BuildResult;
  let output: Awaited<ReturnType<typeof openOutput>>;
  const faults = owned.warning ? [owned.warning] : [];
  try {
    // Pages are written as they are rendered, into a fresh folder that replaces outDir at the end.
    output = await openOutput(outDir, where);
    result = await build({
      ...names(project),
      now: options.now,
      base: options.base,
      origin: options.origin,
      workers: options.workers,
      onProgress: progressLine(mode),
      publisher: output,
      ...cache,
      ...ahead,
      keepPagesLater: true,
      // The site's code is known once bundled: an --out holding it is refused before a page is rendered.
      codeBundled: async (files) => {
        sources.push(...sourceFolders(project, files));
        await output.recheck();
      },
    }).catch(async (error: unknown) => {
      await output.abort();
      // Refused once the site's code was known: the cache this build made goes too.
      if (error instanceof OutputError && error.exitCode === 2) owned.unmake?.();
      throw error;
    });
    await output.commit();
    // While the site the swap replaced is removed (on a thread), its pages are kept for the next build.
    faults.push(...cacheWrite(cache.cacheDir, options, () => result.keepPages()));
  } finally {
    letRemoverGo();
    interrupts.release();
  }
  await tell(
    mode,
    { options, project, asked, cacheDir: cache.cacheDir, owned, faults, startedAt, start, shownOut, outDir, walk },
    result,
  );
  await output.settled();
  await emptied;
}

/**
 * The output and cache folders of a build, refused before it costs anything (exit 2): a wrong
 * --out first, as the user named it (a cache inside it would be refused too), then the cache's.
 * The swap checks the output folder again.
 */
async function placesOf(project: Project, options: BuildCommandOptions) {
  const outDir = path.resolve(project.root, options.out);
  const sources = sourceFolders(project);
  await resolveOutFolder(outDir, { project: project.root, force: options.force, shown: options.out, sources });
  return { outDir, owned: ownedCache(project, options, outDir) };
}

/**
 * Interrupted (Ctrl-C, or a TERM), the half-written folder goes with the process; mid-swap, the
 * swap ends first and `release` exits as the signal asked.
 */
function catchInterrupts(discardWriting: () => boolean): { release: () => void } {
  let exitCode: number | undefined;
  const interrupted = (signal: NodeJS.Signals) => {
    exitCode = signal === 'SIGINT' ? 130 : 143;
    if (discardWriting()) process.exit(exitCode);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  return {
    release: () => {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      if (exitCode !== undefined) process.exit(exitCode);
    },
  };
}

/** Records a build that swapped its output in, for the next one to tell whether anything changed (pipeline/last-build.ts). */
function recordThis(
  cacheDir: string,
  asked: BuildAsked,
  project: Project,
  built: { startedAt: number; result: BuildResult; warnings: string; walk: ContentWalk },
): void {
  const { startedAt, result, warnings, walk } = built;
  const finished = {
    startedAt,
    now: result.now,
    until: result.nextChange?.at,
    reason: result.nextChange?.reason,
    timeZone: result.site.site.timeZone,
    codeFiles: result.inputs,
    figures: figuresOf(result),
    warnings,
    language: languageOf(result.site.site.lang),
  };
  recordBuild(cacheDir, asked, project.file, finished, walk);
}

/** What `clubsite build` was asked, as tellUnchanged needs it. */
interface BuildAsking {
  project: Project;
  options: BuildCommandOptions;
  mode: OutputMode;
  shownOut: string;
  start: number;
  walk: ContentWalk;
}

/**
 * When nothing the last build was made from has changed and its output is not due to change
 * yet, says so (its figures, its warnings again) and leaves the output folder as it is.
 */
function tellUnchanged(
  cacheDir: string,
  asked: BuildAsked,
  { project, options, mode, shownOut, start, walk }: BuildAsking,
): boolean {
  const nowOf = (timeZone: string) => resolveNow(options.now, timeZone);
  const unchanged = unchangedBuild(cacheDir, asked, project.file, nowOf, walk);
  if (!unchanged) return false;
  const { record, now } = unchanged;
  const next = record.until === null ? undefined : { at: record.until, reason: record.reason ?? '' };
  const language = record.language ?? 'en';
  const words = FIGURE_WORDS[language];
  const builtAt = wallClockText(record.builtAt, record.timeZone);
  const facts: SummaryFacts = {
    language,
    now,
    timeZone: record.timeZone,
    stats: record.figures,
    cacheText: `${words.cache(0, record.figures.pages)} (${words.unchanged(builtAt, `${shownOut}/`)})`,
    nextChange: nextChangeText(next, now.getTime(), record.timeZone, language),
  };
  const ms = performance.now() - start;
  warn(mode, record.warnings);
  printResult(mode, summaryOf(facts, shownOut, ms), [['unchanged', ms]]);
  return true;
}

/** After the swap: the warnings, the cache's one fault, the build's record for the next build, and the summary. */
async function tell(
  mode: OutputMode,
  built: {
    options: BuildCommandOptions;
    project: Project;
    asked: BuildAsked;
    cacheDir: string | undefined;
    owned: OwnedCacheFolder;
    faults: CacheFault[];
    startedAt: number;
    start: number;
    shownOut: string;
    outDir: string;
    walk: ContentWalk;
  },
  result: BuildResult,
): Promise<void> {
  const { options, project, asked, owned, faults, startedAt, start, shownOut, outDir, walk } = built;
  const robots = await robotsUnderBase(options.base, outDir, shownOut);
  const warnings = warningsOf(result, robots ? [robots] : []);
  warn(mode, warnings);
  const { cacheDir } = built;
  if (cacheDir) {
    const record = { startedAt, result, warnings, walk };
    faults.push(...cacheWrite(cacheDir, options, () => recordThis(cacheDir, asked, project, record)));
  }
  const noted = takeCacheFault();
  if (noted !== undefined && cacheDir) faults.push(cacheFault(options.cacheDir ?? DEFAULT_CACHE_DIR, noted));
  const language = languageOf(result.site.site.lang);
  // The cache's trouble: one line (the first fault; the rest are its consequences).
  const [fault] = faults;
  if (fault) warn(mode, `⚠ ${cacheFaultWords(fault.shown, fault.code, language)}`);
  if (owned.notice && !mode.quiet) console.log(FIGURE_WORDS[language].cacheNotice(owned.notice));
  printResult(mode, summary(result, shownOut, performance.now() - start), result.timings);
  const reasons = renderReasons(result);
  if (mode.verbose && !mode.quiet && reasons) console.log(reasons);
}
