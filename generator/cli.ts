import packageJson from '../package.json' with { type: 'json' };
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { build, type BuildResult } from './build/build.ts';
import { outputMode, paintMarks, progressLine, stageTable, type OutputMode } from './cli-output.ts';
import { BuildFailed, formatErrors, formatWarnings } from './errors.ts';
import { resolveNow } from './now.ts';
import { ServeError } from './serve/listen.ts';
import { OutputError } from './publish/output-error.ts';
import { MemoryPublisher } from './publish/memory-publisher.ts';
import { discardWriting, openOutput } from './publish/write-output.ts';

/** Exit codes: 0 ok, 1 content or build error, 2 usage error. */
export const EXIT = { ok: 0, content: 1, usage: 2 } as const;

function nowOption(value: string): string {
  try {
    resolveNow(value, 'UTC');
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  return value;
}

function baseOption(value: string): string {
  if (!value.startsWith('/')) throw new InvalidArgumentError('The base path starts with / (like / or /klubb/).');
  return value;
}

function portOption(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new InvalidArgumentError('A port is a whole number from 0 to 65535, like 4321.');
  return port;
}

function workersOption(value: string): number {
  if (!/^[1-9]\d{0,2}$/.test(value)) throw new InvalidArgumentError('The number of workers is a whole number from 1.');
  return Number(value);
}

function originOption(value: string): string {
  if (!/^https?:\/\/[^/]+$/.test(value.replace(/\/$/, '')))
    throw new InvalidArgumentError('The origin is a scheme and host, like https://www.example.no.');
  return value;
}

/** One example a command, shown by --help. */
const EXAMPLES = `
Examples:
  clubsite build                           build the site into dist/
  clubsite check --now 2025-12-10T18:00    validate content as on that evening, write nothing
  clubsite dev --open                      serve on http://127.0.0.1:4321/ and rebuild on save
  clubsite preview                         serve dist/ as a static host would (port 4322)
  clubsite schema                          write the editors' JSON Schemas into content/.schemas/
  clubsite build --quiet                   print nothing unless something is wrong
`;

let mode: OutputMode = outputMode({});

/** Prints a result unless --quiet; --verbose adds each stage's time. */
function say(text: string, result?: BuildResult): void {
  if (mode.quiet) return;
  console.log(paintMarks(mode, text));
  if (mode.verbose && result) console.log(stageTable(result.timings));
}

/** Warnings are problems too: told even with --quiet, on stderr. */
function warn(result: BuildResult): void {
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

export function createProgram(cwd: string): Command {
  const { version } = packageJson;
  const program = new Command('clubsite')
    .description('Builds a sports club website from YAML and Markdown into plain HTML.')
    .version(version)
    .option('-q, --quiet', 'print nothing but problems')
    .option('--verbose', 'print the time of every stage')
    .addHelpText('after', EXAMPLES)
    .showHelpAfterError()
    .exitOverride();
  program.hook('preAction', () => {
    mode = outputMode(program.opts<{ quiet?: boolean; verbose?: boolean }>());
  });

  program
    .command('build')
    .description('build the site into a folder of plain HTML')
    .option(
      '--out <dir>',
      'output folder: new, empty, or a previous build (never the project, its sources, / or a home folder)',
      'dist',
    )
    .option('--force', 'replace --out even when it holds files that clubsite did not build')
    .option('--now <iso>', 'the build clock, like 2025-12-10T18:00 (default: CLUBSITE_NOW or the real time)', nowOption)
    .option('--base <path>', 'base path the site is served under', baseOption, '/')
    .option(
      '--origin <url>',
      'site origin for canonical links and the sitemap (default: content/site.yaml)',
      originOption,
    )
    .option(
      '--workers <n>',
      'threads that render pages (1: no worker threads; default: one per core on large sites)',
      workersOption,
    )
    .action(
      async (options: {
        out: string;
        force?: boolean;
        now?: string;
        base: string;
        origin?: string;
        workers?: number;
      }) => {
        const start = performance.now();
        const outDir = path.resolve(cwd, options.out);
        const where = { project: cwd, force: options.force, shown: options.out };
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
            root: cwd,
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
          await output.commit();
        } finally {
          process.off('SIGINT', interrupted);
          process.off('SIGTERM', interrupted);
          if (exitCode !== undefined) process.exit(exitCode);
        }
        warn(result);
        say(summary(result, path.relative(cwd, outDir) || '.', performance.now() - start), result);
      },
    );

  program
    .command('check')
    .description('validate content and links without writing anything')
    .option('--now <iso>', 'the build clock', nowOption)
    .action(async (options: { now?: string }) => {
      const start = performance.now();
      // Every page is rendered and checked, and let go: nothing is written or kept.
      const nowhere = new MemoryPublisher({ keep: false });
      const result = await build({ root: cwd, now: options.now, onProgress: progressLine(mode), publisher: nowhere });
      warn(result);
      say(`✔ content is valid: ${summary(result, undefined, performance.now() - start)}`, result);
    });

  program
    .command('dev')
    .description('build, serve and rebuild on every save; the browser reloads by itself')
    .option('--port <port>', 'port', portOption, 4321)
    .option('--host <host>', 'address to bind (0.0.0.0 to look from a phone on the same network)', '127.0.0.1')
    .option('--now <iso>', 'the build clock (default: CLUBSITE_NOW or the real time, read at every rebuild)', nowOption)
    .option('--base <path>', 'base path the site is served under, as for build', baseOption, '/')
    .option(
      '--origin <url>',
      'site origin for canonical links and the sitemap (default: content/site.yaml)',
      originOption,
    )
    .option('--open', 'open the site in the default browser')
    .action(
      async (options: { port: number; host: string; now?: string; base: string; origin?: string; open?: boolean }) => {
        const { startDevServer } = await import('./dev/dev-server.ts');
        await startDevServer({ root: cwd, ...options });
      },
    );

  program
    .command('preview')
    .description('serve a built folder as a static host would')
    .argument('[dir]', 'the built folder', 'dist')
    .option('--port <port>', 'port', portOption, 4322)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--base <path>', 'base path the folder was built for (as given to build --base)', baseOption, '/')
    .action(async (dir: string, options: { port: number; host: string; base: string }) => {
      const { startPreviewServer } = await import('./serve/preview-server.ts');
      await startPreviewServer({
        dir: path.resolve(cwd, dir),
        port: options.port,
        host: options.host,
        base: options.base,
      });
    });

  program
    .command('schema')
    .description('write JSON Schemas of the content files, for editors (completion and help on hover)')
    .option('--out <dir>', 'folder for the schema files', 'content/.schemas')
    .action(async (options: { out: string }) => {
      const { writeSchemasCommand } = await import('./schema/schema-command.ts');
      say(await writeSchemasCommand(cwd, path.resolve(cwd, options.out)));
    });

  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  try {
    await createProgram(cwd).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof BuildFailed) {
      console.error(paintMarks(outputMode({}, process.env, process.stderr), formatErrors(error.errors)));
      return EXIT.content;
    }
    if (error instanceof OutputError) {
      console.error(`✖ ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof ServeError) {
      console.error(`✖ ${error.message}`);
      return EXIT.usage;
    }
    console.error('clubsite hit a bug (not a problem in your content). Please report it with this trace:');
    console.error(error);
    return EXIT.content;
  }
}
