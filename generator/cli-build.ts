/**
 * The `build` and `check` commands. They are the CLI's heavy half (esbuild, React, sharp, the
 * whole pipeline): cli.ts imports this module only when one of them runs, so `--help` and
 * `--version` never load it.
 */
import path from 'node:path';
import { build, type BuildResult } from './build/build.ts';
import { type Project, sourceFolders } from './config/project-config.ts';
import { type OutputMode, paintMarks, printResult, progressLine } from './cli-output.ts';
import { type ContentError, formatWarnings } from './errors.ts';
import { MemoryPublisher } from './publish/memory-publisher.ts';
import { robotsUnderBase } from './publish/robots-note.ts';
import { discardWriting, openOutput } from './publish/write-output.ts';

/** What the pipeline takes of the project's configuration. */
const names = ({ root, contentDir, siteEntry, defaultTemplate }: Project) => ({
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

/** Warnings are problems too: told even with --quiet, on stderr; `more` are the command's own (robots.txt under --base). */
function warn(mode: OutputMode, result: BuildResult, more: ContentError[] = []): void {
  const warnings = [...result.warnings, ...more];
  if (warnings.length > 0) console.warn(paintMarks(mode, formatWarnings(warnings)));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A small index is told as a visitor downloads it, compressed; a large one by its size and
 * parts (compressing megabytes to print one figure would cost seconds, and a query loads a few parts).
 */
function searchSize(stats: BuildResult['stats']): string {
  if (stats.searchIndexGzip !== undefined) return `${kb(stats.searchIndexGzip)} gzip`;
  return `${(stats.searchIndexBytes / 1024 / 1024).toFixed(1)} MB in ${stats.searchIndexParts} parts`;
}

export function summary(result: BuildResult, outDir: string | undefined, totalMs: number): string {
  const { stats } = result;
  return [
    `${stats.pages} pages${outDir ? ` → ${outDir}` : ''} in ${totalMs.toFixed(0)} ms (now: ${result.now.toISOString()})`,
    `  HTML ${kb(stats.html)} · JS ${kb(stats.js)} · CSS ${kb(stats.css)} · search index ${searchSize(stats)} (${stats.searchDocuments} documents)`,
    `  ${[cacheLine(result), nextChangeLine(result)].filter((part) => part !== '').join(' · ')}`,
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** How many pages were rendered and taken from the page cache, or why it was not read. */
function cacheLine({ cache }: BuildResult): string {
  if (!cache) return '';
  const counted = `${cache.rendered} rendered, ${cache.reused} reused`;
  return cache.notice ? `${counted} (${cache.notice})` : counted;
}

/** `next change: 2026-11-27 18:00 (content/nyheter/…)`, in the site's time zone. */
export function nextChangeLine({ nextChange, site, now }: Pick<BuildResult, 'nextChange' | 'site' | 'now'>): string {
  if (!nextChange) return 'next change: none';
  // A page that shows the build's very instant (instant()) changes at every build.
  if (nextChange.at <= now.getTime() + 1)
    return `next change: every build (${nextChange.reason} shows the build's time)`;
  return `next change: ${wallClock(nextChange.at, site.site.timeZone)} (${nextChange.reason})`;
}

function wallClock(at: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** --verbose: why each page was rendered rather than taken from the cache (the first few dozen). */
function renderReasons({ cache }: BuildResult): string | undefined {
  if (!cache || cache.reasons.length === 0) return undefined;
  const shown = cache.reasons.slice(0, 40).map(({ route, reason }) => `  ${route}: ${reason}`);
  const more = cache.reasons.length - shown.length;
  return ['rendered:', ...shown, ...(more > 0 ? [`  and ${more} more`] : [])].join('\n');
}

export async function runBuild(project: Project, options: BuildCommandOptions, mode: OutputMode): Promise<void> {
  const start = performance.now();
  const cwd = project.root;
  const outDir = path.resolve(cwd, options.out);
  // The folders the configuration names are refused before the build; those of the site's
  // code are known once it is bundled, and the swap checks them too (the same list, grown).
  const cache = cacheOption(cwd, options);
  const sources = [...sourceFolders(project), ...(cache.cacheDir ? [cache.cacheDir] : [])];
  const where = { project: cwd, force: options.force, shown: options.out, sources };
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
  try {
    // Pages are written as they are rendered, into a fresh folder that replaces outDir at the end.
    const output = await openOutput(outDir, where);
    result = await build({
      ...names(project),
      now: options.now,
      base: options.base,
      origin: options.origin,
      workers: options.workers,
      onProgress: progressLine(mode),
      publisher: output,
      ...cache,
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
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    if (exitCode !== undefined) process.exit(exitCode);
  }
  const shown = path.relative(cwd, outDir) || '.';
  const robots = await robotsUnderBase(options.base, outDir, shown);
  warn(mode, result, robots ? [robots] : []);
  printResult(mode, summary(result, shown, performance.now() - start), result.timings);
  const reasons = renderReasons(result);
  if (mode.verbose && !mode.quiet && reasons) console.log(reasons);
}

/** The page cache's folder: --cache-dir, else CLUBSITE_CACHE_DIR, else .clubsite/cache; none with --no-cache. */
function cacheOption(cwd: string, options: BuildCommandOptions): { cacheDir?: string } {
  if (options.cache === false) return {};
  return { cacheDir: path.resolve(cwd, options.cacheDir ?? process.env.CLUBSITE_CACHE_DIR ?? DEFAULT_CACHE_DIR) };
}

export const DEFAULT_CACHE_DIR = '.clubsite/cache';

export async function runCheck(project: Project, options: { now?: string }, mode: OutputMode): Promise<void> {
  const start = performance.now();
  // Every page is rendered and checked, and let go: nothing is written or kept.
  const nowhere = new MemoryPublisher({ keep: false });
  const result = await build({
    ...names(project),
    now: options.now,
    onProgress: progressLine(mode),
    publisher: nowhere,
  });
  warn(mode, result);
  printResult(mode, `✔ content is valid: ${summary(result, undefined, performance.now() - start)}`, result.timings);
}
