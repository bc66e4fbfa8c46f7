/**
 * The `build` and `check` commands. They are the CLI's heavy half (esbuild, React, sharp, the
 * whole pipeline): cli.ts imports this module only when one of them runs, so `--help` and
 * `--version` never load it.
 */
import path from 'node:path';
import { build, type BuildResult } from './build/build.ts';
import { type Project, sourceFolders } from './config/project-config.ts';
import { type OutputMode, paintMarks, printResult, progressLine } from './cli-output.ts';
import { formatWarnings } from './errors.ts';
import { MemoryPublisher } from './publish/memory-publisher.ts';
import { discardWriting, openOutput } from './publish/write-output.ts';

/** What the pipeline takes of the project's configuration. */
const names = ({ root, contentDir, siteEntry, defaultTemplate }: Project) => ({
  root,
  contentDir,
  siteEntry,
  defaultTemplate,
});

export interface BuildCommandOptions {
  /** The output folder as the user named it (default: the project's). */
  out: string;
  force?: boolean;
  now?: string;
  base: string;
  origin?: string;
  workers?: number;
}

/** Warnings are problems too: told even with --quiet, on stderr. */
function warn(mode: OutputMode, result: BuildResult): void {
  if (result.warnings.length > 0) console.warn(paintMarks(mode, formatWarnings(result.warnings)));
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
  ].join('\n');
}

export async function runBuild(project: Project, options: BuildCommandOptions, mode: OutputMode): Promise<void> {
  const start = performance.now();
  const cwd = project.root;
  const outDir = path.resolve(cwd, options.out);
  // The folders the configuration names are refused before the build; those of the site's
  // code are known once it is bundled, and the swap checks them too (the same list, grown).
  const sources = sourceFolders(project);
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
    }).catch(async (error: unknown) => {
      await output.abort();
      throw error;
    });
    sources.push(...sourceFolders(project, [...result.site.inputs, ...result.client.inputs]));
    await output.commit();
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    if (exitCode !== undefined) process.exit(exitCode);
  }
  warn(mode, result);
  printResult(mode, summary(result, path.relative(cwd, outDir) || '.', performance.now() - start), result.timings);
}

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
