/**
 * The `build` and `check` commands. The pipeline is their heavy half (esbuild, React, sharp):
 * it is imported once a build is to run, so `--help`, `--version` and a build that finds
 * nothing changed since the last one (pipeline/last-build.ts) never load it.
 */
import path from 'node:path';
import type { BuildResult } from './pipeline/build.ts';
import { readsAhead } from './pipeline/kept-sources-file.ts';
import { type BuildAsked, type RecordedFigures, recordBuild, unchangedBuild } from './pipeline/last-build.ts';
import { type Project, sourceFolders } from './config/project-config.ts';
import { type OutputMode, paintMarks, printResult, progressLine } from './cli-output.ts';
import { type ContentError, formatWarnings, type Language } from './errors.ts';
import { languageOf } from './messages/say.ts';
import { SUMMARY_WORDS } from './messages/summary-words.ts';
import { resolveNow, wallClockText } from './now.ts';
import { robotsUnderBase } from './publish/robots-note.ts';
import { ContentWalk } from './load/content-walk.ts';
import { cacheFault, isFileSystemError } from './pipeline/cache-fault.ts';
import { takeCacheFault } from './noted-cache-fault.ts';
import { type OwnedCacheFolder, ownCacheFolder } from './pipeline/owned-cache-folder.ts';

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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A small index is told as a visitor downloads it, compressed; a large one by its size and
 * parts (compressing megabytes to print one figure would cost seconds, and a query loads a few parts).
 */
function searchSize(stats: RecordedFigures): string {
  if (stats.searchIndexGzip !== undefined) return `${kb(stats.searchIndexGzip)} gzip`;
  return `${(stats.searchIndexBytes / 1024 / 1024).toFixed(1)} MB in ${stats.searchIndexParts} parts`;
}

/** What the summary tells: a build's figures, what the cache did and when the output next changes. */
interface SummaryFacts {
  language: Language;
  now: Date;
  stats: RecordedFigures;
  cacheText: string;
  nextChange: string;
}

export function summary(result: BuildResult, outDir: string | undefined, totalMs: number): string {
  const facts = {
    language: languageOf(result.site.site.lang),
    now: result.now,
    stats: result.stats,
    cacheText: cacheLine(result),
    nextChange: nextChangeLine(result),
  };
  return summaryOf(facts, outDir, totalMs);
}

