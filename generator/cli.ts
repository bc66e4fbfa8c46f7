import packageJson from '../package.json' with { type: 'json' };
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { BuildCommandOptions } from './cli-build.ts';
import type { NextChangeOptions } from './cli-next-change.ts';
import type { Project } from './config/project-config.ts';
import { outputMode, paintMarks, printResult, type OutputMode } from './cli-output.ts';
import { BuildFailed, ContentError, formatErrors } from './errors.ts';
import { reportToGitHub } from './github-report.ts';
import { resolveNow } from './now.ts';
import { ServeError } from './serve/listen.ts';
import { OutputError } from './publish/output-error.ts';

/** Exit codes: 0 ok, 1 content or build error, 2 usage error. */
const EXIT = { ok: 0, content: 1, usage: 2 } as const;

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
  clubsite new minklubb                    a small working site to start from, in minklubb/
  clubsite build                           build the site into its output folder (dist/ unless clubsite.config.ts names one)
  clubsite check --now 2025-12-10T18:00    validate content as on that evening, write nothing
  clubsite next-change --now 2026-11-27    when the site next changes by itself (a post's time, midnight), and why
  clubsite dev --open                      serve on http://127.0.0.1:4321/ and rebuild on save
  clubsite preview                         serve the built site as a static host would (port 4322)
  clubsite schema                          write the editors' JSON Schemas into the content folder's .schemas/
  clubsite build --quiet                   print nothing unless something is wrong
`;

let mode: OutputMode = outputMode({});
/** The output folder a running build replaces, as the user named it: a failed build says it was left as it was. */
let buildingInto: string | undefined;

/** The project's names (clubsite.config.ts over the defaults), read when a command that needs them runs. */
async function projectAt(cwd: string): Promise<Project> {
  const { readProject } = await import('./config/project-config.ts');
  return readProject(cwd);
}

/**
 * The commands. Each imports its code when it runs (`import()`, which the launcher bundles as a
 * chunk of its own): this module loads commander only, so `--help` and `--version` answer in
 * about the time Node takes to start (tests/bench/startup-bench.ts).
 */
export function createProgram(cwd: string): Command {
  const { version } = packageJson;
  const program = new Command('clubsite')
    .description('Builds a website from YAML and Markdown into plain HTML, with React only where a widget holds state.')
    .version(version)
    .option('-q, --quiet', 'print nothing but problems')
    .option('--verbose', 'print the time of every stage')
    .addHelpText('after', EXAMPLES)
    .showHelpAfterError()
    .exitOverride();
  program.hook('preAction', () => {
    mode = outputMode(program.opts<{ quiet?: boolean; verbose?: boolean }>());
  });
  addBuildCommands(program, cwd);
  addServeCommands(program, cwd);
  addNewCommand(program, cwd);
  return program;
}

/** `build`, `check` and `next-change`: the pipeline (cli-build.ts). */
function addBuildCommands(program: Command, cwd: string): void {
  program
    .command('build')
    .description('build the site into a folder of plain HTML')
    .option(
      '--out <dir>',
      'output folder: new, empty, or a previous build (never the project, its sources, / or a home folder; default: dist, or outDir in clubsite.config.ts)',
    )
    .option('--force', 'replace --out even when it holds files that clubsite did not build')
    .option('--now <iso>', 'the build clock, like 2025-12-10T18:00 (default: CLUBSITE_NOW or the real time)', nowOption)
    .option('--base <path>', 'base path the site is served under', baseOption, '/')
    .option(
      '--origin <url>',
      'site origin for canonical links and the sitemap (default: the origin in the site settings)',
      originOption,
    )
    .option(
      '--workers <n>',
      'threads that render pages (1: no worker threads; default: one per core on large sites)',
      workersOption,
    )
    .option('--cache-dir <dir>', 'the page cache’s folder (default: CLUBSITE_CACHE_DIR or .clubsite/cache)')
    .option(
      '--no-cache',
      'render every page: neither read nor write the page cache (processed photos are still reused)',
    )
    .action(async (options: Omit<BuildCommandOptions, 'out'> & { out?: string }) => {
      const { runBuild } = await import('./cli-build.ts');
      const project = await projectAt(cwd);
      buildingInto = options.out ?? project.outDir;
      await runBuild(project, { ...options, out: buildingInto }, mode);
    });

  program
    .command('check')
    .description('validate content and links without writing anything')
    .option('--now <iso>', 'the build clock', nowOption)
    .action(async (options: { now?: string }) => {
      const { runCheck } = await import('./cli-check.ts');
      await runCheck(await projectAt(cwd), options, mode);
    });

  program
    .command('next-change')
    .description('print when the site next changes by itself, and why, without writing anything')
    .option('--now <iso>', 'the build clock', nowOption)
    .option('--json', 'print what the build writes into .clubsite/next-change.json')
    .option('--cache-dir <dir>', 'the page cache to read (default: CLUBSITE_CACHE_DIR or .clubsite/cache)')
    .option('--no-cache', 'render every page: do not read the page cache')
    .action(async (options: NextChangeOptions) => {
      const { runNextChange } = await import('./cli-next-change.ts');
      await runNextChange(await projectAt(cwd), options, mode);
    });
}

/** `dev`, `preview` and `schema`: the servers, and the editors' schemas. */
function addServeCommands(program: Command, cwd: string): void {
  program
    .command('dev')
    .description('build, serve and rebuild on every save; the browser reloads by itself')
    .option('--port <port>', 'port', portOption, 4321)
    .option('--host <host>', 'address to bind (0.0.0.0 to look from a phone on the same network)', '127.0.0.1')
    .option('--now <iso>', 'the build clock (default: CLUBSITE_NOW or the real time, read at every rebuild)', nowOption)
    .option('--base <path>', 'base path the site is served under, as for build', baseOption, '/')
    .option(
      '--origin <url>',
      'site origin for canonical links and the sitemap (default: the origin in the site settings)',
      originOption,
    )
    .option('--open', 'open the site in the default browser')
    .action(
      async (options: { port: number; host: string; now?: string; base: string; origin?: string; open?: boolean }) => {
        const { startDevServer } = await import('./dev/dev-server.ts');
        const { contentDir, siteEntry, defaultTemplate } = await projectAt(cwd);
        await startDevServer({ root: cwd, contentDir, siteEntry, defaultTemplate, ...options });
      },
    );

  program
    .command('preview')
    .description('serve a built folder as a static host would')
    .argument('[dir]', 'the built folder (default: dist, or outDir in clubsite.config.ts)')
    .option('--port <port>', 'port', portOption, 4322)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--base <path>', 'base path the folder was built for (as given to build --base)', baseOption, '/')
    .action(async (dir: string | undefined, options: { port: number; host: string; base: string }) => {
      const { startPreviewServer } = await import('./serve/preview-server.ts');
      await startPreviewServer({
        dir: path.resolve(cwd, dir ?? (await projectAt(cwd)).outDir),
        port: options.port,
        host: options.host,
        base: options.base,
      });
    });

  program
    .command('schema')
    .description('write JSON Schemas of the content files, for editors (completion and help on hover)')
    .option('--out <dir>', 'folder for the schema files (default: .schemas in the content folder)')
    .action(async (options: { out?: string }) => {
      const { writeSchemasCommand } = await import('./schema/schema-command.ts');
      const { siteEntry, contentDir } = await projectAt(cwd);
      const out = path.resolve(cwd, options.out ?? path.join(contentDir, '.schemas'));
      printResult(
        mode,
        await writeSchemasCommand(cwd, siteEntry, out, path.relative(cwd, path.resolve(cwd, contentDir))),
      );
    });
}

/** `new`: a small working site to start from (starter/new-site.ts). */
function addNewCommand(program: Command, cwd: string): void {
  program
    .command('new')
    .description('write a small working site to start from into a new or empty folder')
    .argument('[dir]', 'the folder for the site', '.')
    .action(async (dir: string) => {
      const { newSite } = await import('./starter/new-site.ts');
      printResult(mode, await newSite(path.resolve(cwd, dir), dir));
    });
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  buildingInto = undefined;
  try {
    await createProgram(cwd).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof BuildFailed) {
      const language = error.language ?? 'en';
      const [only] = error.errors;
      // A content file saved while the build read it: one line (the build stopped; dist/ is as it was).
      if (error.errors.length === 1 && only?.said?.key === 'unreadable-file/changed') {
        const { message, hint } = only.wordedIn(language);
        console.error(`✖ ${only.file}: ${message} ${hint}`);
        return EXIT.content;
      }
      const text = formatErrors(error.errors, buildingInto, language);
      console.error(paintMarks(outputMode({}, process.env, process.stderr), text));
      reportToGitHub(error.errors, process.env, language);
      return EXIT.content;
    }
    // A content file's problem before the site's language is known: the problem, not a bug.
    if (error instanceof ContentError) {
      console.error(formatErrors([error], buildingInto, 'en'));
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
