/**
 * How the CLI talks: colour only on a terminal (NO_COLOR turns it off, FORCE_COLOR on), a
 * progress line for the long stages on a terminal only (piped, the output is just the
 * summary), `--quiet` for nothing but problems and `--verbose` for each stage's time.
 */
export interface OutputMode {
  quiet: boolean;
  verbose: boolean;
  color: boolean;
  progress: boolean;
}

interface Stream {
  isTTY?: boolean;
  write: (text: string) => unknown;
}

export function outputMode(
  options: { quiet?: boolean; verbose?: boolean },
  env: NodeJS.ProcessEnv = process.env,
  stdout: Stream = process.stdout,
  stderr: Stream = process.stderr,
): OutputMode {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  const color = forced || (env.NO_COLOR === undefined || env.NO_COLOR === '' ? stdout.isTTY === true : false);
  return {
    quiet: options.quiet === true,
    verbose: options.verbose === true && options.quiet !== true,
    color,
    progress: options.quiet !== true && stderr.isTTY === true,
  };
}

const CODES = { red: 31, green: 32, dim: 2 } as const;

function paint(mode: OutputMode, text: string, colour: keyof typeof CODES): string {
  return mode.color ? `\x1b[${CODES[colour]}m${text}\x1b[0m` : text;
}

/** Colours the ✖ and ✔ marks of a message. */
export function paintMarks(mode: OutputMode, text: string): string {
  return text.replace(/^✖/gm, paint(mode, '✖', 'red')).replace(/^✔/gm, paint(mode, '✔', 'green'));
}

/** One line on stderr that rewrites itself ("render 12/30"), on a terminal only; cleared when a stage ends. */
export function progressLine(
  mode: OutputMode,
  stderr: Stream = process.stderr,
): (stage: string, done: number, total: number) => void {
  if (!mode.progress) return () => {};
  return (stage, done, total) => {
    stderr.write(`\r\x1b[2K${paint(mode, `${stage} ${done}/${total}`, 'dim')}`);
    if (done === total) stderr.write('\r\x1b[2K');
  };
}

/** Each stage's time, one a line, for --verbose. */
export function stageTable(timings: Array<[string, number]>): string {
  const width = Math.max(...timings.map(([name]) => name.length));
  return timings.map(([name, ms]) => `  ${name.padEnd(width)}  ${ms.toFixed(0).padStart(6)} ms`).join('\n');
}

/** Prints a command's result unless --quiet; --verbose adds each stage's time. */
export function printResult(mode: OutputMode, text: string, timings?: Array<[string, number]>): void {
  if (mode.quiet) return;
  console.log(paintMarks(mode, text));
  if (mode.verbose && timings) console.log(stageTable(timings));
}