function summaryOf(facts: SummaryFacts, outDir: string | undefined, totalMs: number): string {
  const { stats } = facts;
  return [
    SUMMARY_WORDS[facts.language].pages(stats.pages, outDir, totalMs, facts.now.toISOString()),
    `  HTML ${kb(stats.html)} · JS ${kb(stats.js)} · CSS ${kb(stats.css)} · search index ${searchSize(stats)} (${stats.searchDocuments} documents)`,
    `  ${[facts.cacheText, facts.nextChange].filter((part) => part !== '').join(' · ')}`,
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** The figures a summary prints, as plain numbers (a build measures them when asked). */
const figuresOf = ({ stats }: BuildResult): RecordedFigures => ({
  pages: stats.pages,
  html: stats.html,
  js: stats.js,
  css: stats.css,
  searchIndexBytes: stats.searchIndexBytes,
  searchIndexParts: stats.searchIndexParts,
  searchIndexGzip: stats.searchIndexGzip,
  searchDocuments: stats.searchDocuments,
});

/** How many pages were rendered and taken from the page cache, or why it was not read. */
export function cacheLine({ cache }: BuildResult): string {
  if (!cache) return '';
  const counted = `${cache.rendered} rendered, ${cache.reused} reused`;
  return cache.notice ? `${counted} (${cache.notice})` : counted;
}

/** `next change: 2026-11-27 18:00 (content/nyheter/…)`, in the site's time zone. */
export function nextChangeLine({ nextChange, site, now }: Pick<BuildResult, 'nextChange' | 'site' | 'now'>): string {
  return nextChangeText(nextChange, now.getTime(), site.site.timeZone);
}

function nextChangeText(next: { at: number; reason: string } | undefined, now: number, timeZone: string): string {
  if (!next) return 'next change: none';
  // A page that shows the build's very instant (instant()) changes at every build.
  if (next.at <= now + 1) return `next change: every build (${next.reason} shows the build's time)`;
  return `next change: ${wallClockText(next.at, timeZone)} (${next.reason})`;
}

/** --verbose: why each page was rendered rather than taken from the cache (the first few dozen). */
export function renderReasons({ cache }: BuildResult): string | undefined {
  if (!cache || cache.reasons.length === 0) return undefined;
  const shown = cache.reasons.slice(0, 40).map(({ route, reason }) => `  ${route}: ${reason}`);
  const more = cache.reasons.length - shown.length;
  return ['rendered:', ...shown, ...(more > 0 ? [`  and ${more} more`] : [])].join('\n');
}

export async function runBuild(project: Project, options: BuildCommandOptions, mode: OutputMode): Promise<void> {
  const start = performance.now();
  const startedAt = Date.now();
  const cwd = project.root;
  const outDir = path.resolve(cwd, options.out);
  const owned = ownedCache(project, options, outDir);
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
  // No spare folder: the site a swap replaced is never written in place again, so an edit made
  // in the output folder cannot reach a later build's (issue 43).
  const where = { project: cwd, force: options.force, shown: options.out, sources, trash };
  // What earlier builds left to remove goes while this one runs.
  const emptied = trash ? emptyTrash(trash) : Promise.resolve();
  // The remover of the site the swap replaces, started while this process is small; let go unless the swap took it.
  const letRemoverGo = trash ? readyRemover(trash) : () => undefined;
  // A wrong --out is refused before the build, so it costs nothing (and checked again at the swap).
  // Interrupted (Ctrl-C), the half-written folder goes with the process; mid-swap, the swap ends first.
  let exitCode: number | undefined;
  const interrupted = (signal: NodeJS.Signals) => {
    exitCode = signal === 'SIGINT' ? 130 : 143;
    if (discardWriting()) process.exit(exitCode);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
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
      throw error;
    });
    await output.commit();
    // While the site the swap replaced is removed (on a thread), its pages are kept for the next build.
    faults.push(...cacheWrite(cache.cacheDir, options, () => result.keepPages()));
  } finally {
    letRemoverGo();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    if (exitCode !== undefined) process.exit(exitCode);
  }
  const robots = await robotsUnderBase(options.base, outDir, shownOut);
  const warnings = warningsOf(result, robots ? [robots] : []);
  warn(mode, warnings);
  const { cacheDir } = cache;
  if (cacheDir) {
    const built = { startedAt, result, warnings, walk };
    faults.push(...cacheWrite(cacheDir, options, () => recordThis(cacheDir, asked, project, built)));
  }
  const noted = takeCacheFault();
  if (noted !== undefined && cacheDir) faults.push(cacheFault(options.cacheDir ?? DEFAULT_CACHE_DIR, noted));
  // The cache's trouble: one line (the first fault; the rest are its consequences).
  faults.splice(1);
  for (const fault of new Set(faults)) warn(mode, `⚠ ${fault}`);
  if (owned.notice && !mode.quiet) console.log(owned.notice);
  printResult(mode, summary(result, shownOut, performance.now() - start), result.timings);
  const reasons = renderReasons(result);
  if (mode.verbose && !mode.quiet && reasons) console.log(reasons);
  await output.settled();
  await emptied;
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
  const facts: SummaryFacts = {
    language: record.language ?? 'en',
    now,
    stats: record.figures,
    cacheText: `0 rendered, ${record.figures.pages} reused (nothing changed since the build at ${wallClockText(record.builtAt, record.timeZone)}: ${shownOut}/ left as it was)`,
    nextChange: nextChangeText(next, now.getTime(), record.timeZone),
  };
  const ms = performance.now() - start;
  warn(mode, record.warnings);
  printResult(mode, summaryOf(facts, shownOut, ms), [['unchanged', ms]]);
  return true;
}

/** The cache folder of a build, refused (exit 2) or made its own (pipeline/owned-cache-folder.ts); none with --no-cache or a fault. */
function ownedCache(project: Project, options: BuildCommandOptions, outDir: string): OwnedCacheFolder {
  const { cacheDir } = cacheOption(project.root, options);
  if (!cacheDir) return {};
  const shown = options.cacheDir ?? (path.relative(project.root, cacheDir) || cacheDir);
  return ownCacheFolder(cacheDir, { project: project.root, sources: sourceFolders(project), outDir, shown });
}

/** Runs a write into the cache: what the disk refuses is a warning (pipeline/cache-fault.ts), never a failed build. */
function cacheWrite(cacheDir: string | undefined, options: BuildCommandOptions, write: () => void): string[] {
  try {
    write();
    return [];
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    return [cacheFault(options.cacheDir ?? cacheDir ?? DEFAULT_CACHE_DIR, error)];
  }
}

/** The page cache's folder: --cache-dir, else CLUBSITE_CACHE_DIR, else .clubsite/cache; none with --no-cache. */
export function cacheOption(
  cwd: string,
  options: Pick<BuildCommandOptions, 'cache' | 'cacheDir'>,
): { cacheDir?: string } {
  if (options.cache === false) return {};
  return { cacheDir: path.resolve(cwd, options.cacheDir ?? (process.env.CLUBSITE_CACHE_DIR || DEFAULT_CACHE_DIR)) };
}

export const DEFAULT_CACHE_DIR = '.clubsite/cache';

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
